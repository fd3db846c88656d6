import type { Checkpoint } from '../../../../src-shared/contract/checkpoint-views';
import type { AppStoreState } from '../store-types';

/** The checkpoint taken after the run that ended with agent_end `seq` (the chat's end row), if any. */
export function checkpointAfter(list: readonly Checkpoint[], seq: number): Checkpoint | undefined {
  return list.find((c) => c.kind === 'turn' && c.afterSeq === seq);
}

export const checkpointsSelectors = {
  list: (s: AppStoreState) => s.checkpoints,
  panel: (s: AppStoreState) => s.restorePanel,
  lastRestore: (s: AppStoreState) => s.lastRestore,
  message: (s: AppStoreState) => s.checkpointMessage,
};
