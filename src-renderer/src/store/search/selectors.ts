import type { AppStoreState } from '../store-types';

/** What the sidebar's content hits show. */
export const searchSelectors = {
  query: (s: AppStoreState) => s.searchQuery,
  hits: (s: AppStoreState) => s.searchHits,
  error: (s: AppStoreState) => s.searchError,
  busy: (s: AppStoreState) => s.searchBusy,
};
