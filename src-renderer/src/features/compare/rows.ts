import type { SessionDiff, StepPair } from '../../../../src-shared/read-models/session-diff';

/** A row of the compare view: one aligned step, or a fold of consecutive steps that are the same. */
export type CompareRow = { kind: 'same'; from: number; to: number } | { kind: 'step'; pair: StepPair };

/** The rows of a diff: runs of same steps folded (a fork shares its parent's steps up to the fork point). Pure. */
export function compareRows(diff: SessionDiff): CompareRow[] {
  const rows: CompareRow[] = [];
  let run: { from: number; to: number } | null = null;
  for (const p of diff.steps) {
    if (p.status === 'same') {
      if (run) run.to = p.index;
      else run = { from: p.index, to: p.index };
      continue;
    }
    if (run) rows.push({ kind: 'same', ...run });
    run = null;
    rows.push({ kind: 'step', pair: p });
  }
  if (run) rows.push({ kind: 'same', ...run });
  return rows;
}

/** One bar of a lane of the compare timeline: a step's place on the shared axis (0–1) and how it compares. */
export interface LaneBar {
  index: number;
  start: number;
  width: number;
  status: StepPair['status'];
}

/**
 * Both sessions' steps on one time axis: each lane's time counts from its own first step, so two
 * runs of the same task line up; the axis spans the longer one. Pure.
 */
export function timelineLanes(diff: SessionDiff): { left: LaneBar[]; right: LaneBar[]; spanMs: number } {
  const lane = (side: 'left' | 'right'): { bars: { index: number; s: number; e: number; status: StepPair['status'] }[]; span: number } => {
    const steps = diff.steps.filter((p) => p[side]);
    const t0 = steps[0]?.[side]?.startTs ?? 0;
    const bars = steps.map((p) => ({ index: p.index, s: p[side]!.startTs - t0, e: Math.max(p[side]!.endTs, p[side]!.startTs) - t0, status: p.status }));
    return { bars, span: bars.reduce((m, b) => Math.max(m, b.e), 0) };
  };
  const l = lane('left');
  const r = lane('right');
  const spanMs = Math.max(1, l.span, r.span);
  const place = (b: { index: number; s: number; e: number; status: StepPair['status'] }): LaneBar => ({ index: b.index, start: b.s / spanMs, width: Math.max((b.e - b.s) / spanMs, 0.002), status: b.status });
  return { left: l.bars.map(place), right: r.bars.map(place), spanMs };
}
