import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';

/** How long (ms) after the conversation's width changed its rows may still be settling to their new heights. */
const SETTLE_MS = 1500;

/**
 * Where the conversation stays when its width changes (the window or a column resized), as in
 * chat apps: at the bottom when it was at the bottom (`stick`), else on the row being read — the
 * first row in view keeps its distance from the top of the view while the rows re-wrap to their
 * new heights. At the bottom, rows measured to other heights than their estimates (a session
 * just opened) keep it at the bottom too. `anchor()` is to be called on every scroll the user makes, to remember that row.
 */
export function useResizeAnchor(scroller: RefObject<HTMLDivElement | null>, content: RefObject<HTMLDivElement | null>, stick: RefObject<boolean>, virtualizer: Virtualizer<HTMLDivElement, Element>): { anchor: () => void } {
  const read = useRef<{ key: string; offset: number } | null>(null);
  const self = useRef(virtualizer);
  self.current = virtualizer;
  const anchor = useRef(() => {
    const el = scroller.current;
    if (!el) return;
    const top = el.scrollTop;
    const row = self.current.getVirtualItems().find((r) => r.end > top);
    read.current = row ? { key: String(row.key), offset: top - row.start } : null;
  });
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    let width = el.clientWidth;
    let settleUntil = 0;
    const pin = (): void => {
      if (stick.current) {
        el.scrollTop = el.scrollHeight;
        return;
      }
      const at = read.current;
      const row = at && self.current.getVirtualItems().find((r) => String(r.key) === at.key);
      if (!at || !row) return;
      const want = Math.round(row.start + at.offset);
      if (Math.abs(el.scrollTop - want) > 1) self.current.scrollToOffset(want);
    };
    const observer = new ResizeObserver(() => {
      if (el.clientWidth !== width) {
        width = el.clientWidth;
        settleUntil = performance.now() + SETTLE_MS;
      }
      // The rows re-wrap over a few frames (each re-measured as it renders): follow them. At the
      // bottom, any row measured anew (taller or shorter than its estimate) keeps the view there.
      if (stick.current || performance.now() < settleUntil) {
        pin();
        requestAnimationFrame(pin);
      }
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [scroller, content, stick]);
  return { anchor: anchor.current };
}
