import { specTypeSchemas } from '@modelcontextprotocol/client';
import type { McpTaskState } from '../../../../src-shared/events/mcp-task';
import type { McpCallSignal } from './call-signal';

/** The task fields of a `tasks/get` answer or a `notifications/tasks/status`, as the protocol has them. */
export type WireTask = Omit<McpTaskState, 'server' | 'lost'>;

/** A wire task checked with the SDK's own schema (`Task`); undefined when it is not one. */
export function parseWireTask(value: unknown): WireTask | undefined {
  const checked = specTypeSchemas.Task['~standard'].validate(value);
  if (checked instanceof Promise || checked.issues) return undefined;
  const t = checked.value as WireTask;
  const out: WireTask = { taskId: t.taskId, status: t.status };
  if (typeof t.statusMessage === 'string') out.statusMessage = t.statusMessage;
  if (typeof t.ttl === 'number' || t.ttl === null) out.ttl = t.ttl;
  if (typeof t.createdAt === 'string') out.createdAt = t.createdAt;
  if (typeof t.lastUpdatedAt === 'string') out.lastUpdatedAt = t.lastUpdatedAt;
  if (typeof t.pollInterval === 'number') out.pollInterval = t.pollInterval;
  return out;
}

interface Followed {
  callId: string;
  /** Aborts the call (the window's Cancel). */
  cancel: McpCallSignal;
  /** Told of every status notification for the task. */
  onStatus(task: WireTask): void;
}

/**
 * The tasks one server is running for Glassbox's calls right now, by task id: where the
 * server's `notifications/tasks/status` go (the call router hands them over before the SDK
 * sees them) and what the window's Cancel aborts.
 */
export class McpTaskBoard {
  private readonly byTask = new Map<string, Followed>();
  private readonly byCall = new Map<string, string>();

  /** Follows task `taskId` of call `callId` until the returned function is called. */
  follow(taskId: string, entry: Followed): () => void {
    this.byTask.set(taskId, entry);
    this.byCall.set(entry.callId, taskId);
    return () => {
      if (this.byTask.get(taskId) === entry) this.byTask.delete(taskId);
      if (this.byCall.get(entry.callId) === taskId) this.byCall.delete(entry.callId);
    };
  }

  /** A `notifications/tasks/status` arrived: tells the call following that task; returns its callId. */
  statusArrived(params: unknown): string | undefined {
    const task = parseWireTask(params);
    if (!task) return undefined;
    const f = this.byTask.get(task.taskId);
    f?.onStatus(task);
    return f?.callId;
  }

  /** The task id call `callId` is following, if it runs as a task here. */
  taskOf(callId: string): string | undefined {
    return this.byCall.get(callId);
  }

  /** Cancels call `callId` (its task gets `tasks/cancel`); false when no task of that call runs here. */
  cancel(callId: string): boolean {
    const taskId = this.byCall.get(callId);
    const f = taskId ? this.byTask.get(taskId) : undefined;
    if (!f) return false;
    f.cancel.abort(new DOMException('The user cancelled the task', 'AbortError'));
    return true;
  }
}
