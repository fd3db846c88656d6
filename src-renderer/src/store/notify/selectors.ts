import type { AppStoreState } from '../store-types';

/** The title badge. */
export const notifySelectors = {
  unseen: (s: AppStoreState) => s.unseen,
};
