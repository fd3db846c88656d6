import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import { RowFill } from './row-fill';
import { ScrollPace } from './scroll-pace';

/** Main-thread time (ms) a frame may spend filling sketches in (the rows' own style and layout come on top). */
const FILL_BUDGET_MS = 2;
/** How often (ms) to look again whether a fast scroll has slowed. */
const RECHECK_MS = 50;

/**
 * Sketched rows while the conversation scrolls faster than it can be read, filled in once it
 * slows: each frame fills sketches (those in view first) until it has spent FILL_BUDGET_MS, so
 * settling never costs one long frame. `pace` is fed by the scroll box's scroll events; `fill`
 * says per row whether it is drawn in full.
 */
export function useRowFill(virtualizer: Virtualizer<HTMLDivElement, Element>): { pace: ScrollPace; fill: RowFill; follow: (rows: ReadonlyArray<{ key: unknown }>) => void } {
  const pace = useMemo(() => new ScrollPace(), []);
  const fill = useMemo(() => new RowFill(), []);
  const [, filled] = useReducer((n: number) => n + 1, 0);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; frame?: number } | null>(null);
  const self = useRef(virtualizer);
  self.current = virtualizer;

  // The rows now on the page: forget the others, and fill sketches in once the pace drops. Run
  // after each render, and by the caller when it moved sketches without one.
  const follow = useRef((rows: ReadonlyArray<{ key: unknown }>): void => {
    fill.retain(new Set(rows.map((r) => String(r.key))));
    if (!fill.waiting || pending.current) return;
    const loop = (pending.current = {} as { timer?: ReturnType<typeof setTimeout>; frame?: number });
    const tick = (): void => {
      if (!fill.waiting) {
        pending.current = null;
        return;
      }
      if (pace.fast(performance.now())) {
        loop.timer = setTimeout(tick, RECHECK_MS);
        return;
      }
      loop.frame = requestAnimationFrame(() => {
        const v = self.current;
        const next = (): string | undefined => {
          const top = v.scrollOffset ?? 0;
          const placed = v.getVirtualItems().map((r) => ({ key: String(r.key), start: r.start, end: r.end }));
          return fill.next(placed, top, top + (v.scrollRect?.height ?? window.innerHeight));
        };
        // One row, timed; then as many more as that pace leaves room for, in one render.
        const t0 = performance.now();
        const first = next();
        if (first === undefined) {
          // Left over from rows no longer placed: the next render forgets them (and starts again if need be).
          pending.current = null;
          return;
        }
        fill.fill(first);
        flushSync(filled);
        const took = performance.now() - t0;
        const more = Math.floor((FILL_BUDGET_MS - took) / Math.max(took, 0.25));
        if (more > 0 && !pace.fast(performance.now())) {
          for (let n = 0; n < more; n++) {
            const k = next();
            if (k === undefined) break;
            fill.fill(k);
          }
          flushSync(filled);
        }
        tick();
      });
    };
    tick();
  }).current;
  const rows = virtualizer.getVirtualItems();
  useLayoutEffect(() => follow(rows));
  useEffect(
    () => () => {
      clearTimeout(pending.current?.timer);
      if (pending.current?.frame !== undefined) cancelAnimationFrame(pending.current.frame);
      pending.current = null;
    },
    [],
  );
  return { pace, fill, follow };
}
