import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../../app/app-context';
import { timelineSelectors } from '../../store/timeline/selectors';
import { formatDuration } from '../../tool-calls/format';
import { axisHeight, drawAxis, laneTops, ROW_H, spanAt, type AxisColors } from './time-axis-draw';
import type { TimeSpan } from './time-spans';

/** Bars listed for screen readers and tests: those on screen, at most this many. */
const LISTED = 300;

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
 * card and inspector. Drawn on a canvas: a frame costs what is on screen.
 */
export function TimeAxisView() {
  const axis = useApp(timelineSelectors.axis);
  const cursor = useApp(timelineSelectors.cursorTs);
  const selected = useApp(timelineSelectors.selectedSpan);
  const showSpan = useApp((s) => s.showTimelineSpan);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  // The visible window [t0, t1] (ms): the component's own view state.
  const [view, setView] = useState<{ t0: number; t1: number } | null>(null);
  const drag = useRef<{ x: number; t0: number; t1: number; moved: boolean } | null>(null);
  const height = axis ? axisHeight(axis) : 0;
  const win = view ?? (axis ? { t0: axis.start, t1: axis.end + (axis.end - axis.start) * 0.02 } : { t0: 0, t1: 1 });

  useEffect(() => setView(null), [axis]);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(100, el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The scrubber drives the axis: its moment stays on screen.
  useEffect(() => {
    if (cursor === null || !view) return;
    if (cursor < view.t0 || cursor > view.t1) {
      const span = view.t1 - view.t0;
      setView({ t0: cursor - span / 2, t1: cursor + span / 2 });
    }
  }, [cursor]); // only a new cursor pans; a zoom leaves it where the user put it

  const colors = useRef<AxisColors | null>(null);
  useEffect(() => {
    const m = matchMedia('(prefers-color-scheme: dark)');
    const reset = (): void => void (colors.current = null);
    m.addEventListener('change', reset);
    return () => m.removeEventListener('change', reset);
  }, []);
  useEffect(() => {
    const c = canvasRef.current;
    if (!c || !axis) return;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(width * dpr) || c.height !== Math.round(height * dpr)) {
      c.width = Math.round(width * dpr);
      c.height = Math.round(height * dpr);
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    colors.current ??= readColors(c);
    drawAxis(ctx, axis, { ...win, width, height }, colors.current, cursor, selected);
    performance.mark('glassbox:timeline-painted');
  }, [axis, win.t0, win.t1, width, height, cursor, selected]); // eslint-friendly: the window's bounds are the inputs

  const zoom = useCallback(
    (factor: number, atPx?: number) => {
      if (!axis) return;
      const t0 = win.t0;
      const t1 = win.t1;
      const anchor = t0 + ((atPx ?? width / 2) / width) * (t1 - t0);
      const span = Math.min(Math.max((t1 - t0) * factor, 5), (axis.end - axis.start) * 4 + 1000);
      const left = anchor - ((anchor - t0) / (t1 - t0)) * span;
      setView({ t0: left, t1: left + span });
    },
    [axis, win.t0, win.t1, width],
  );
  const pan = (px: number): void => {
    const ms = (px / width) * (win.t1 - win.t0);
    setView({ t0: win.t0 + ms, t1: win.t1 + ms });
  };
  // A non-passive wheel listener: the page must not scroll while the axis zooms.
  useEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    const onWheel = (e: WheelEvent): void => {
      e.preventDefault();
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) pan(e.deltaX || e.deltaY);
      else zoom(Math.pow(1.0015, e.deltaY), e.offsetX);
    };
    c.addEventListener('wheel', onWheel, { passive: false });
    return () => c.removeEventListener('wheel', onWheel);
  });

  const listed = useMemo(() => {
    if (!axis) return [];
    const out: TimeSpan[] = [];
    for (const s of axis.spans) {
      if (s.end < win.t0 || s.start > win.t1) continue;
      out.push(s);
      if (out.length >= LISTED) break;
    }
    return out;
  }, [axis, win.t0, win.t1]);

  if (!axis || !axis.spans.length) return null;
  const tops = laneTops(axis);
  return (
    <div className="time-axis" data-testid="time-axis">
      <div className="wb-row small">
        <strong>Time axis</strong>
        <span className="muted">{formatDuration(axis.end - axis.start)} · {axis.spans.length.toLocaleString()} bars · critical path underlined</span>
        <span className="wb-spacer" />
        <button onClick={() => zoom(0.5)} data-testid="time-zoom-in" title="Zoom in (wheel)">+</button>
        <button onClick={() => zoom(2)} data-testid="time-zoom-out" title="Zoom out (wheel)">−</button>
        <button onClick={() => setView(null)} data-testid="time-fit">Fit</button>
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
            style={{ width, height, cursor: drag.current ? 'grabbing' : 'pointer' }}
            data-testid="time-canvas"
            onMouseDown={(e) => (drag.current = { x: e.clientX, t0: win.t0, t1: win.t1, moved: false })}
            onMouseMove={(e) => {
              const d = drag.current;
              if (!d) return;
              const dx = e.clientX - d.x;
              if (Math.abs(dx) > 3) d.moved = true;
              if (!d.moved) return;
              const ms = (dx / width) * (d.t1 - d.t0);
              setView({ t0: d.t0 - ms, t1: d.t1 - ms });
            }}
            onMouseUp={(e) => {
              const d = drag.current;
              drag.current = null;
              if (d?.moved) return;
              const r = e.currentTarget.getBoundingClientRect();
              const s = spanAt(axis, { ...win, width }, e.clientX - r.left, e.clientY - r.top);
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
