import type { AppStoreState } from '../store-types';

/** What the inspector's tabs show. */
export const inspectorSelectors = {
  tab: (s: AppStoreState) => s.inspectorTab,
  openTurnKey: (s: AppStoreState) => s.openTurnKey,
  revealRow: (s: AppStoreState) => s.revealRow,
};
