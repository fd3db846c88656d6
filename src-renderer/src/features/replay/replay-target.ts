import { createStore } from 'zustand/vanilla';

/** Which recorded call the replay pane works on. */
export interface ReplayTarget {
  callId: string;
  /** A saved session other than the live one (from the timeline). */
  sessionId?: string;
}

/**
 * The replay pane's target, set by the Replay buttons on cards, in the inspector and in the
 * timeline. A small store of its own, so opening a replay never touches the shell's store.
 */
export const replayTarget = createStore<{ target: ReplayTarget | null; set(t: ReplayTarget | null): void }>()((set) => ({
  target: null,
  set: (target) => set({ target }),
}));
