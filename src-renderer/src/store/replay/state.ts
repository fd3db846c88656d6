import type { RecordedToolCall, ReplayOutcome } from '../../../../src-shared/contract/replay';

/** Which recorded call the replay pane works on. */
export interface ReplayTarget {
  callId: string;
  /** A saved session other than the live one (from the timeline). */
  sessionId?: string;
}

/** The replay slice: the call being replayed, its arguments as edited, and the outcome. */
export interface ReplayState {
  /** Set by the Replay buttons on cards, in the inspector and in the timeline. */
  replayTarget: ReplayTarget | null;
  replayCall: RecordedToolCall | null;
  /** The tool's input schema; null when the tool is not available now. */
  replaySchema: Record<string, unknown> | null;
  /** The arguments' JSON text as the editor holds it (the Run button reads it too). */
  replayArgsText: string;
  /** Schema problems the editor reports; Run waits until there are none. */
  replayProblems: string[];
  /** Bumped to give the editor fresh text (a new call, "Reset args"): the editor is keyed by it. */
  replayEditorKey: number;
  replayError: string | null;
  replayRunning: boolean;
  replayOutcome: ReplayOutcome | null;
}

/** Nothing chosen. */
export function initialReplayState(): ReplayState {
  return {
    replayTarget: null,
    replayCall: null,
    replaySchema: null,
    replayArgsText: '',
    replayProblems: [],
    replayEditorKey: 0,
    replayError: null,
    replayRunning: false,
    replayOutcome: null,
  };
}
