import type { AppStoreState } from '../store-types';

/** What the conversation and the top bar show. */
export const chatSelectors = {
  sessionId: (s: AppStoreState) => s.sessionId,
  title: (s: AppStoreState) => s.title,
  items: (s: AppStoreState) => s.chat.items,
  earlierRows: (s: AppStoreState) => s.earlierRows,
  running: (s: AppStoreState) => s.agent.running,
  turns: (s: AppStoreState) => s.turns,
};
