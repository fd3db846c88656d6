import type { AppStoreState } from '../store-types';

/** What the conversation and the top bar show. */
export const chatSelectors = {
  sessionId: (s: AppStoreState) => s.sessionId,
  title: (s: AppStoreState) => s.title,
  items: (s: AppStoreState) => s.chat.items,
  earlierRows: (s: AppStoreState) => s.earlierRows,
  running: (s: AppStoreState) => s.agent.running,
  /** The OS sandbox of the shell and Python; `active: false` shows the "unsandboxed" badge. */
  sandbox: (s: AppStoreState) => s.agent.sandbox,
  turns: (s: AppStoreState) => s.turns,
};
