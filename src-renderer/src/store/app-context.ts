import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppStore } from './app-store';
import type { AppStoreState } from './store-types';

/**
 * What every component can reach: the store. The bridge to the host is inside it, behind the
 * slices' actions (store/<slice>/actions.ts); components never call it.
 */
export interface AppContextValue {
  store: AppStore;
}

export const AppContext = createContext<AppContextValue | null>(null);

function useAppContext(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('AppContext missing');
  return v;
}

/**
 * Selects from the store (a selector from store/<slice>/selectors.ts, or an action); re-renders
 * when the selected value changes.
 */
export function useApp<T>(selector: (s: AppStoreState) => T): T {
  return useStore(useAppContext().store, selector);
}

/** The raw store, for reading the current state in an event handler without subscribing. */
export function useAppStore(): AppStore {
  return useAppContext().store;
}
