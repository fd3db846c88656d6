import type { TimeSpan } from '../../../../src-shared/read-models/time-axis';
import { buildTimeline, filterTimeline, type TimelineCategory } from './model';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { pairTimesOf, timelineSelectors } from './selectors';
import { initialTimelineState, type TimelinePairRequest } from './state';
import { pairTime, sideOfLane } from '../../../../src-shared/read-models/pair-axis';

const timelineView = timelineSelectors.view;

/** The timeline slice's actions. Nothing is re-executed: a timeline only reads the session file. */
export interface TimelineActions {
  /** While the pane is open: lists the saved sessions. The unsubscribe forgets the timeline shown. */
  watchTimeline(): () => void;
  /** Lists the saved sessions again. */
  refreshTimelineSessions(): Promise<void>;
  /** Opens a recorded session's timeline at its last entry. */
  loadTimeline(sessionId: string): Promise<void>;
  /** Shows two sessions on one time axis in the Timeline pane (opening the pane): from the compare view. */
  openTimelinePair(request: TimelinePairRequest): void;
  /**
   * Two sessions on one time axis (A's lanes above B's); the entries and the scrubber are B's, at
   * `focusSeq` (else where B's own run begins, else its last entry).
   */
  loadTimelinePair(request: TimelinePairRequest): Promise<void>;
  /** On a pair axis: the entries and the scrubber follow this one of the two sessions. */
  scrubTimelineSession(sessionId: string): Promise<void>;
  setTimelinePos(pos: number): void;
  toggleTimelineCategory(c: TimelineCategory): void;
  /**
   * Opens the timeline's session (when it is not the current one), waits until its call is
   * known, and selects it in the inspector. False (with the error shown) when that failed.
   */
  showTimelineCallInChat(callId: string): Promise<boolean>;
  /**
   * A bar of the time axis was clicked: the scrubber moves to its moment, and its call's card and
   * inspector (or its model turn in the inspector) open, in the timeline's session.
   */
  showTimelineSpan(span: TimeSpan): Promise<void>;
}

/** Resolves after the next frame has been rendered (at once where nothing renders frames). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.hidden) resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Builds the timeline slice's actions. */
export const timelineActions: SliceActions<TimelineActions> = (set, get, bridge) => {
  // Answers for a pane that closed meanwhile are dropped.
  let opened = 0;
  // And answers for a session opened before the last one asked for (the pane opens the current
  // session by itself; Open with another one must win whichever answers last).
  let loads = 0;
  /**
   * The entries of a session, with the scrubber on the entry of `focusSeq` (the first at or
   * after it), else the last one at or before `atTime` on the axis, else the last entry.
   */
  const loadEntries = async (sessionId: string, stale: () => boolean, focusSeq?: number, atTime?: number | null): Promise<void> => {
    const s = await bridge().timeline.load(sessionId);
    if (stale()) return;
    const t = buildTimeline(s.events);
    let pos = t.length - 1;
    if (focusSeq !== undefined) {
      const i = t.findIndex((e) => e.seq >= focusSeq);
      if (i >= 0) pos = i;
    } else if (atTime !== undefined && atTime !== null) {
      const times = pairTimesOf(get(), s.id);
      let i = -1;
      for (let k = 0; k < t.length && (times ? pairTime(times, t[k]!.seq, t[k]!.ts) : t[k]!.ts) <= atTime; k++) i = k;
      if (i >= 0) pos = i;
    }
    // The scrubber's position is among the filtered entries.
    const visible = filterTimeline(t, get().timelineShown);
    const entry = t[Math.max(0, pos)];
    const vpos = entry ? Math.max(0, visible.findIndex((e) => e.index >= entry.index)) : 0;
    set({ timelineEntries: t, timelineLoaded: s.id, timelinePos: focusSeq !== undefined || (atTime !== undefined && atTime !== null) ? vpos : Math.max(0, visible.length - 1) });
  };
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
      const mine = ++loads;
      const stale = (): boolean => token !== opened || mine !== loads;
      set({ timelineError: null });
      try {
        // The axis (built on the host, small) paints first; the entries follow with the events,
        // asked for once the axis is on screen: their answer is every event of the session, and
        // taking it in would otherwise hold up the axis' first frame.
        const api = bridge();
        set({ timelineAxis: null, timelineSelectedSpan: null, timelinePair: null });
        await api.timeline.axis(sessionId).then(
          (timelineAxis) => !stale() && set({ timelineAxis }),
          () => undefined, // the entries' load reports what went wrong
        );
        await afterNextFrame();
        if (stale()) return;
        await loadEntries(sessionId, stale);
      } catch (err) {
        if (!stale()) set({ timelineError: errorText(err) });
      }
    },
    openTimelinePair: (request) => {
      set({ timelinePairRequest: request });
      get().setRightTab('timeline');
    },
    loadTimelinePair: async ({ a, b, focusSeq }) => {
      const token = opened;
      const mine = ++loads;
      const stale = (): boolean => token !== opened || mine !== loads;
      set({ timelineError: null, timelinePairRequest: null, timelineAxis: null, timelineSelectedSpan: null });
      try {
        const pair = await bridge().timeline.pairAxis(a, b);
        if (stale()) return;
        set({ timelineAxis: pair.axis, timelinePair: { a: pair.a, b: pair.b } });
        await afterNextFrame();
        if (stale()) return;
        await loadEntries(b, stale, focusSeq ?? pair.b.ownFromSeq);
      } catch (err) {
        if (!stale()) set({ timelineError: errorText(err) });
      }
    },
    scrubTimelineSession: async (sessionId) => {
      const token = opened;
      if (get().timelineLoaded === sessionId) return;
      // The scrubber keeps its moment: the other session's entry at or before it.
      const at = timelineSelectors.cursorTs(get());
      try {
        await loadEntries(sessionId, () => token !== opened, undefined, at);
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
    showTimelineSpan: async (span) => {
      // On a pair axis the bar's lane says whose it is: the entries follow that session first.
      const pair = get().timelinePair;
      const side = pair ? sideOfLane(span.lane) : null;
      if (pair && side) await get().scrubTimelineSession(side === 'A' ? pair.a.id : pair.b.id);
      set({ timelineSelectedSpan: span.callId ?? span.turnKey ?? null });
      // The scrubber follows: the entry of that call, else the last entry at or before the bar's end.
      const { visible } = timelineView(get());
      const times = pairTimesOf(get(), get().timelineLoaded);
      let at = span.callId ? visible.findIndex((e) => e.callId === span.callId) : -1;
      if (at < 0) for (let i = 0; i < visible.length && (times ? pairTime(times, visible[i]!.seq, visible[i]!.ts) : visible[i]!.ts) <= span.end; i++) at = i;
      if (at >= 0) set({ timelinePos: at });
      if (span.callId) {
        if (await get().showTimelineCallInChat(span.callId)) get().revealCall(span.callId);
        return;
      }
      const loaded = get().timelineLoaded;
      if (!span.turnKey || !loaded) return;
      try {
        if (loaded !== get().sessionId) await bridge().sessions.open(loaded);
        for (let i = 0; i < 50 && !get().turns.some((t) => t.key === span.turnKey); i++) await new Promise((r) => setTimeout(r, 100));
        get().inspectTurn(span.turnKey);
      } catch (err) {
        set({ timelineError: errorText(err) });
      }
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
