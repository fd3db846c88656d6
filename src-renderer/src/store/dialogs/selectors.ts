import type { PendingDialog } from '../../../../src-shared/contract/views';
import type { AppStoreState } from '../store-types';

/** A waiting approval request (shown in its call's card, not as a dialog). */
export type WaitingApproval = Extract<PendingDialog, { kind: 'approval' }>;

const isApproval = (d: PendingDialog): d is WaitingApproval => d.kind === 'approval';
let lastPending: PendingDialog[] | null = null;
let lastApprovals: WaitingApproval[] = [];

/** The approvals among the waiting requests, oldest first (the same array while nothing changed). */
function approvalsOf(s: AppStoreState): WaitingApproval[] {
  if (s.pending !== lastPending) {
    lastPending = s.pending;
    lastApprovals = s.pending.filter(isApproval);
  }
  return lastApprovals;
}

/**
 * What waits for the user. Approvals appear inline in their call's card (the window stays
 * usable); questions and MCP forms and pages are dialogs, shown one at a time.
 */
export const dialogsSelectors = {
  /** The oldest waiting dialog (not an approval). */
  current: (s: AppStoreState) => s.pending.find((d) => !isApproval(d)),
  /** Dialogs waiting behind the current one. */
  waitingBehind: (s: AppStoreState) => Math.max(0, s.pending.filter((d) => !isApproval(d)).length - 1),
  /** Every waiting approval, oldest first. */
  approvals: approvalsOf,
  /** The waiting approval of one call, if any. */
  approvalFor: (callId: string) => (s: AppStoreState) => approvalsOf(s).find((d) => d.callId === callId),
};

/**
 * The request after `requestId` (or the first when none or unknown), wrapping around: what
 * Alt+Shift+N moves to.
 */
export function nextApproval(list: readonly WaitingApproval[], requestId: string | null): WaitingApproval | undefined {
  if (!list.length) return undefined;
  const i = requestId ? list.findIndex((d) => d.requestId === requestId) : -1;
  return list[(i + 1) % list.length];
}
