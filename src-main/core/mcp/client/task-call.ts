import { specTypeSchemas, type CallToolResult, type Client, type Tool as RemoteTool } from '@modelcontextprotocol/client';
import { isFinalTaskStatus, type McpTaskState } from '../../../../src-shared/events/mcp-task';
import type { McpCallSignal } from './call-signal';
import { parseWireTask, type McpTaskBoard, type WireTask } from './task-board';

/** How often Glassbox asks `tasks/get` when the server suggests nothing (status notifications come in between). */
export const DEFAULT_TASK_POLL_MS = 1000;
/** The fastest Glassbox polls, whatever the server suggests: each poll is a request on the wire. */
export const MIN_TASK_POLL_MS = 250;
/** The slowest: a server that never notifies is still asked this often. */
export const MAX_TASK_POLL_MS = 10_000;

/**
 * Whether a call of `tool` runs as a task: only on a 2025-11-25 connection whose server
 * declares task-augmented `tools/call` (`capabilities.tasks.requests.tools.call`), and only for
 * a tool that says `execution.taskSupport` is `required` or `optional` (optional: Glassbox
 * prefers the task, so the call can be followed and cancelled). Tasks do not exist in the
 * 2026-07-28 protocol.
 */
export function runsAsTask(client: Client, tool: RemoteTool | undefined): boolean {
  if (client.getProtocolEra() === 'modern') return false;
  const support = (tool as { execution?: { taskSupport?: unknown } } | undefined)?.execution?.taskSupport;
  if (support !== 'required' && support !== 'optional') return false;
  const caps = client.getServerCapabilities() as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined;
  return !!caps?.tasks?.requests?.tools?.call;
}

/** What a task call needs besides the request. */
export interface TaskCallOptions {
  server: string;
  /** The call's cancel handle (the run's cancel and the window's Cancel both abort it). */
  cancel: McpCallSignal;
  /** Per-request timeout (each of `tools/call`, `tasks/get`, `tasks/result`, `tasks/cancel`). */
  timeoutMs: number;
  callId: string;
  board: McpTaskBoard;
  /** Told of the task's state whenever it changes. */
  onState(state: McpTaskState): void;
  /** The SDK's progress callback: asking for progress makes the SDK send a progressToken. */
  onprogress(): void;
}

/** The outcome of a task call: the tool's result, or how it ended without one. */
export type TaskCallOutcome =
  | { kind: 'result'; result: CallToolResult; task: McpTaskState }
  | { kind: 'cancelled'; task: McpTaskState }
  | { kind: 'lost'; task: McpTaskState; why: string };

function sameState(a: McpTaskState | undefined, b: McpTaskState): boolean {
  return !!a && a.status === b.status && a.statusMessage === b.statusMessage && a.ttl === b.ttl && a.lost === b.lost;
}

/** A promise that settles after `ms`, on `wake()`, or when the call is cancelled. */
function pause(ms: number, cancel: McpCallSignal): { done: Promise<void>; wake(): void } {
  let wake: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish(): void {
      clearTimeout(timer);
      cancel.removeEventListener('abort', finish);
      resolve();
    }
    wake = finish;
    cancel.addEventListener('abort', finish);
  });
  return { done, wake: () => wake() };
}

/**
 * Calls a tool as an MCP task (2025-11-25): `tools/call` with `task`, which the server answers
 * with a task at once; then follows it — status notifications as they come, `tasks/get` every
 * `pollInterval` (bounded) — reporting each change, and on a final status fetches the result
 * with `tasks/result` (a failed task's result is the tool's error). `input_required` also goes
 * to `tasks/result`, where the server delivers its questions (elicitation) and then the result.
 * Cancelling the call sends `tasks/cancel`. Progress notifications keep flowing for the whole
 * task under the first request's token (the call router routes them). Protocol errors throw.
 */
export async function callToolAsTask(client: Client, params: { name: string; arguments: Record<string, unknown>; _meta: Record<string, unknown> }, o: TaskCallOptions): Promise<TaskCallOutcome> {
  const created = await client.request(
    { method: 'tools/call', params: { ...params, task: {} } },
    specTypeSchemas.CreateTaskResult,
    { signal: o.cancel.asAbortSignal(), timeout: o.timeoutMs, onprogress: o.onprogress },
  );
  const taskId = created.task.taskId;
  let last: McpTaskState | undefined;
  const report = (t: WireTask | McpTaskState, lost?: string): McpTaskState => {
    const state: McpTaskState = { ...t, server: o.server, ...(lost ? { lost } : {}) };
    if (!lost) delete state.lost;
    if (!sameState(last, state)) o.onState(state);
    last = state;
    return state;
  };
  let current = report(parseWireTask(created.task) ?? { taskId, status: 'working' });
  let nap: { done: Promise<void>; wake(): void } | undefined;
  const unfollow = o.board.follow(taskId, {
    callId: o.callId,
    cancel: o.cancel,
    onStatus: (t) => {
      current = report(t);
      nap?.wake();
    },
  });
  // Never abort the follow-up requests with the call's own signal: a cancelled call still asks
  // the server to cancel its task.
  const request = { timeout: o.timeoutMs };
  try {
    for (;;) {
      if (o.cancel.aborted) {
        try {
          const answered = await client.request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult, request);
          current = report(parseWireTask(answered) ?? { ...current, status: 'cancelled' });
        } catch {
          // Already final, or unknown to the server: the call is cancelled all the same.
          current = report({ ...current, status: 'cancelled' });
        }
        return { kind: 'cancelled', task: current };
      }
      if (current.status === 'cancelled') return { kind: 'cancelled', task: current };
      if (isFinalTaskStatus(current.status) || current.status === 'input_required') {
        const result = await client.request({ method: 'tasks/result', params: { taskId } }, specTypeSchemas.CallToolResult, request);
        // tasks/result blocks until the task is final: its status may not have been seen yet.
        if (!isFinalTaskStatus(current.status)) {
          const seen = await client.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, request).catch(() => undefined);
          current = report(parseWireTask(seen) ?? { ...current, status: result.isError ? 'failed' : 'completed' });
        }
        return { kind: 'result', result: result as CallToolResult, task: current };
      }
      const wait = Math.min(MAX_TASK_POLL_MS, Math.max(MIN_TASK_POLL_MS, current.pollInterval ?? DEFAULT_TASK_POLL_MS));
      nap = pause(wait, o.cancel);
      await nap.done;
      nap = undefined;
      if (o.cancel.aborted || isFinalTaskStatus(current.status)) continue;
      try {
        const got = await client.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, request);
        current = report(parseWireTask(got) ?? current);
      } catch (err) {
        if (o.cancel.aborted) continue;
        const why = err instanceof Error ? err.message : String(err);
        return { kind: 'lost', why, task: report(current, `tasks/get failed: ${why}`) };
      }
    }
  } finally {
    unfollow();
  }
}
