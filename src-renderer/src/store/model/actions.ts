import type { ModelConnectionResult } from '../../../../src-shared/contract/views';
import type { SliceActions } from '../store-types';
import { modelListKey } from './state';

/** The model picker's actions. */
export interface ModelPickerActions {
  /** Switches the shown session's model (that session only; Settings stay the default for new ones). True when the host took it. */
  setSessionModel(model: string): Promise<boolean>;
  /**
   * Fetches the configured endpoint's models (`GET <base URL>/models`, as Test connection does)
   * unless they are cached already; `refresh` fetches again.
   */
  loadModelList(refresh?: boolean): Promise<void>;
  /** Keeps an endpoint's list fetched elsewhere (Settings' Test connection). */
  cacheModelList(key: string, result: ModelConnectionResult): void;
}

/** Builds the model picker's actions. */
export const modelPickerActions: SliceActions<ModelPickerActions> = (set, get, bridge) => ({
  setSessionModel: async (model) => {
    try {
      get().setAgentState(await bridge().sessions.setModel(model));
      return true;
    } catch (err) {
      get().reportError('Model', err);
      return false;
    }
  },
  loadModelList: async (refresh = false) => {
    const settings = get().settings;
    if (!settings) return;
    const key = modelListKey(settings);
    const have = get().modelLists[key];
    if (have === 'loading' || (have && have.ok && !refresh)) return;
    set({ modelLists: { ...get().modelLists, [key]: 'loading' } });
    let result: ModelConnectionResult;
    try {
      // The stored key is used on the host; the window never holds it.
      result = await bridge().settings.testConnection({ provider: settings.provider, baseURL: settings.baseURL });
    } catch (err) {
      result = { ok: false as const, error: err instanceof Error ? err.message : String(err) };
    }
    get().cacheModelList(key, result);
  },
  cacheModelList: (key, result) => set({ modelLists: { ...get().modelLists, [key]: result } }),
});
