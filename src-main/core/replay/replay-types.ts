/** Replay's data shapes. Pure types: the bridge contract (and so the renderer) uses them too. */
import type { ToolResultRecord } from '../tools/tool-result';

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
