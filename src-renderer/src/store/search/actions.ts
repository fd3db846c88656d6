import type { SearchHitView } from '../../../../src-shared/contract/insight-views';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';

/** The search slice's actions. */
export interface SearchActions {
  /** Searches every saved session's messages, tool arguments and results (empty: clears the hits). */
  searchContent(query: string): Promise<void>;
  /** Opens a hit's session (when it is not the current one) and selects its call's card and inspector. */
  openSearchHit(hit: SearchHitView): Promise<void>;
}

/** Builds the search slice's actions. */
export const searchActions: SliceActions<SearchActions> = (set, get, bridge) => {
  let asked = 0;
  return {
    searchContent: async (query) => {
      const token = ++asked;
      const q = query.trim();
      if (!q) {
        set({ searchQuery: '', searchHits: [], searchError: null, searchBusy: false });
        return;
      }
      set({ searchBusy: true });
      try {
        const hits = await bridge().sessions.search(q, 100);
        if (token === asked) set({ searchQuery: q, searchHits: hits, searchError: null, searchBusy: false });
      } catch (err) {
        if (token === asked) set({ searchQuery: q, searchHits: [], searchError: errorText(err), searchBusy: false });
      }
    },
    openSearchHit: async (hit) => {
      try {
        if (hit.session !== get().sessionId) await bridge().sessions.open(hit.session);
        if (!hit.callId) return;
        // The opened session's view arrives as an event: wait until its call is known.
        for (let i = 0; i < 50 && (get().sessionId !== hit.session || !get().calls.byId.get(hit.callId)); i++) await new Promise((r) => setTimeout(r, 100));
        get().revealCall(hit.callId);
      } catch (err) {
        get().reportError('Open search hit', err);
      }
    },
  };
};
