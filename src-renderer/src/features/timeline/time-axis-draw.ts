import type { TimeAxis, TimeSpan } from '../../../../src-shared/read-models/time-axis';

/** Height of one row of a lane, and the ruler's height, in CSS pixels. */
export const ROW_H = 16;
export const RULER_H = 18;

/** The colours the axis is drawn in (read from the page's CSS variables, so dark mode follows). */
export interface AxisColors {
  fg: string;
  muted: string;
  grid: string;
  accent: string;
  ok: string;
  error: string;
  warn: string;
  bg: string;
}

const buffers = new Map<string, Float64Array>();
/** A reused buffer of at least `n` numbers. */
function scratch(n: number, name: string): Float64Array {
  let b = buffers.get(name);
  if (!b || b.length < n) buffers.set(name, (b = new Float64Array(Math.max(16, n))));
  return b;
}

const rowBases = new WeakMap<TimeAxis, { base: Map<string, number>; total: number }>();
/** Each lane's first row number, counting rows across lanes (once per axis). */
function laneRowBase(axis: TimeAxis): { base: Map<string, number>; total: number } {
  let r = rowBases.get(axis);
  if (r) return r;
  const base = new Map<string, number>();
  let total = 0;
  for (const l of axis.lanes) {
    base.set(l.id, total);
    total += l.rows;
  }
  rowBases.set(axis, (r = { base, total }));
  return r;
}

/** Where each lane's first row sits (y of its top, below the ruler). */
export function laneTops(axis: TimeAxis): Map<string, number> {
  const tops = new Map<string, number>();
  let y = RULER_H;
  for (const l of axis.lanes) {
    tops.set(l.id, y);
    y += l.rows * ROW_H + 4;
  }
  return tops;
}

/** The axis' drawn height. */
export function axisHeight(axis: TimeAxis): number {
  return RULER_H + axis.lanes.reduce((n, l) => n + l.rows * ROW_H + 4, 0) + 2;
}

function fill(s: TimeSpan, c: AxisColors): string {
  if (s.kind === 'approval' || s.kind === 'question') return c.warn;
  if (s.status === 'error' || s.status === 'unfinished') return c.error;
  if (s.status === 'blocked' || s.status === 'denied') return c.warn;
  if (s.kind === 'model') return c.accent;
  return c.ok;
}

/** A tick step (ms) that gives about one label per 90 px. */
function tickStep(msPerPx: number): number {
  const want = msPerPx * 90;
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 86_400_000];
  return steps.find((s) => s >= want) ?? 86_400_000;
}

function tickLabel(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} m${ms % 60_000 ? ` ${Math.round((ms % 60_000) / 1000)} s` : ''}`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/**
 * Draws the visible window [t0, t1] of the axis: ruler, lanes, bars (model turns with their
 * streaming part, calls by status, waits), the critical path as a line under its bars and the
 * scrubber's cursor. Bars narrower than a pixel that fall on a pixel already drawn are skipped,
 * so a frame costs what is on screen, not the session. Returns how many bars were drawn.
 */
export function drawAxis(
  ctx: CanvasRenderingContext2D,
  axis: TimeAxis,
  view: { t0: number; t1: number; width: number; height: number },
  colors: AxisColors,
  cursor: number | null,
  selected: string | null,
): number {
  const { t0, t1, width, height } = view;
  const pxPerMs = width / Math.max(1, t1 - t0);
  const x = (t: number): number => (t - t0) * pxPerMs;
  ctx.clearRect(0, 0, width, height);
  // Ruler and grid.
  const step = tickStep(1 / pxPerMs);
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colors.muted;
  ctx.strokeStyle = colors.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let t = Math.ceil((t0 - axis.start) / step) * step; axis.start + t <= t1; t += step) {
    const gx = Math.round(x(axis.start + t)) + 0.5;
    ctx.moveTo(gx, RULER_H - 4);
    ctx.lineTo(gx, height);
    ctx.fillText(tickLabel(t), gx + 3, RULER_H / 2);
  }
  ctx.stroke();
  const tops = laneTops(axis);
  // Lane separators.
  ctx.beginPath();
  for (const [, top] of tops) {
    ctx.moveTo(0, top - 2.5);
    ctx.lineTo(width, top - 2.5);
  }
  ctx.stroke();
  // Bars. No allocation per bar (a zoom draws every frame): rows are numbered, the critical
  // path's segments go into a reused buffer.
  const rowBase = laneRowBase(axis);
  const drawnTo = scratch(rowBase.total, 'drawn');
  drawnTo.fill(-1);
  const crit = scratch(axis.spans.length * 3, 'crit');
  let nCrit = 0;
  let drawn = 0;
  let lastFill = '';
  for (const s of axis.spans) {
    if (s.end < t0 || s.start > t1) continue;
    const top = tops.get(s.lane);
    if (top === undefined) continue;
    const key = rowBase.base.get(s.lane)! + s.row;
    let x1 = Math.max(0, x(s.start));
    const x2 = Math.min(width, Math.max(x(s.end), x1 + 1));
    const prev = drawnTo[key]!;
    if (x2 <= prev) continue;
    x1 = Math.max(x1, prev);
    drawnTo[key] = x2;
    const y = top + s.row * ROW_H + 2;
    const h = ROW_H - 5;
    const f = fill(s, colors);
    if (f !== lastFill) ctx.fillStyle = lastFill = f;
    if (s.kind === 'model' && s.firstToken !== undefined) {
      // Waiting for the first token (dimmed), then streaming.
      const xf = Math.min(x2, Math.max(x1, x(s.firstToken)));
      ctx.globalAlpha = 0.35;
      ctx.fillRect(x1, y, xf - x1, h);
      ctx.globalAlpha = 1;
      ctx.fillRect(xf, y, x2 - xf, h);
    } else if (s.kind === 'approval' || s.kind === 'question') {
      ctx.globalAlpha = 0.55;
      ctx.fillRect(x1, y, x2 - x1, h);
      ctx.globalAlpha = 1;
    } else ctx.fillRect(x1, y, x2 - x1, h);
    if (selected && (s.callId === selected || s.turnKey === selected)) {
      ctx.strokeStyle = colors.fg;
      ctx.lineWidth = 2;
      ctx.strokeRect(x1 + 1, y + 1, Math.max(1, x2 - x1 - 2), h - 2);
      ctx.lineWidth = 1;
    }
    if (s.critical) {
      crit[nCrit++] = x1;
      crit[nCrit++] = x2;
      crit[nCrit++] = y + h + 1;
    }
    drawn++;
  }
  // The critical path: a bold line under each of its bars.
  ctx.fillStyle = colors.fg;
  for (let i = 0; i < nCrit; i += 3) ctx.fillRect(crit[i]!, crit[i + 2]!, Math.max(1, crit[i + 1]! - crit[i]!), 2);
  if (cursor !== null && cursor >= t0 && cursor <= t1) {
    ctx.fillStyle = colors.error;
    ctx.fillRect(Math.round(x(cursor)) - 1, 0, 2, height);
  }
  return drawn;
}

/** The bar under a point of the canvas (a few pixels of slack for thin bars), or undefined. */
export function spanAt(axis: TimeAxis, view: { t0: number; t1: number; width: number }, px: number, py: number): TimeSpan | undefined {
  const msPerPx = (view.t1 - view.t0) / Math.max(1, view.width);
  const t = view.t0 + px * msPerPx;
  const slack = 3 * msPerPx;
  const tops = laneTops(axis);
  let best: TimeSpan | undefined;
  for (const s of axis.spans) {
    const top = tops.get(s.lane);
    if (top === undefined) continue;
    const y = top + s.row * ROW_H;
    if (py < y || py >= y + ROW_H) continue;
    if (s.start - slack <= t && t <= s.end + slack) {
      // Prefer the bar the point is really inside, then the shortest.
      if (!best || (s.end - s.start < best.end - best.start && s.start <= t && t <= s.end)) best = s;
    }
  }
  return best;
}
