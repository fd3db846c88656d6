import { clampPosition, countsUpTo, filterTimeline, type TimelineCategory, type TimelineEntry } from './model';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';
import { pairTime, type PairTimes } from '../../../../src-shared/read-models/pair-axis';

/** The entries that pass the filter, the clamped position among them, and the entry there. */
export interface TimelineShown {
  visible: TimelineEntry[];
  pos: number;
  current: TimelineEntry | undefined;
}

/** What the scrubber shows of the filtered entries. Pure. */
export function timelineShown(visible: TimelineEntry[], pos: number): TimelineShown {
  const p = clampPosition(pos, visible.length);
  return { visible, pos: p, current: visible[p] };
}

// Filtering runs when the entries or the filter change, not per scrub step.
const visible = memoLast((entries: TimelineEntry[], shown: ReadonlySet<TimelineCategory>) => filterTimeline(entries, shown));
const shownAt = memoLast(timelineShown);
const view = (s: AppStoreState): TimelineShown => shownAt(visible(s.timelineEntries, s.timelineShown), s.timelinePos);
const counts = memoLast((entries: TimelineEntry[], current: TimelineEntry | undefined) => (current ? countsUpTo(entries, current.index) : null));

/** What the timeline pane shows. */
export const timelineSelectors = {
  sessions: (s: AppStoreState) => s.timelineSessions,
  loaded: (s: AppStoreState) => s.timelineLoaded,
  shownCategories: (s: AppStoreState) => s.timelineShown,
  error: (s: AppStoreState) => s.timelineError,
  view,
  /** How many of each kind happened up to the current entry. */
  counts: (s: AppStoreState) => counts(s.timelineEntries, view(s).current),
  axis: (s: AppStoreState) => s.timelineAxis,
  /** The scrubber's moment on the time axis (null: nothing opened); on a pair axis, where its entry falls there. */
  cursorTs: (s: AppStoreState) => {
    const current = view(s).current;
    if (!current) return null;
    const times = pairTimesOf(s, s.timelineLoaded);
    return times ? pairTime(times, current.seq, current.ts) : current.ts;
  },
  /** The two sessions on the axis, or null. */
  pair: (s: AppStoreState) => s.timelinePair,
  pairRequest: (s: AppStoreState) => s.timelinePairRequest,
  selectedSpan: (s: AppStoreState) => s.timelineSelectedSpan,
};

/** How a session's times map onto the pair axis shown (null: no pair, or not one of its two). */
export function pairTimesOf(s: AppStoreState, id: string | null): PairTimes | null {
  const pair = s.timelinePair;
  if (!pair || !id) return null;
  return pair.b.id === id ? pair.b : pair.a.id === id ? pair.a : null;
}
