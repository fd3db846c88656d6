import type { TimeAxis, TimeSpan } from '../../../../src-shared/read-models/time-axis';
import { BarStyle, laneTops, RULER_H, ROW_H, type PackedAxis } from './time-axis-pack';


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

/** What one frame of the axis shows. */
export interface AxisView {
  t0: number;
  t1: number;
  width: number;
  height: number;
}

/** A 2D context on the page's canvas or on one transferred to a worker. */
export type AxisContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

let drawnTo = new Float64Array(16);
let crit = new Float64Array(48);

/** The first bar that can reach into a window starting at t0 (maxEnd never decreases). */
function firstReaching(p: PackedAxis, t0: number): number {
  let lo = 0;
  let hi = p.n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.maxEnd[mid]! < t0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
 * scrubber's cursor. Only bars in the window are visited (a binary search finds the first), and
 * bars that fall on a pixel of their row already drawn are merged into it, so a frame costs what
 * is on screen, not the session. Allocates nothing per bar. Returns how many bars were drawn.
 */
export function drawAxis(ctx: AxisContext, p: PackedAxis, view: AxisView, colors: AxisColors, cursor: number | null, selected: readonly number[]): number {
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
  for (let t = Math.ceil((t0 - p.axisStart) / step) * step; p.axisStart + t <= t1; t += step) {
    const gx = Math.round(x(p.axisStart + t)) + 0.5;
    ctx.moveTo(gx, RULER_H - 4);
    ctx.lineTo(gx, height);
    // Right of its line; left of it where it would run past the axis' end (never cut).
    const label = tickLabel(t);
    const w = ctx.measureText(label).width;
    ctx.fillText(label, gx + 3 + w <= width - 2 ? gx + 3 : Math.max(0, gx - 3 - w), RULER_H / 2);
  }
  ctx.stroke();
  // Lane separators.
  ctx.beginPath();
  for (const top of p.laneTops) {
    ctx.moveTo(0, top - 2.5);
    ctx.lineTo(width, top - 2.5);
  }
  ctx.stroke();
  if (drawnTo.length < p.rows) drawnTo = new Float64Array(p.rows * 2);
  drawnTo.fill(-1, 0, p.rows);
  const fills = [colors.ok, colors.error, colors.warn, colors.accent];
  const h = ROW_H - 5;
  let nCrit = 0;
  let drawn = 0;
  let lastColor = -1;
  for (let i = firstReaching(p, t0); i < p.n; i++) {
    const start = p.start[i]!;
    if (start > t1) break;
    const end = p.end[i]!;
    const y = p.y[i]!;
    if (end < t0 || Number.isNaN(y)) continue;
    const key = p.row[i]!;
    // Whole pixels, at least one: zoomed out, the bars of a pixel merge into one fill (a frame
    // fills at most each pixel of a row once, however many bars fall on it).
    let x1 = Math.max(0, Math.floor(x(start)));
    if (x1 >= width) continue;
    const x2 = Math.min(width, Math.max(Math.ceil(x(end)), x1 + 1));
    const prev = drawnTo[key]!;
    if (x2 <= prev) continue;
    x1 = Math.max(x1, prev);
    drawnTo[key] = x2;
    const color = p.color[i]!;
    if (color !== lastColor) ctx.fillStyle = fills[(lastColor = color)]!;
    const style = p.style[i]!;
    if (style === BarStyle.Streaming) {
      // Waiting for the first token (dimmed), then streaming.
      const xf = Math.min(x2, Math.max(x1, x(p.firstToken[i]!)));
      ctx.globalAlpha = 0.35;
      ctx.fillRect(x1, y, xf - x1, h);
      ctx.globalAlpha = 1;
      ctx.fillRect(xf, y, x2 - xf, h);
    } else if (style === BarStyle.Wait) {
      ctx.globalAlpha = 0.55;
      ctx.fillRect(x1, y, x2 - x1, h);
      ctx.globalAlpha = 1;
    } else ctx.fillRect(x1, y, x2 - x1, h);
    if (p.critical[i]) {
      if (crit.length < nCrit + 3) {
        const more = new Float64Array(crit.length * 2);
        more.set(crit);
        crit = more;
      }
      crit[nCrit++] = x1;
      crit[nCrit++] = x2;
      crit[nCrit++] = y + h + 1;
    }
    drawn++;
  }
  // The selected bars: outlined where they are, whether merged into a neighbour or not.
  if (selected.length) {
    ctx.strokeStyle = colors.fg;
    ctx.lineWidth = 2;
    for (const i of selected) {
      if (i >= p.n || p.end[i]! < t0 || p.start[i]! > t1 || Number.isNaN(p.y[i]!)) continue;
      const x1 = Math.max(0, x(p.start[i]!));
      const x2 = Math.min(width, Math.max(x(p.end[i]!), x1 + 1));
      ctx.strokeRect(x1 + 1, p.y[i]! + 1, Math.max(1, x2 - x1 - 2), h - 2);
    }
    ctx.lineWidth = 1;
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
