import type { TimeAxis } from '../../../../src-shared/read-models/time-axis';
import { drawAxis, type AxisColors, type AxisView } from './time-axis-draw';
import { packAxis, packedBuffers, type PackedAxis } from './time-axis-pack';
import type { FromAxisWorker, ToAxisWorker } from './time-axis-worker-protocol';
import AxisWorker from './time-axis.worker?worker';

/** Set when a frame of the axis was drawn; `detail.drawMs` is how long the drawing took. */
export const PAINTED_MARK = 'glassbox:timeline-painted';

/** The drawing worker, shared by every time axis of the page; ready once it has answered. */
let shared: { worker: Worker; ready: boolean; painters: Map<number, AxisPainter> } | null = null;
let nextId = 1;

/**
 * Starts the drawing worker (when the pane opens, so it is ready before an axis arrives). A page
 * without workers or transferable canvases draws on its main thread instead.
 */
export function warmAxisWorker(): void {
  if (shared || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return;
  let worker: Worker;
  try {
    worker = new AxisWorker({ name: 'time-axis' });
  } catch {
    return;
  }
  const s = { worker, ready: false, painters: new Map<number, AxisPainter>() };
  shared = s;
  worker.onmessage = (e: MessageEvent<FromAxisWorker>) => {
    const m = e.data;
    if (m.type === 'ready') s.ready = true;
    else s.painters.get(m.id)?.painted(m.drawMs, m.bars);
  };
  worker.onerror = () => {
    // Not loadable here: later axes draw on the main thread.
    if (shared === s) shared = null;
  };
  worker.postMessage({ type: 'ping' } satisfies ToAxisWorker);
}

/**
 * Draws one canvas' time axis: in the drawing worker when it is ready (the canvas is transferred
 * to it; a frame is then one small message from the page), else on the main thread with the same
 * drawing code. Either way the axis is packed into typed arrays once.
 */
export class AxisPainter {
  private readonly id = nextId++;
  private readonly worker: Worker | null;
  private packed: PackedAxis | null = null;
  private axis: TimeAxis | null = null;

  constructor(readonly canvas: HTMLCanvasElement) {
    const s = shared;
    if (s?.ready && typeof canvas.transferControlToOffscreen === 'function') {
      const offscreen = canvas.transferControlToOffscreen();
      s.painters.set(this.id, this);
      this.worker = s.worker;
      this.post({ type: 'canvas', id: this.id, canvas: offscreen }, [offscreen]);
    } else this.worker = null;
  }

  /** True when the worker draws this canvas. */
  get offThread(): boolean {
    return this.worker !== null;
  }

  /** The axis to draw (packed once; the worker gets the arrays without a copy). */
  setAxis(axis: TimeAxis): void {
    if (axis === this.axis) return;
    this.axis = axis;
    const packed = packAxis(axis);
    if (this.worker) this.post({ type: 'axis', id: this.id, axis: packed }, packedBuffers(packed));
    else this.packed = packed;
  }

  /** Draws a view: now on the main thread, or in the worker's next frame (at once for its first). */
  draw(view: AxisView, colors: AxisColors, cursor: number | null, selected: number[]): void {
    const dpr = window.devicePixelRatio || 1;
    if (this.worker) {
      this.post({ type: 'view', id: this.id, view, dpr, colors, cursor, selected });
      return;
    }
    const p = this.packed;
    if (!p) return;
    const started = performance.now();
    const c = this.canvas;
    if (c.width !== Math.round(view.width * dpr) || c.height !== Math.round(view.height * dpr)) {
      c.width = Math.round(view.width * dpr);
      c.height = Math.round(view.height * dpr);
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const bars = drawAxis(ctx, p, view, colors, cursor, selected);
    this.painted(performance.now() - started, bars);
  }

  /** A frame was drawn (here or in the worker). */
  painted(drawMs: number, bars: number): void {
    // One mark kept (a long pan would otherwise pile them up); observers see every one.
    performance.clearMarks(PAINTED_MARK);
    performance.mark(PAINTED_MARK, { detail: { drawMs, bars, offThread: this.offThread } });
  }

  /** Forgets the canvas (the worker drops it too). */
  dispose(): void {
    if (!this.worker) return;
    shared?.painters.delete(this.id);
    this.post({ type: 'drop', id: this.id });
  }

  private post(m: ToAxisWorker, transfer: Transferable[] = []): void {
    this.worker?.postMessage(m, transfer);
  }
}
