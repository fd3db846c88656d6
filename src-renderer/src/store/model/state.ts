import type { ModelConnectionResult } from '../../../../src-shared/contract/views';

/** The model picker's slice: the server's model lists, one per endpoint (provider and base URL), as last fetched. */
export interface ModelPickerState {
  /** Keyed by `modelListKey` of the settings they were fetched with; 'loading' while a fetch runs. */
  modelLists: Record<string, ModelConnectionResult | 'loading'>;
}

/** Nothing fetched yet. */
export function initialModelPickerState(): ModelPickerState {
  return { modelLists: {} };
}

/** The cache key of an endpoint's model list: the same provider and base URL list the same models. */
export function modelListKey(settings: { provider: string; baseURL: string } | null): string {
  return settings ? `${settings.provider} ${settings.baseURL}` : '';
}
