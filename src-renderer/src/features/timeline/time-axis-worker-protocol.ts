import type { AxisColors, AxisView } from './time-axis-draw';
import type { PackedAxis } from './time-axis-pack';

/** What the page tells the drawing worker. `id` names one canvas (one mounted time axis). */
export type ToAxisWorker =
  | { type: 'canvas'; id: number; canvas: OffscreenCanvas }
  | { type: 'axis'; id: number; axis: PackedAxis }
  | { type: 'view'; id: number; view: AxisView; dpr: number; colors: AxisColors; cursor: number | null; selected: number[] }
  | { type: 'drop'; id: number }
  | { type: 'ping' };

/** What the worker answers: a frame drawn (and how long the drawing took, for the benchmark). */
export type FromAxisWorker = { type: 'painted'; id: number; drawMs: number; bars: number } | { type: 'ready' };
