import { useEffect, type RefObject } from 'react';

/**
 * How every popover of the window under a button closes: Esc from anywhere (the focus may still
 * be on the button) closes it and gives the focus back to the button; a press outside both the
 * popover and its button closes it; with `onResize`, a resized window closes it too (it was
 * placed under the button when opened).
 */
export function usePopoverDismiss(open: boolean, close: () => void, button: RefObject<HTMLElement | null>, pop: RefObject<HTMLElement | null>, opts: { onResize?: boolean } = {}): void {
  const { onResize = false } = opts;
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent): void => {
      const t = e.target as Node;
      if (!pop.current?.contains(t) && !button.current?.contains(t)) close();
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey, true);
    if (onResize) window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey, true);
      if (onResize) window.removeEventListener('resize', close);
    };
  }, [open, close, button, pop, onResize]);
}
