import type { PendingDialog } from '../../../../src-shared/contract/views';

/** The dialogs slice: the approvals, questions and MCP forms waiting for the user, oldest first. */
export interface DialogsState {
  pending: PendingDialog[];
}

/** Nothing waiting. */
export function initialDialogsState(): DialogsState {
  return { pending: [] };
}
