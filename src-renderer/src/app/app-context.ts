import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { GlassboxApi } from '../../../src-shared/contract/client';
import type { AppActions, AppState, AppStore } from '../store/app-store';

/** What every component can reach: the bridge API and the store. */
export interface AppContextValue {
  api: GlassboxApi;
  store: AppStore;
}

export const AppContext = createContext<AppContextValue | null>(null);

function useAppContext(): AppContextValue {
  const v = useContext(AppContext);
  if (!v) throw new Error('AppContext missing');
  return v;
}

/** The bridge API (`api.agent.send(text)`, …). Workbench panes use this too. */
export function useGlassboxApi(): GlassboxApi {
  return useAppContext().api;
}

/** Selects from the store; re-renders when the selected value changes. */
export function useApp<T>(selector: (s: AppState & AppActions) => T): T {
  return useStore(useAppContext().store, selector);
}

/** The raw store, for actions outside render. */
export function useAppStore(): AppStore {
  return useAppContext().store;
}
