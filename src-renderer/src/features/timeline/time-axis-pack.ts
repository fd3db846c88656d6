import type { TimeAxis, TimeSpan } from '../../../../src-shared/read-models/time-axis';

/** Height of one row of a lane, and the ruler's height, in CSS pixels. */
export const ROW_H = 16;
export const RULER_H = 18;

/** Bar colours by index (see `AxisColors`): ok, error, warn, accent. */
export const enum BarColor {
  Ok = 0,
  Error = 1,
  Warn = 2,
  Accent = 3,
}

/** How a bar is filled: plain, a model turn with its wait before the first token, a wait. */
export const enum BarStyle {
  Plain = 0,
  Streaming = 1,
  Wait = 2,
}

/**
 * The axis as the canvas draws it: one typed array per field, indexed like `axis.spans` (sorted
 * by start), so a frame touches no objects and the arrays move to the drawing worker without a
 * copy. `maxEnd[i]` is the latest end among bars 0..i: it never decreases, so the first bar that
 * can reach into a window is a binary search away, and a frame visits only the bars on screen.
 */
export interface PackedAxis {
  n: number;
  start: Float64Array;
  end: Float64Array;
  maxEnd: Float64Array;
  /** Model turns: when the first token came (NaN: none). */
  firstToken: Float64Array;
  /** Bar's top in CSS pixels. */
  y: Float32Array;
  /** Row number across lanes (for merging bars that fall on a pixel already drawn). */
  row: Int32Array;
  color: Uint8Array;
  style: Uint8Array;
  critical: Uint8Array;
  rows: number;
  /** Each lane's top (y), in lane order. */
  laneTops: Float32Array;
  axisStart: number;
}

/** Extra space above the first lane of a pair axis' second session (B's lanes below A's). */
export const SIDE_GAP = 10;

/** The session a lane of a pair axis belongs to (`A:model` → `A`); '' on a one-session axis. */
function sideOf(laneId: string): string {
  return laneId.length > 1 && laneId[1] === ':' ? laneId[0]! : '';
}

/** Where each lane's first row sits (y of its top, below the ruler). */
export function laneTops(axis: TimeAxis): Map<string, number> {
  const tops = new Map<string, number>();
  let y = RULER_H;
  let side: string | null = null;
  for (const l of axis.lanes) {
    const s = sideOf(l.id);
    if (side !== null && s !== side) y += SIDE_GAP;
    side = s;
    tops.set(l.id, y);
    y += l.rows * ROW_H + 4;
  }
  return tops;
}

/** The axis' drawn height. */
export function axisHeight(axis: TimeAxis): number {
  const last = axis.lanes.at(-1);
  return last ? laneTops(axis).get(last.id)! + last.rows * ROW_H + 4 + 2 : RULER_H + 2;
}

function colorOf(s: TimeSpan): BarColor {
  if (s.kind === 'approval' || s.kind === 'question') return BarColor.Warn;
  if (s.status === 'error' || s.status === 'unfinished') return BarColor.Error;
  if (s.status === 'blocked' || s.status === 'denied') return BarColor.Warn;
  if (s.kind === 'model' || s.kind === 'thinking') return BarColor.Accent;
  return BarColor.Ok;
}

/** Packs an axis for drawing (once per axis; linear). */
export function packAxis(axis: TimeAxis): PackedAxis {
  const n = axis.spans.length;
  const tops = laneTops(axis);
  const base = new Map<string, number>();
  let rows = 0;
  for (const l of axis.lanes) {
    base.set(l.id, rows);
    rows += l.rows;
  }
  const p: PackedAxis = {
    n,
    start: new Float64Array(n),
    end: new Float64Array(n),
    maxEnd: new Float64Array(n),
    firstToken: new Float64Array(n),
    y: new Float32Array(n),
    row: new Int32Array(n),
    color: new Uint8Array(n),
    style: new Uint8Array(n),
    critical: new Uint8Array(n),
    rows,
    laneTops: Float32Array.from(axis.lanes.map((l) => tops.get(l.id)!)),
    axisStart: axis.start,
  };
  let maxEnd = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = axis.spans[i]!;
    const top = tops.get(s.lane);
    p.start[i] = s.start;
    p.end[i] = s.end;
    p.maxEnd[i] = maxEnd = Math.max(maxEnd, s.end);
    p.firstToken[i] = s.firstToken ?? NaN;
    // A bar of a lane the axis does not list is not drawn (y NaN).
    p.y[i] = top === undefined ? NaN : top + s.row * ROW_H + 2;
    p.row[i] = (base.get(s.lane) ?? 0) + s.row;
    p.color[i] = colorOf(s);
    p.style[i] = s.kind === 'model' && s.firstToken !== undefined ? BarStyle.Streaming : s.kind === 'approval' || s.kind === 'question' ? BarStyle.Wait : BarStyle.Plain;
    p.critical[i] = s.critical ? 1 : 0;
  }
  return p;
}

/** The typed arrays of a packed axis (what is transferred to the worker). */
export function packedBuffers(p: PackedAxis): ArrayBuffer[] {
  return [p.start, p.end, p.maxEnd, p.firstToken, p.y, p.row, p.color, p.style, p.critical, p.laneTops].map((a) => a.buffer as ArrayBuffer);
}

/** Indices of the bars of the selected call or model turn (outlined). */
export function selectedIndices(axis: TimeAxis, selected: string | null): number[] {
  if (!selected) return [];
  const out: number[] = [];
  axis.spans.forEach((s, i) => {
    if (s.callId === selected || s.turnKey === selected) out.push(i);
  });
  return out;
}
