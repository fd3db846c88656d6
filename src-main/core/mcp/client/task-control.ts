import { specTypeSchemas, type CallToolResult, type Client } from '@modelcontextprotocol/client';
import type { EventInput } from '../../../../src-shared/events/event-types';
import { isFinalTaskStatus, type McpTaskState } from '../../../../src-shared/events/mcp-task';
import { errorResult, toResultRecord, type ToolResult } from '../../../../src-shared/events/tool-result';
import { mcpResultToToolResult } from '../common/content';
import { parseWireTask } from './task-board';
import { DEFAULT_TASK_POLL_MS, MAX_TASK_POLL_MS, MIN_TASK_POLL_MS } from './task-call';

/** A recorded call whose task Glassbox takes up again (its run ended without the result: a restart). */
export interface RecordedTaskCall {
  callId: string;
  tool: string;
  /** When the call started (ms since epoch): its duration is counted from there. */
  startedAt: number;
  task: McpTaskState;
}

/** Where the follow-up goes: the session's bus (recorded in its file like every event). */
export type EmitEvent = (event: EventInput) => void;

/** What taking a task up again did. */
export interface TaskFollowUp {
  /** The task as the server has it now (with `lost` when the server no longer knows it). */
  task: McpTaskState;
  /** True when the call now has its end (result, cancellation or loss recorded). */
  ended: boolean;
}

/** Calls taken up again in this process, so a second click does not start a second follower. */
const following = new Set<string>();

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function record(call: RecordedTaskCall, task: McpTaskState, emit: EmitEvent): McpTaskState {
  emit({ type: 'tool_execution_update', callId: call.callId, kind: 'task', task, ...(task.statusMessage ? { message: task.statusMessage } : {}) });
  return task;
}

function end(call: RecordedTaskCall, result: ToolResult, emit: EmitEvent): void {
  emit({ type: 'tool_execution_end', callId: call.callId, tool: call.tool, result: toResultRecord(result), durationMs: Math.max(0, Date.now() - call.startedAt) });
}

async function getTask(client: Client, call: RecordedTaskCall, timeout: number): Promise<McpTaskState> {
  const got = await client.request({ method: 'tasks/get', params: { taskId: call.task.taskId } }, specTypeSchemas.GetTaskResult, { timeout });
  const wire = parseWireTask(got);
  if (!wire) throw new Error('the server answered tasks/get with something that is not a task');
  return { ...wire, server: call.task.server };
}

/** Records the end of a task that reached a final status: its result (`tasks/result`), or its cancellation. */
async function finish(client: Client, call: RecordedTaskCall, task: McpTaskState, timeout: number, emit: EmitEvent): Promise<void> {
  if (task.status === 'cancelled') {
    end(call, errorResult(`cancelled: task ${task.taskId} of ${call.tool} on MCP server '${task.server}' was cancelled`), emit);
    return;
  }
  try {
    const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, specTypeSchemas.CallToolResult, { timeout });
    end(call, mcpResultToToolResult(result as CallToolResult), emit);
  } catch (err) {
    end(call, errorResult(`MCP server '${task.server}' did not give the result of task ${task.taskId}: ${errText(err)}`), emit);
  }
}

function lose(call: RecordedTaskCall, why: string, emit: EmitEvent): TaskFollowUp {
  const task = record(call, { ...call.task, lost: why }, emit);
  end(call, errorResult(`MCP server '${call.task.server}' no longer knows task ${call.task.taskId} of ${call.tool} (${why}); its result is lost`), emit);
  return { task, ended: true };
}

/**
 * Takes up a task whose call never ended in its session (Glassbox stopped while it ran): asks
 * the server (`tasks/get`); a final task gets its result fetched and recorded as the call's end;
 * a running one is followed in the background until it is final, then the same. A server that no
 * longer knows the task (a stdio server restarted with Glassbox, an expired time to live) ends the
 * call with an error saying so.
 */
export async function resumeTask(client: Client, call: RecordedTaskCall, timeout: number, emit: EmitEvent): Promise<TaskFollowUp> {
  let task: McpTaskState;
  try {
    task = record(call, await getTask(client, call, timeout), emit);
  } catch (err) {
    return lose(call, `tasks/get failed: ${errText(err)}`, emit);
  }
  if (isFinalTaskStatus(task.status)) {
    await finish(client, call, task, timeout, emit);
    return { task, ended: true };
  }
  if (!following.has(call.callId)) {
    following.add(call.callId);
    void follow(client, { ...call, task }, timeout, emit).finally(() => following.delete(call.callId));
  }
  return { task, ended: false };
}

async function follow(client: Client, call: RecordedTaskCall, timeout: number, emit: EmitEvent): Promise<void> {
  let last = call.task;
  for (;;) {
    await new Promise((r) => setTimeout(r, Math.min(MAX_TASK_POLL_MS, Math.max(MIN_TASK_POLL_MS, last.pollInterval ?? DEFAULT_TASK_POLL_MS))));
    let now: McpTaskState;
    try {
      now = await getTask(client, call, timeout);
    } catch (err) {
      lose({ ...call, task: last }, `tasks/get failed: ${errText(err)}`, emit);
      return;
    }
    if (now.status !== last.status || now.statusMessage !== last.statusMessage) record(call, now, emit);
    last = now;
    if (isFinalTaskStatus(now.status)) return finish(client, call, now, timeout, emit);
  }
}

/**
 * Cancels a recorded task no run is following any more (`tasks/cancel`), and ends its call. A
 * server that refuses (the task is already final, or unknown) is reported, and the task is taken
 * up as `resumeTask` does.
 */
export async function cancelRecordedTask(client: Client, call: RecordedTaskCall, timeout: number, emit: EmitEvent): Promise<TaskFollowUp> {
  try {
    const answered = await client.request({ method: 'tasks/cancel', params: { taskId: call.task.taskId } }, specTypeSchemas.CancelTaskResult, { timeout });
    const task = record(call, { ...(parseWireTask(answered) ?? { ...call.task, status: 'cancelled' as const }), server: call.task.server }, emit);
    end(call, errorResult(`cancelled: task ${task.taskId} of ${call.tool} on MCP server '${task.server}' was cancelled from the window`), emit);
    return { task, ended: true };
  } catch {
    return resumeTask(client, call, timeout, emit);
  }
}
