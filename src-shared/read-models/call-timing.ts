/**
 * A tool call's two times: how long the tool itself ran, and how long it waited for the user's
 * approval. `tool_execution_end` records both (`durationMs` the run time, `waitMs` the wait when
 * an approval was asked). Files written before `waitMs` existed counted the wait inside
 * `durationMs`; there the wait is taken from the approval's own events (asked → answered) and
 * subtracted, so old files show run times too.
 */
export interface CallTiming {
  /** The tool's own run time (ms), without any approval wait. */
  durationMs: number;
  /** How long the call waited for an approval decision (ms); absent when none was asked. */
  waitMs?: number;
}

/** When the call's approval was asked and answered (event timestamps), as far as known. */
export interface ApprovalTimes {
  askedAt?: number;
  answeredAt?: number;
}

/** The run time and wait of a call from its end event (and, for older files, its approval's times). */
export function callTiming(end: { durationMs: number; waitMs?: number }, approval?: ApprovalTimes): CallTiming {
  if (end.waitMs !== undefined) return { durationMs: end.durationMs, waitMs: end.waitMs };
  if (approval?.askedAt !== undefined && approval.answeredAt !== undefined) {
    const waitMs = Math.max(0, approval.answeredAt - approval.askedAt);
    return { durationMs: Math.max(0, end.durationMs - waitMs), waitMs };
  }
  return { durationMs: end.durationMs };
}
