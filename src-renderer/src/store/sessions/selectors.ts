import type { AppStoreState } from '../store-types';

/** What the sidebar shows. */
export const sessionsSelectors = {
  sessions: (s: AppStoreState) => s.sessions,
  query: (s: AppStoreState) => s.sessionQuery,
  usageSummary: (s: AppStoreState) => s.usageSummary,
  exportNote: (s: AppStoreState) => s.exportNote,
  /** The first session (other than the one shown) where a dialog waits for the human, or null. */
  needsYou: (s: AppStoreState): string | null => s.sessions.find((x) => x.live === 'needs-you' && x.id !== s.sessionId)?.id ?? null,
};

/** How the sidebar names a session's live state (absent: not open in this host, or idle). */
export const LIVE_LABEL: Record<string, string> = {
  running: 'running',
  'needs-you': 'needs you',
  finished: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
};
