import type { AppStoreState } from '../store-types';

/** What the dialog host shows: the oldest waiting dialog and how many wait behind it. */
export const dialogsSelectors = {
  current: (s: AppStoreState) => s.pending[0],
  waitingBehind: (s: AppStoreState) => Math.max(0, s.pending.length - 1),
};
