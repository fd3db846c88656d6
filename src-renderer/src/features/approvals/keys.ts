import type { AppStoreState } from '../../store/store-types';
import { dialogsSelectors, nextApproval, type WaitingApproval } from '../../store/dialogs/selectors';
import { defaultButton, focusComposer, focusedRequestId, withApprovalElement } from './focus';
import { needsDeliberateAllow } from './deliberate';

/** The request a key acts on: the one holding the focus, else the oldest waiting. */
function target(s: AppStoreState): WaitingApproval | undefined {
  const list = dialogsSelectors.approvals(s);
  const id = focusedRequestId();
  return list.find((d) => d.requestId === id) ?? list[0];
}

/**
 * Alt+Shift+A: allows the request in focus (else the oldest). A dangerous one is only brought
 * into view with its Allow pressed once: a second press (Enter, or Alt+Shift+A again) allows.
 */
export function allowByKey(s: AppStoreState): void {
  const d = target(s);
  if (!d) return;
  if (!needsDeliberateAllow(d)) {
    void s.answerApproval(d.requestId, 'allow');
    return;
  }
  withApprovalElement(d, s.revealCall, (el) => {
    const allow = el.querySelector<HTMLButtonElement>('[data-testid="approve-once"]');
    allow?.focus();
    allow?.click();
  });
}

/** Alt+Shift+D: denies the request in focus (else the oldest); the focus moves on to the next one or the message box. */
export function denyByKey(s: AppStoreState): void {
  const d = target(s);
  if (!d) return;
  const inside = focusedRequestId() === d.requestId;
  void s.answerApproval(d.requestId, 'deny').then(() => {
    if (inside) nextByKey(s, true);
  });
}

/** Alt+Shift+N: brings the next waiting request into view and focuses its default button. */
export function nextByKey(s: AppStoreState, orComposer = false): void {
  const list = dialogsSelectors.approvals(s);
  const d = nextApproval(list, focusedRequestId());
  if (!d) {
    if (orComposer) focusComposer();
    return;
  }
  withApprovalElement(d, s.revealCall, (el) => defaultButton(el)?.focus());
}
