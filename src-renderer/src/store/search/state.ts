import type { SearchHitView } from '../../../../src-shared/contract/insight-views';

/** The search slice: the hits of the sidebar's query across every saved session's content. */
export interface SearchState {
  /** The query the hits answer ('' = none). */
  searchQuery: string;
  searchHits: SearchHitView[];
  /** Why the query was refused (a bad filter), shown under the box. */
  searchError: string | null;
  searchBusy: boolean;
}

/** No search yet. */
export function initialSearchState(): SearchState {
  return { searchQuery: '', searchHits: [], searchError: null, searchBusy: false };
}
