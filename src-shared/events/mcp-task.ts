/**
 * A tool call that runs as an MCP task (MCP 2025-11-25 "tasks"): the server answered the
 * `tools/call` with a task id and works on; Glassbox follows it (`tasks/get`, status
 * notifications) and fetches its result (`tasks/result`). Pure types, shared by core, the
 * bridge and the renderer.
 */

/** A task's status, as the protocol names it. `completed`, `failed` and `cancelled` are final. */
export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The final statuses: the task will not change again. */
export const FINAL_TASK_STATUSES: readonly McpTaskStatus[] = ['completed', 'failed', 'cancelled'];

/** Whether a status is final. */
export function isFinalTaskStatus(status: McpTaskStatus): boolean {
  return FINAL_TASK_STATUSES.includes(status);
}

/** What is known of one task, as last seen (recorded in the session file on every change). */
export interface McpTaskState {
  /** The server's id in the config. */
  server: string;
  /** The server's id for the task (what `tasks/get`, `tasks/result` and `tasks/cancel` name). */
  taskId: string;
  status: McpTaskStatus;
  /** The server's words for where the task is ("step 3 of 10"). */
  statusMessage?: string;
  /** How long the server keeps the task after it was created, in ms (null: no limit; absent: not said). */
  ttl?: number | null;
  /** When the server created the task (ISO 8601, the server's clock). */
  createdAt?: string;
  /** When the server last changed it (ISO 8601). */
  lastUpdatedAt?: string;
  /** How often the server suggests polling, in ms. */
  pollInterval?: number;
  /**
   * Set by Glassbox, not the server: why Glassbox stopped following the task (the server no longer
   * knows it, the connection is gone) — the task's real state is then unknown.
   */
  lost?: string;
}
