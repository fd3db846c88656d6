import type { McpTaskState } from '../../../../src-shared/events/mcp-task';

/**
 * When the server will forget a task (ms since epoch): its creation plus its time to live. The
 * creation is the server's `createdAt` when it parses, else when Glassbox first saw the task.
 * Null: kept without limit; undefined: the server said nothing.
 */
export function taskExpiry(task: McpTaskState, seenAt: number | undefined): number | null | undefined {
  if (task.ttl === null) return null;
  if (task.ttl === undefined) return undefined;
  const created = task.createdAt ? Date.parse(task.createdAt) : NaN;
  const start = Number.isFinite(created) ? created : seenAt;
  return start === undefined ? undefined : start + task.ttl;
}

/** "1 h 02 m", "4 m 05 s", "12 s", "expired" for a span in ms. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'expired';
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} m ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} m`;
}

/** The words the card shows for a task's status. */
export const TASK_STATUS_LABEL: Record<McpTaskState['status'], string> = {
  working: 'working',
  input_required: 'needs input',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};
