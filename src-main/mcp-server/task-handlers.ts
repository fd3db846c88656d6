import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type JSONRPCRequest, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { McpServeHub } from './serve-hub';
import type { ServedTask } from './served-tasks';

/** The tools `mcp serve` runs as tasks when a client asks (long shell and Python runs). */
export const TASK_TOOLS: ReadonlySet<string> = new Set(['bash', 'python_execute']);

/** `capabilities.tasks` of a 2025-11-25 connection: task-augmented `tools/call`, list and cancel. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } } as const;

/** The `task` field of a task-augmented request (`{ ttl? }`), when there is one. */
export function taskParams(params: unknown): { ttl?: unknown } | undefined {
  const t = (params as { task?: unknown } | undefined)?.task;
  return t && typeof t === 'object' && !Array.isArray(t) ? (t as { ttl?: unknown }) : undefined;
}

const TaskIdParams = z.object({ taskId: z.string().min(1).max(200), _meta: z.record(z.string(), z.unknown()).optional() });
const ListParams = z.object({ cursor: z.string().optional(), _meta: z.record(z.string(), z.unknown()).optional() }).optional();

/**
 * The SDK's low-level `Server`, letting a task-augmented `tools/call` answer with a task.
 * The SDK v2 keeps the 2025-11-25 task vocabulary on the wire but has no task runtime, and its
 * `tools/call` wrapper checks every answer against the call-result schema (which a
 * `CreateTaskResult` is not); a call that carries `task` skips that one check, and only then.
 */
export class TaskAwareServer extends Server {
  protected override _wrapHandler(method: string, handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Record<string, unknown>>) {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return (request: JSONRPCRequest, ctx: ServerContext) => (taskParams(request.params) ? handler(request, ctx) : wrapped(request, ctx));
  }
}

/**
 * `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` for one 2025-era connection,
 * over the hub's task store (tasks are the connection's own).
 */
export function registerTaskHandlers(server: Server, hub: McpServeHub): void {
  const tasks = hub.tasks;
  server.setRequestHandler('tasks/get', { params: TaskIdParams }, async (p) => ({ ...tasks.get(server, p.taskId) }));
  server.setRequestHandler('tasks/result', { params: TaskIdParams }, async (p, ctx) => tasks.result(server, p.taskId, ctx.mcpReq.signal));
  server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async (p) => ({ ...tasks.cancel(server, p.taskId) }));
  server.setRequestHandler('tasks/list', { params: ListParams }, async () => ({ tasks: tasks.list(server) }));
}

/**
 * Runs a task-augmented `tools/call` of a task tool as a task: answers `{ task }` at once; the
 * call goes on through `run` (the session's runner, with the task's signal) and its status is
 * sent to the connection as `notifications/tasks/status`.
 */
export function startToolTask(server: Server, hub: McpServeHub, callId: string, tool: string, requestedTtl: unknown, run: (signal: AbortSignal) => Promise<CallToolResult>): { task: ServedTask } {
  if (!TASK_TOOLS.has(tool)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The tool '${tool}' does not run as a task (only ${[...TASK_TOOLS].join(', ')})`);
  const notify = (task: ServedTask): void => {
    // The 2025-11-25 notification; the SDK's typed surface leaves task methods out.
    server.notification({ method: 'notifications/tasks/status', params: { ...task } } as unknown as Parameters<Server['notification']>[0]).catch(() => undefined);
  };
  const task = hub.tasks.start(server, callId, requestedTtl, notify, run);
  return { task };
}
