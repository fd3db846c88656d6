import type { BridgeEndpoint } from './endpoint';
import type { CurrentSession } from './current-session';
import type { OpenSession } from './open-session';
import { BridgeError } from '../../src-shared/contract/wire';
import type { TaskActionResult, TaskMethods } from '../../src-shared/contract/task-methods';
import type { McpServerConnection } from '../core/mcp/client/connection';
import { cancelRecordedTask, resumeTask, type RecordedTaskCall } from '../core/mcp/client/task-control';

type Handlers = { [M in keyof TaskMethods]: (...args: TaskMethods[M]['args']) => Promise<TaskMethods[M]['result']> };

/** What these methods need of a session's MCP servers (McpManager satisfies it). */
interface TaskServers {
  connection?(id: string): McpServerConnection | undefined;
  ensureStarted?(id: string): Promise<void>;
}

/** The recorded task call `callId` of the open session; BridgeError when there is none to act on. */
function taskCall(open: OpenSession, callId: string): RecordedTaskCall {
  const call = open.callIndex.byId.get(callId);
  if (!call) throw new BridgeError('NOT_FOUND', `No call ${callId} in this session.`);
  if (!call.task) throw new BridgeError('FAILED', `Call ${callId} does not run as an MCP task.`);
  if (call.result) throw new BridgeError('FAILED', `Call ${callId} has ended already.`);
  return { callId, tool: call.tool, startedAt: call.startedAt, task: call.task };
}

/** The connected server of a task (started first if it starts on first use). */
async function serverOf(open: OpenSession, server: string): Promise<McpServerConnection> {
  const mcp = open.core.mcp as TaskServers | undefined;
  await mcp?.ensureStarted?.(server);
  const conn = mcp?.connection?.(server);
  const client = conn?.sdkClient;
  if (!conn || !client || conn.status !== 'connected') throw new BridgeError('FAILED', `MCP server '${server}' is not connected: connect it in the MCP pane, then try again.`);
  return conn;
}

/**
 * The `tasks.*` handlers over the open session: Cancel on a task call's card (the live call
 * follows it to its end; a recorded one no run follows gets `tasks/cancel` here), and taking up a
 * task whose run ended without it. What happens is recorded on the session's bus.
 */
export function taskHandlers(current: CurrentSession): Handlers {
  return {
    'tasks.cancel': async (callId): Promise<TaskActionResult> => {
      const open = current.require();
      const call = taskCall(open, callId);
      const conn = await serverOf(open, call.task.server);
      if (conn.router.tasks.cancel(callId)) return { task: call.task, ended: false };
      if (open.core.running && conn.router.running.has(callId)) throw new BridgeError('BUSY', `Call ${callId} is still starting its task; try again in a moment.`);
      return cancelRecordedTask(conn.sdkClient!, call, conn.timeoutMs, (e) => open.core.bus.emit(e));
    },
    'tasks.resume': async (callId): Promise<TaskActionResult> => {
      const open = current.require();
      const call = taskCall(open, callId);
      const conn = await serverOf(open, call.task.server);
      if (conn.router.tasks.taskOf(callId)) return { task: call.task, ended: false };
      return resumeTask(conn.sdkClient!, call, conn.timeoutMs, (e) => open.core.bus.emit(e));
    },
  };
}

/** Registers the `tasks.*` handlers on a host; returns the unregister function. */
export function registerTaskMethods(host: BridgeEndpoint, current: CurrentSession): () => void {
  const handlers = taskHandlers(current);
  return host.registerAll({
    'tasks.cancel': async (callId) => {
      await current.ready;
      return handlers['tasks.cancel'](callId);
    },
    'tasks.resume': async (callId) => {
      await current.ready;
      return handlers['tasks.resume'](callId);
    },
  });
}
