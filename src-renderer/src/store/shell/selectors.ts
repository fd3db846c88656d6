import type { AppStoreState } from '../store-types';

/** What the shell shows. */
export const shellSelectors = {
  notices: (s: AppStoreState) => s.notices,
  connection: (s: AppStoreState) => s.connection,
  rightTab: (s: AppStoreState) => s.rightTab,
};
