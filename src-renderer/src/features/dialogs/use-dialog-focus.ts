import { useEffect, useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Moves the focus into a dialog when it opens (its first field, else its first button) and back
 * to where it was when it closes, so keyboard users are never left behind a modal. `shown`: the
 * dialog is drawn (one that waits for its data, as Settings does for the host's settings, moves
 * the focus in when it is drawn, not when it was asked for).
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      // Only give it back if the focus is still inside the dialog (or nowhere).
      if (before && before.isConnected && (!document.activeElement || document.activeElement === document.body || el?.contains(document.activeElement))) before.focus();
    };
  }, [ref, shown]);
}

/**
 * While `open` (a queue of dialogs showing one after the other), remembers where the focus was
 * before the first one and gives it back when the last one closes (each dialog focuses its own
 * first control).
 */
export function useFocusReturn(open: boolean): void {
  // A layout effect: it runs before the dialog's own (passive) effect moves the focus into it.
  useLayoutEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const now = document.activeElement;
      // The dialog's control had the focus and is gone (focus fell to the body): give it back.
      if (before && before.isConnected && (!now || now === document.body || !now.isConnected)) before.focus();
    };
  }, [open]);
}
