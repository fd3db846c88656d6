import type { WaitingApproval } from '../../store/dialogs/selectors';

/** The inline request of `requestId` on screen, if its card is rendered. */
export function approvalElement(requestId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(requestId)}"]`);
}

/** The request the focus is in, if any. */
export function focusedRequestId(): string | null {
  const el = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-request-id]') : null;
  return el?.dataset.requestId ?? null;
}

/** The control a request focuses first: Deny for a dangerous command or a sandbox escape, else Allow once. */
export function defaultButton(el: HTMLElement): HTMLElement | null {
  return el.querySelector<HTMLElement>('[data-default-action]');
}

/**
 * Brings a request's card into view (the conversation is virtualized: the card may not be
 * rendered yet) and then runs `then` on its element, once it exists. Gives up after ~40 frames.
 */
export function withApprovalElement(d: WaitingApproval, reveal: (callId: string) => void, then: (el: HTMLElement) => void): void {
  const now = approvalElement(d.requestId);
  if (now) {
    now.scrollIntoView({ block: 'nearest' });
    then(now);
    return;
  }
  reveal(d.callId);
  let frames = 0;
  const tick = (): void => {
    const el = approvalElement(d.requestId);
    if (el) {
      el.scrollIntoView({ block: 'nearest' });
      then(el);
    } else if (++frames < 40) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Puts the focus in the message box (where Esc in a request and the last answer leave it). */
export function focusComposer(): void {
  document.querySelector<HTMLElement>('[data-testid="composer-input"]')?.focus();
}
