import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';
import type { ViewMoves } from './scroll-pace';

/** How long (ms) after the conversation's width changed its rows may still be settling to their new heights. */
const SETTLE_MS = 1500;

/** How near the bottom (px) a scroll still counts as at the bottom. */
const NEAR_BOTTOM = 80;

/**
 * Where the conversation stays when its size changes (the window or a column resized, rows
 * measured), as in chat apps: at the bottom when it was at the bottom (`stick`), else on the row
 * being read — the first row in view keeps its distance from the top of the view while the rows
 * re-wrap to their new heights. At the bottom, rows measured to other heights than their estimates
 * (a session just opened) keep it at the bottom too. `scrolled()` is to be called on every scroll
 * event with the user's move (`moves`): it decides `stick` and remembers the row being read.
 */
export function useResizeAnchor(scroller: RefObject<HTMLDivElement | null>, content: RefObject<HTMLDivElement | null>, stick: RefObject<boolean>, virtualizer: Virtualizer<HTMLDivElement, Element>, moves: ViewMoves): { scrolled: (dy: number) => void } {
  const read = useRef<{ key: string; offset: number } | null>(null);
  const self = useRef(virtualizer);
  self.current = virtualizer;
  const scrolled = useRef((dy: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = el.scrollTop;
    // Near the bottom the view sticks there; it lets go only when the user moved it up (`dy`, from
    // ViewMoves). Rows that grew after a scroll down (a session opening, rows measured to their
    // heights) leave it further from the bottom without anyone leaving the bottom; the app's own
    // moves (pinning it to a bottom that shrank, keeping a row in place while rows above it are
    // measured shorter) move it up without the user.
    if (el.scrollHeight - top - el.clientHeight < NEAR_BOTTOM) stick.current = true;
    else if (dy < 0) stick.current = false;
    // For tests and devtools: whether the view follows the bottom (written only when it changes).
    const stuck = String(stick.current);
    if (el.dataset.stuck !== stuck) el.dataset.stuck = stuck;
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
        moves.placed(el.scrollTop);
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
  }, [scroller, content, stick, moves]);
  return { scrolled: scrolled.current };
}
