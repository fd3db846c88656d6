import type { PendingDialog } from '../../../../src-shared/contract/views';
import type { SliceActions } from '../store-types';

/**
 * The dialogs slice's actions: the answers go to the host; the dialog closes when the host says
 * so. The slice's `pending` has one writer, `setPending`, fed only by the host's list (on load,
 * on `dialogs.changed`, and afresh when the connection shows another session); the event
 * reducer never touches it.
 */
export interface DialogsActions {
  setPending(p: PendingDialog[]): void;
  /** Asks the host what waits (dialogs survive a reload); `quiet` drops a failure instead of showing it. */
  loadPending(opts?: { quiet?: boolean }): Promise<void>;
  answerApproval(requestId: string, decision: 'allow' | 'deny', always?: boolean): Promise<void>;
  answerQuestion(requestId: string, answer: string): Promise<void>;
  answerElicitation(requestId: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): Promise<void>;
  /** Follows the host's list of waiting dialogs, also across session switches; returns the unsubscribe. */
  watchDialogs(): () => void;
}

/** Builds the dialogs slice's actions. */
export const dialogsActions: SliceActions<DialogsActions> = (set, get, bridge) => {
  const answered = async (what: string, send: () => Promise<unknown>): Promise<void> => {
    try {
      await send();
    } catch (err) {
      get().reportError(what, err);
    }
  };
  return {
    setPending: (pending) => set({ pending }),
    loadPending: async (opts) => {
      try {
        get().setPending(await bridge().dialogs.pending());
      } catch (err) {
        if (!opts?.quiet) get().reportError('Dialogs', err);
      }
    },
    answerApproval: (requestId, decision, always = false) => answered('Approval', () => bridge().dialogs.answerApproval(requestId, decision, always)),
    answerQuestion: (requestId, answer) => answered('Answer', () => bridge().dialogs.answerQuestion(requestId, answer)),
    answerElicitation: (requestId, action, content) => answered('Form', () => bridge().dialogs.answerElicitation(requestId, action, content)),
    watchDialogs: () => {
      const api = bridge();
      const offs = [
        api.dialogs.onChanged((p) => get().setPending(p)),
        // Another session's dialogs are not this one's: clear, then ask for the new session's.
        api.sessions.onSwitched(() => {
          get().setPending([]);
          void get().loadPending({ quiet: true });
        }),
      ];
      return () => offs.forEach((off) => off());
    },
  };
};
