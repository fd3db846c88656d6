import type { GlassboxEvent } from '../events/event-types';
import { buildTimeAxis, type TimeAxis, type TimeLane, type TimeSpan } from './time-axis';

/**
 * How one session's recorded times map onto a pair axis: elapsed time from the session's start,
 * with the gap closed where the file goes on with another session's events. A fork's file begins
 * with its parent's events (their `session` is the parent's) and its own run was made later —
 * minutes or days — so its own events are moved to follow the copied ones at once: parent and
 * fork line up to the fork point and part there.
 */
export interface PairTimes {
  /** The session's id. */
  id: string;
  /** `A` or `B`: the lanes' prefix. */
  side: 'A' | 'B';
  /** From this seq on (ascending), subtract `shift` from a recorded ts. */
  segments: { fromSeq: number; shift: number }[];
  /** The seq where the session's own events begin after copied ones (a fork's first own event); absent when it has none copied. */
  ownFromSeq?: number;
}

/** Two sessions on one time axis: the lanes of A, then those of B (ids `A:<lane>`, `B:<lane>`), times in ms from 0. */
export interface PairAxis {
  axis: TimeAxis;
  a: PairTimes;
  b: PairTimes;
}

/** The lane id of a pair axis for a side and a lane of its session. */
function pairLane(side: 'A' | 'B', lane: string): string {
  return `${side}:${lane}`;
}

/** Which side a lane of a pair axis belongs to (null: not a pair lane). */
export function sideOfLane(lane: string): 'A' | 'B' | null {
  return lane.startsWith('A:') ? 'A' : lane.startsWith('B:') ? 'B' : null;
}

/** Where a recorded event of the session falls on the pair axis. Pure. */
export function pairTime(times: PairTimes, seq: number, ts: number): number {
  let shift = times.segments[0]?.shift ?? 0;
  for (const s of times.segments) {
    if (s.fromSeq > seq) break;
    shift = s.shift;
  }
  return ts - shift;
}

/**
 * The session's events with their times on the pair axis: from 0 at its first event, each run of
 * events made by another session than the one before (copied history, then the fork's own)
 * moved to start where the one before ended.
 */
function retimed(id: string, side: 'A' | 'B', events: readonly GlassboxEvent[]): { events: GlassboxEvent[]; times: PairTimes } {
  const segments: PairTimes['segments'] = [];
  const out: GlassboxEvent[] = new Array(events.length);
  let shift = events[0]?.ts ?? 0;
  let prevSession: string | undefined;
  let prevTs = 0;
  let ownFromSeq: number | undefined;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (i === 0) segments.push({ fromSeq: e.seq, shift });
    else if (e.session !== prevSession) {
      // A new writer: its first event follows the last one of the writer before.
      shift = e.ts - prevTs;
      segments.push({ fromSeq: e.seq, shift });
      if (e.session === id && ownFromSeq === undefined) ownFromSeq = e.seq;
    }
    const t = e.ts - shift;
    out[i] = { ...e, ts: t };
    prevSession = e.session;
    prevTs = t;
  }
  return { events: out, times: { id, side, segments, ...(ownFromSeq !== undefined ? { ownFromSeq } : {}) } };
}

/**
 * Two sessions — a parent and its fork, or two runs of the same task — on one time axis: each
 * session's lanes (model turns, tools, waits …) under an `A ·` or `B ·` label, both counted from
 * their own start, a fork's own run following its copied history at once (see PairTimes). Bars
 * keep their call ids and model turn keys; their lane says whose they are. Pure.
 */
export function buildPairAxis(a: { id: string; events: readonly GlassboxEvent[] }, b: { id: string; events: readonly GlassboxEvent[] }): PairAxis {
  const ra = retimed(a.id, 'A', a.events);
  const rb = retimed(b.id, 'B', b.events);
  const axA = buildTimeAxis(ra.events);
  const axB = buildTimeAxis(rb.events);
  const lanes: TimeLane[] = [];
  const spans: TimeSpan[] = [];
  for (const [side, ax] of [['A', axA], ['B', axB]] as const) {
    for (const l of ax.lanes) lanes.push({ id: pairLane(side, l.id), label: `${side} · ${l.label}`, rows: l.rows });
    for (const s of ax.spans) spans.push({ ...s, lane: pairLane(side, s.lane) });
  }
  spans.sort((x, y) => x.start - y.start || x.end - y.end);
  const end = Math.max(1, a.events.length ? axA.end : 0, b.events.length ? axB.end : 0);
  return { axis: { lanes, spans, start: 0, end }, a: ra.times, b: rb.times };
}
