import type { Notice } from '../../../../src-shared/contract/views';
import type { SliceActions } from '../store-types';
import { addNotice, callFailedNotice, clearModelNotices } from './notices';
import type { FrameState } from './state';

/** The frame slice's actions. */
export interface FrameActions {
  pushNotice(n: Notice): void;
  dismissNotice(id: number): void;
  /** Dismisses the banners with these codes (a saved setting fixed their cause). */
  dismissNoticeCodes(codes: readonly string[]): void;
  setConnection(c: FrameState['connection']): void;
  setRightTab(tab: string): void;
  /** Reports a failed bridge call in a banner instead of losing it. */
  reportError(what: string, err: unknown): void;
  /** Shows the host's notices as banners; returns the unsubscribe. */
  watchNotices(): () => void;
}

let noticeId = 0;

/** Builds the frame slice's actions. */
export const frameActions: SliceActions<FrameActions> = (set, get, bridge) => ({
  pushNotice: (n) => set({ notices: addNotice(get().notices, n, ++noticeId, get().sessionId) }),
  dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  dismissNoticeCodes: (codes) => {
    const notices = get().notices.filter((n) => !codes.includes(n.code));
    if (notices.length !== get().notices.length) set({ notices });
  },
  setConnection: (connection) => set({ connection }),
  setRightTab: (rightTab) => set({ rightTab }),
  reportError: (what, err) => get().pushNotice(callFailedNotice(what, err)),
  watchNotices: () => {
    const api = bridge();
    const offNotice = api.app.onNotice((n) => get().pushNotice(n));
    // A model request that succeeded ends that session's model problems.
    const offEvents = api.agent.onEvent((e) => {
      if (e.type !== 'model_response') return;
      const notices = clearModelNotices(get().notices, e.session);
      if (notices.length !== get().notices.length) set({ notices });
    });
    return () => {
      offNotice();
      offEvents();
    };
  },
});
