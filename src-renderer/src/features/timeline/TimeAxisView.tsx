import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TimeSpan } from '../../../../src-shared/read-models/time-axis';
import { useApp } from '../../store/app-context';
import { timelineSelectors } from '../../store/timeline/selectors';
import { formatDuration } from '../tool-calls/format';
import { spanAt, type AxisColors } from './time-axis-draw';
import { axisHeight, laneTops, ROW_H } from './time-axis-pack';
import { selectedIndices } from './time-axis-pack';
import { AxisPainter, warmAxisWorker } from './time-axis-painter';
import { plural } from '../../../../src-shared/text/plural';

/** Bars listed for screen readers and tests: those on screen, at most this many. */
const LISTED = 300;
/** The list follows the view this long after it stopped moving (a zoom redraws the canvas only). */
const LIST_DELAY_MS = 120;

interface Win {
  t0: number;
  t1: number;
}

function readColors(el: Element): AxisColors {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    fg: v('--fg', '#111'),
    muted: v('--muted', '#777'),
    grid: v('--border', '#ddd'),
    accent: v('--accent', '#2563eb'),
    ok: v('--ok', '#1e8e3e'),
    error: v('--danger', '#c0392b'),
    warn: v('--warn', '#b7791f'),
    bg: v('--bg', '#fff'),
  };
}

/**
 * The session on a time axis: one lane per kind, bars on real time, parallel calls in rows side
 * by side, the critical path underlined, the scrubber's moment as a red line. Wheel or +/− to zoom
 * (around the pointer), drag or shift+wheel to pan, Fit to see it all; a click on a bar opens its
 * card and inspector. The wheel and drag handlers only move the view (no React render); the
 * canvas is drawn by a worker it was transferred to (on the main thread where that is not
 * possible), visiting only the bars on screen; the list of bars on screen (for screen readers)
 * follows once the view rests.
 */
export function TimeAxisView() {
  const axis = useApp(timelineSelectors.axis);
  const cursor = useApp(timelineSelectors.cursorTs);
  const selected = useApp(timelineSelectors.selectedSpan);
  const showSpan = useApp((s) => s.showTimelineSpan);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const fit = useCallback((): Win => (axis ? { t0: axis.start, t1: axis.end + (axis.end - axis.start) * 0.02 } : { t0: 0, t1: 1 }), [axis]);
  // The visible window lives in a ref (drawn per frame); `listWin` is its resting copy for the list.
  const win = useRef<Win>(fit());
  const [listWin, setListWin] = useState<Win>(win.current);
  const drag = useRef<{ x: number; t0: number; t1: number; moved: boolean } | null>(null);
  const frame = useRef(0);
  const listTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const colors = useRef<AxisColors | null>(null);
  const inputs = useRef({ axis, cursor, selected, width });
  inputs.current = { axis, cursor, selected, width };
  const height = axis ? axisHeight(axis) : 0;

  const painter = useRef<AxisPainter | null>(null);
  const picked = useRef<{ axis: unknown; selected: string | null; indices: number[] }>({ axis: null, selected: null, indices: [] });
  const draw = useCallback(() => {
    frame.current = 0;
    const c = canvasRef.current;
    const { axis: a, cursor: cur, selected: sel, width: w } = inputs.current;
    if (!c || !a) return;
    // A new canvas (the axis was closed and another opened) gets a painter of its own.
    if (painter.current && painter.current.canvas !== c) {
      painter.current.dispose();
      painter.current = null;
    }
    const p = (painter.current ??= new AxisPainter(c));
    p.setAxis(a);
    if (picked.current.axis !== a || picked.current.selected !== sel) picked.current = { axis: a, selected: sel, indices: selectedIndices(a, sel) };
    colors.current ??= readColors(c);
    p.draw({ ...win.current, width: w, height: axisHeight(a) }, colors.current, cur, picked.current.indices);
  }, []);
  useEffect(() => {
    warmAxisWorker();
    return () => painter.current?.dispose();
  }, []);
  /**
   * Moves the view: the canvas redraws at once (input events come before the frame's rendering),
   * at most once per frame (more moves in the same frame are drawn at the next one); the list
   * follows once the view rests.
   */
  const drewAt = useRef(-1);
  const setWin = useCallback(
    (next: Win) => {
      win.current = next;
      const now = performance.now();
      if (now - drewAt.current > 8) {
        drewAt.current = now;
        draw();
      } else if (!frame.current) frame.current = requestAnimationFrame(draw);
      clearTimeout(listTimer.current);
      listTimer.current = setTimeout(() => setListWin(win.current), LIST_DELAY_MS);
    },
    [draw],
  );
  useEffect(() => () => (cancelAnimationFrame(frame.current), clearTimeout(listTimer.current)), []);

  useEffect(() => {
    win.current = fit();
    setListWin(win.current);
  }, [fit]);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(100, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [axis]);
  // Whatever the drawing depends on changed: draw now (the first paint does not wait a frame).
  useEffect(() => draw(), [draw, axis, cursor, selected, width]);
  // The scrubber drives the axis: its moment stays on screen.
  useEffect(() => {
    const w = win.current;
    if (cursor === null || (cursor >= w.t0 && cursor <= w.t1)) return;
    const span = w.t1 - w.t0;
    setWin({ t0: cursor - span / 2, t1: cursor + span / 2 });
  }, [cursor, setWin]);
  useEffect(() => {
    const m = matchMedia('(prefers-color-scheme: dark)');
    const reset = (): void => {
      colors.current = null;
      draw();
    };
    m.addEventListener('change', reset);
    return () => m.removeEventListener('change', reset);
  }, [draw]);

  const zoom = useCallback(
    (factor: number, atPx?: number) => {
      const a = inputs.current.axis;
      if (!a) return;
      const { t0, t1 } = win.current;
      const w = inputs.current.width;
      const anchor = t0 + ((atPx ?? w / 2) / w) * (t1 - t0);
      const span = Math.min(Math.max((t1 - t0) * factor, 5), (a.end - a.start) * 4 + 1000);
      const left = anchor - ((anchor - t0) / (t1 - t0)) * span;
      setWin({ t0: left, t1: left + span });
    },
    [setWin],
  );
  const pan = useCallback(
    (px: number) => {
      const { t0, t1 } = win.current;
      const ms = (px / inputs.current.width) * (t1 - t0);
      setWin({ t0: t0 + ms, t1: t1 + ms });
    },
    [setWin],
  );
  // A non-passive wheel listener: the page must not scroll while the axis zooms.
  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) pan(e.deltaX || e.deltaY);
      else zoom(Math.pow(1.0015, e.deltaY), e.clientX - c.getBoundingClientRect().left);
    };
    c.addEventListener('wheel', onWheel, { passive: false });
    return () => c.removeEventListener('wheel', onWheel);
  }, [axis, pan, zoom]);

  const listed = useMemo(() => {
    if (!axis) return [];
    const out: TimeSpan[] = [];
    for (const s of axis.spans) {
      if (s.end < listWin.t0 || s.start > listWin.t1) continue;
      out.push(s);
      if (out.length >= LISTED) break;
    }
    return out;
  }, [axis, listWin]);

  if (!axis || !axis.spans.length) return null;
  const tops = laneTops(axis);
  return (
    <div className="time-axis" data-testid="time-axis" data-t0={listWin.t0} data-t1={listWin.t1}>
      <div className="wb-row small">
        <strong>Time axis</strong>
        <span className="muted">
          {formatDuration(axis.end - axis.start)} · {plural(axis.spans.length, 'bar')} · critical path underlined
        </span>
        <span className="wb-spacer" />
        <button onClick={() => zoom(0.5)} data-testid="time-zoom-in" title="Zoom in (wheel)">+</button>
        <button onClick={() => zoom(2)} data-testid="time-zoom-out" title="Zoom out (wheel)">−</button>
        <button onClick={() => setWin(fit())} data-testid="time-fit">Fit</button>
      </div>
      <div className="time-axis-body" style={{ height }}>
        <div className="time-lanes" aria-hidden="true">
          {axis.lanes.map((l) => (
            <div key={l.id} className="time-lane-label" style={{ top: tops.get(l.id), height: l.rows * ROW_H }} data-testid="time-lane" data-lane={l.id}>
              {l.label}
            </div>
          ))}
        </div>
        <div className="time-canvas-box" ref={boxRef}>
          <canvas
            ref={canvasRef}
            style={{ width, height }}
            data-testid="time-canvas"
            onMouseDown={(e) => (drag.current = { x: e.clientX, ...win.current, moved: false })}
            onMouseMove={(e) => {
              const d = drag.current;
              if (!d) return;
              const dx = e.clientX - d.x;
              if (Math.abs(dx) > 3) d.moved = true;
              if (!d.moved) return;
              const ms = (dx / width) * (d.t1 - d.t0);
              setWin({ t0: d.t0 - ms, t1: d.t1 - ms });
            }}
            onMouseUp={(e) => {
              const d = drag.current;
              drag.current = null;
              if (d?.moved) return;
              const r = e.currentTarget.getBoundingClientRect();
              const s = spanAt(axis, { ...win.current, width }, e.clientX - r.left, e.clientY - r.top);
              if (s) void showSpan(s);
            }}
            onMouseLeave={() => (drag.current = null)}
          />
        </div>
      </div>
      <ul className="sr-only" data-testid="time-bars" aria-label="Bars on screen">
        {listed.map((s, i) => (
          <li key={i} data-testid="time-bar" data-lane={s.lane} data-row={s.row} data-kind={s.kind} data-start={s.start} data-end={s.end} data-critical={s.critical ? '1' : '0'} data-call-id={s.callId ?? ''}>
            {s.label} {formatDuration(s.end - s.start)}
          </li>
        ))}
      </ul>
    </div>
  );
}
