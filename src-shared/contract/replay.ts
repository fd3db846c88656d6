/**
 * Replay's and the timeline's data shapes: recorded calls, a replay request and its outcome,
 * a recorded session's events. Pure types: core's replay engine and the renderer use them alike.
 */
import { z } from 'zod';
import type { GlassboxEvent } from '../events/event-types';
import type { ToolResultRecord } from '../events/tool-result';

/** One tool call as a session file recorded it. */
export interface RecordedToolCall {
  callId: string;
  tool: string;
  args: unknown;
  source?: string;
  /** Null when the run died before the call ended. */
  result: ToolResultRecord | null;
}

/** The outcome of re-running one recorded call. */
export interface ReplayOutcome {
  /** The id of the new call; it is recorded with `replayOf`. */
  callId: string;
  replayOf: string;
  tool: string;
  args: unknown;
  equal: boolean;
  /** Unified diff of recorded → new result text ('' when equal). */
  diff: string;
  recorded: ToolResultRecord | null;
  result: ToolResultRecord;
}

/**
 * A request to replay one call (`replay.run`): `args` are edited arguments (the recorded ones
 * when absent; checked against the tool's own schema by the host), `sessionId` a recorded
 * session other than the live one (absent: the live session).
 */
export const ReplayRequestSchema = z.object({
  callId: z.string().min(1),
  args: z.unknown().optional(),
  sessionId: z.string().min(1).optional(),
});
/** A request to replay one call. */
export type ReplayRequest = z.infer<typeof ReplayRequestSchema>;

/** A recorded session's events, for the timeline. */
export interface RecordedSession {
  id: string;
  events: GlassboxEvent[];
  /** Lines skipped as unreadable (a torn last line). */
  skipped: number;
}
