/// <reference lib="webworker" />
// The time axis' drawing thread: the page transfers the canvas here, sends the packed axis once
// and then only the view (window, size, colours). Drawing here keeps zooming and panning off the
// page's main thread: the wheel handler posts a message, and the page has nothing to commit for
// the canvas, so its frames stay short whatever the session's size.
import { drawAxis, type AxisColors, type AxisView } from './time-axis-draw';
import type { PackedAxis } from './time-axis-pack';
import type { FromAxisWorker, ToAxisWorker } from './time-axis-worker-protocol';

interface Target {
  canvas: OffscreenCanvas;
  axis: PackedAxis | null;
  next: { view: AxisView; dpr: number; colors: AxisColors; cursor: number | null; selected: number[] } | null;
  pending: boolean;
  drewAt: number;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const targets = new Map<number, Target>();

function draw(id: number): void {
  const t = targets.get(id);
  if (!t) return;
  t.pending = false;
  const next = t.next;
  if (!t.axis || !next) return;
  const started = performance.now();
  t.drewAt = started;
  const { view, dpr } = next;
  const w = Math.round(view.width * dpr);
  const h = Math.round(view.height * dpr);
  if (t.canvas.width !== w || t.canvas.height !== h) {
    t.canvas.width = w;
    t.canvas.height = h;
  }
  const ctx = t.canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const bars = drawAxis(ctx, t.axis, view, next.colors, next.cursor, next.selected);
  const msg: FromAxisWorker = { type: 'painted', id, drawMs: performance.now() - started, bars };
  scope.postMessage(msg);
}

/** At most one drawing per frame: views that arrive meanwhile replace the one waiting. */
function schedule(id: number): void {
  const t = targets.get(id);
  if (!t || t.pending) return;
  t.pending = true;
  if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(() => draw(id));
  else setTimeout(() => draw(id), 0);
}

scope.onmessage = (e: MessageEvent<ToAxisWorker>) => {
  const m = e.data;
  switch (m.type) {
    case 'canvas':
      targets.set(m.id, { canvas: m.canvas, axis: null, next: null, pending: false, drewAt: -Infinity });
      break;
    case 'axis': {
      const t = targets.get(m.id);
      if (!t) break;
      t.axis = m.axis;
      // The first frame of a new axis is drawn at once, not a frame later.
      if (t.next) draw(m.id);
      break;
    }
    case 'view': {
      const t = targets.get(m.id);
      if (!t) break;
      t.next = { view: m.view, dpr: m.dpr, colors: m.colors, cursor: m.cursor, selected: m.selected };
      // Drawn at once unless a frame was drawn within the last 8 ms (then at the next frame): the
      // worker's own frame callbacks come late on a busy machine, the page's wheel events do not.
      if (performance.now() - t.drewAt > 8) draw(m.id);
      else schedule(m.id);
      break;
    }
    case 'drop':
      targets.delete(m.id);
      break;
    case 'ping':
      scope.postMessage({ type: 'ready' } satisfies FromAxisWorker);
      break;
  }
};
