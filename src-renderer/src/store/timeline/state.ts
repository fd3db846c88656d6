import type { SessionSummary } from '../../../../src-shared/contract/views';
import type { TimeAxis } from '../../../../src-shared/read-models/time-axis';
import type { PairTimes } from '../../../../src-shared/read-models/pair-axis';
import { TIMELINE_CATEGORIES, type TimelineCategory, type TimelineEntry } from './model';

/** The timeline slice: a recorded session as entries, the filter and the scrub position. */
export interface TimelineState {
  /** The saved sessions to choose from. */
  timelineSessions: SessionSummary[];
  timelineEntries: TimelineEntry[];
  /** The id of the session shown; null before one is opened. */
  timelineLoaded: string | null;
  timelineShown: ReadonlySet<TimelineCategory>;
  /** Position in the filtered entries (clamped when read). */
  timelinePos: number;
  timelineError: string | null;
  /** The same session on a time axis (lanes and bars); null before one is opened. */
  timelineAxis: TimeAxis | null;
  /** The bar last clicked (its callId or model turn key), outlined on the axis. */
  timelineSelectedSpan: string | null;
  /**
   * Two sessions on the axis (lanes `A:…` and `B:…`): how each one's recorded times map onto it.
   * The entries and the scrubber are those of one of them (`timelineLoaded`). Null: one session.
   */
  timelinePair: { a: PairTimes; b: PairTimes } | null;
  /** Two sessions to show as soon as the pane is open (the compare view asked); consumed by the pane. */
  timelinePairRequest: TimelinePairRequest | null;
}

/** Two sessions for the timeline, and the entry of B to put the scrubber on (its first divergence). */
export interface TimelinePairRequest {
  a: string;
  b: string;
  focusSeq?: number;
}

/** Nothing opened; every category shown. */
export function initialTimelineState(): TimelineState {
  return { timelineSessions: [], timelineEntries: [], timelineLoaded: null, timelineShown: new Set(TIMELINE_CATEGORIES), timelinePos: 0, timelineError: null, timelineAxis: null, timelineSelectedSpan: null, timelinePair: null, timelinePairRequest: null };
}
