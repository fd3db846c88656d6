import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';

/** Frames without a row changing height after which the rows have settled to a new width. */
const QUIET_FRAMES = 3;

/**
 * Where the conversation stays when its width changes (the window or a column resized), as in
 * chat apps: at the bottom when it was at the bottom (`stick`), else on the row being read — the
 * row at the top of the view keeps its place while the rows re-wrap to their new heights (the
 * virtualizer's own correction for rows above is off meanwhile: one hand moves the view). At the
 * bottom, rows measured to other heights than their estimates (a session just opened) and a
 * shorter box (a bar shown under it) keep it at the bottom too. `anchor()` is to be called on every scroll, to remember the row being read; the
 * user's wheel, pointer or keys end the settling at once.
 */
export function useResizeAnchor(scroller: RefObject<HTMLDivElement | null>, content: RefObject<HTMLDivElement | null>, stick: RefObject<boolean>, virtualizer: Virtualizer<HTMLDivElement, Element>): { anchor: () => void } {
  const read = useRef<{ key: string; index: number; offset: number } | null>(null);
  // Frames left before the rows count as settled (0: settled).
  const quiet = useRef(0);
  // The scroll box's size as last laid out, and whether the view was at the bottom in it.
  const laid = useRef({ width: -1, height: -1, stuck: true });
  const self = useRef(virtualizer);
  self.current = virtualizer;
  const anchor = useRef(() => {
    const el = scroller.current;
    if (!el) return;
    // A scroll in a box of another size than it was last laid out in (the browser clamping or a
    // column passing through a narrow width on its way), or while the rows settle, is the
    // layout's, not the user's: the view stays stuck to the bottom, or on its row, as it was.
    const l = laid.current;
    if (quiet.current > 0 || el.clientWidth !== l.width || el.clientHeight !== l.height) {
      stick.current = l.stuck;
      return;
    }
    l.stuck = stick.current;
    // From the placed rows themselves (the rendered range may not have caught up with this scroll yet).
    const top = el.scrollTop;
    const row = self.current.getVirtualItemForOffset(top);
    read.current = row ? { key: String(row.key), index: row.index, offset: top - row.start } : null;
  });
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    let width = el.clientWidth;
    const settling = (): boolean => quiet.current > 0;
    // Counts down a frame at a time; every change of height starts it again (see the observer).
    let counting = false;
    const countDown = (): void => {
      if (quiet.current > 0) quiet.current--;
      if (quiet.current > 0) requestAnimationFrame(countDown);
      else counting = false;
    };
    const pin = (): void => {
      if (stick.current) {
        el.scrollTop = el.scrollHeight;
        return;
      }
      const at = read.current;
      const rows = self.current.measurementsCache;
      // By its index, or by its key where rows were added above it meanwhile.
      const row = at && (String(rows[at.index]?.key) === at.key ? rows[at.index] : rows.find((r) => String(r.key) === at.key));
      if (!at || !row) return;
      const want = Math.round(row.start + at.offset);
      if (Math.abs(el.scrollTop - want) > 1) el.scrollTop = want;
    };
    const observer = new ResizeObserver(() => {
      laid.current.width = el.clientWidth;
      laid.current.height = el.clientHeight;
      if (el.clientWidth !== width) {
        width = el.clientWidth;
        quiet.current = QUIET_FRAMES;
        self.current.shouldAdjustScrollPositionOnItemSizeChange = () => !settling();
      } else if (settling()) quiet.current = QUIET_FRAMES;
      if (settling() && !counting) {
        counting = true;
        requestAnimationFrame(countDown);
      }
      // The rows re-wrap over a few frames (each re-measured as it renders): follow them.
      if (stick.current || settling()) {
        pin();
        requestAnimationFrame(pin);
      }
    });
    const userMoves = (): void => {
      quiet.current = 0;
    };
    observer.observe(el);
    observer.observe(inner);
    el.addEventListener('wheel', userMoves, { passive: true });
    el.addEventListener('pointerdown', userMoves);
    el.addEventListener('keydown', userMoves);
    return () => {
      observer.disconnect();
      el.removeEventListener('wheel', userMoves);
      el.removeEventListener('pointerdown', userMoves);
      el.removeEventListener('keydown', userMoves);
    };
  }, [scroller, content, stick]);
  return { anchor: anchor.current };
}
