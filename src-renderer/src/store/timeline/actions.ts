import { buildTimeline, type TimelineCategory } from '../../features/timeline/timeline-model';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { initialTimelineState } from './state';

/** The timeline slice's actions. Nothing is re-executed: a timeline only reads the session file. */
export interface TimelineActions {
  /** While the pane is open: lists the saved sessions. The unsubscribe forgets the timeline shown. */
  watchTimeline(): () => void;
  /** Lists the saved sessions again. */
  refreshTimelineSessions(): Promise<void>;
  /** Opens a recorded session's timeline at its last entry. */
  loadTimeline(sessionId: string): Promise<void>;
  setTimelinePos(pos: number): void;
  toggleTimelineCategory(c: TimelineCategory): void;
  /**
   * Opens the timeline's session (when it is not the current one), waits until its call is
   * known, and selects it in the inspector. False (with the error shown) when that failed.
   */
  showTimelineCallInChat(callId: string): Promise<boolean>;
}

/** Builds the timeline slice's actions. */
export const timelineActions: SliceActions<TimelineActions> = (set, get, bridge) => {
  // Answers for a pane that closed meanwhile are dropped.
  let opened = 0;
  return {
    watchTimeline: () => {
      const token = ++opened;
      bridge().sessions.list().then(
        (timelineSessions) => token === opened && set({ timelineSessions }),
        (err: unknown) => token === opened && set({ timelineError: errorText(err) }),
      );
      return () => {
        if (token !== opened) return;
        opened++;
        set(initialTimelineState());
      };
    },
    refreshTimelineSessions: async () => {
      set({ timelineSessions: await bridge().sessions.list() });
    },
    loadTimeline: async (sessionId) => {
      const token = opened;
      set({ timelineError: null });
      try {
        const s = await bridge().timeline.load(sessionId);
        if (token !== opened) return;
        const t = buildTimeline(s.events);
        set({ timelineEntries: t, timelineLoaded: s.id, timelinePos: Math.max(0, t.length - 1) });
      } catch (err) {
        if (token === opened) set({ timelineError: errorText(err) });
      }
    },
    setTimelinePos: (timelinePos) => set({ timelinePos }),
    toggleTimelineCategory: (c) => {
      const next = new Set(get().timelineShown);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      set({ timelineShown: next });
    },
    showTimelineCallInChat: async (callId) => {
      const loaded = get().timelineLoaded;
      if (!loaded) return false;
      try {
        if (loaded !== get().sessionId) await bridge().sessions.open(loaded);
        // The snapshot of the opened session arrives as an event; wait until the call is known.
        for (let i = 0; i < 50 && !get().calls.byId.get(callId); i++) await new Promise((r) => setTimeout(r, 100));
        get().inspectCall(callId);
        return true;
      } catch (err) {
        set({ timelineError: errorText(err) });
        return false;
      }
    },
  };
};
