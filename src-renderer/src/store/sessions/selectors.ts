import type { AppStoreState } from '../store-types';

/** What the sidebar shows. */
export const sessionsSelectors = {
  sessions: (s: AppStoreState) => s.sessions,
  query: (s: AppStoreState) => s.sessionQuery,
  usageSummary: (s: AppStoreState) => s.usageSummary,
  exportNote: (s: AppStoreState) => s.exportNote,
};
