import type { AppStoreState } from '../store-types';
import type { ModelConnectionResult } from '../../../../src-shared/contract/views';
import { modelOf } from '../chat/selectors';
import { modelListKey } from './state';

/** What the session header's model picker shows. */
export const modelSelectors = {
  /**
   * The model the shown session's next run uses: its own when it was switched; else Settings' (a
   * settings change reaches a session at its next turn), else the one the host resolved (env), else its last turn's.
   */
  model: (s: AppStoreState): string | undefined =>
    (s.agent.model?.switched ? s.agent.model.model : undefined) ?? (s.settings?.model || undefined) ?? s.agent.model?.model ?? modelOf(s.turns),
  /** The configured endpoint's models as last fetched (or 'loading'); undefined before any fetch. */
  list: (s: AppStoreState): ModelConnectionResult | 'loading' | undefined => s.modelLists[modelListKey(s.settings)],
};
