import type { AppStoreState } from '../store-types';
import { noticesFor } from './notices';
import type { ShownNotice } from './state';

let lastIn: { notices: ShownNotice[]; session: string | null } | null = null;
let lastOut: ShownNotice[] = [];

/** The shown session's banners (the same array while nothing changed, as a store selector must). */
function shownNotices(s: AppStoreState): ShownNotice[] {
  if (!lastIn || lastIn.notices !== s.notices || lastIn.session !== s.sessionId) {
    lastIn = { notices: s.notices, session: s.sessionId };
    lastOut = noticesFor(s.notices, s.sessionId);
  }
  return lastOut;
}

/** What the frame shows. */
export const frameSelectors = {
  notices: shownNotices,
  connection: (s: AppStoreState) => s.connection,
  rightTab: (s: AppStoreState) => s.rightTab,
};
