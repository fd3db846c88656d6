import type { SliceActions } from '../store-types';
import { attentionFor, type Attention } from './attention';

/** The notify slice's actions. */
export interface NotifyActions {
  /**
   * While the window is open: a run that finishes or fails, or an approval or question, while the
   * window is not focused bumps the title's badge and shows a notification (the desktop's through
   * the host, else the browser's when permitted). Focusing the window clears the badge. Returns
   * the unsubscribe.
   */
  watchAttention(): () => void;
  /** Asks the browser for permission to notify (from a user's click). */
  requestNotifyPermission(): Promise<void>;
  clearUnseen(): void;
}

/** Whether the user is looking at this window. */
function looking(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

function browserNotify(a: Attention): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const n = new Notification(a.title, { body: a.body, tag: `glassbox-${a.tag}` });
  n.onclick = () => {
    window.focus();
    n.close();
  };
}

/** Builds the notify slice's actions. */
export const notifyActions: SliceActions<NotifyActions> = (set, get, bridge) => ({
  clearUnseen: () => {
    if (get().unseen) set({ unseen: 0 });
  },
  requestNotifyPermission: async () => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission();
  },
  watchAttention: () => {
    const api = bridge();
    const off = api.agent.onEvent((e) => {
      if (e.session !== get().sessionId || looking()) return;
      const a = attentionFor(e, get().title);
      if (!a) return;
      set({ unseen: get().unseen + 1 });
      api.app.notify(a.title, a.body).then(
        (r) => r.shown || browserNotify(a),
        () => browserNotify(a),
      );
    });
    const onFocus = (): void => {
      if (looking()) get().clearUnseen();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      off();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  },
});
