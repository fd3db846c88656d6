import { createCallIndex, type CallIndex } from '../../../../src-shared/read-models/call-index';
import type { CallFilter } from '../../../../src-shared/contract/views';

/** The calls slice: the session's tool calls (folded from its events), the selection and the filter. */
export interface CallsState {
  calls: CallIndex;
  /** Bumped whenever `calls` changed (it is mutated in place for speed). */
  callsVersion: number;
  selectedCallId: string | null;
  filter: CallFilter;
}

/** No calls yet. */
export function initialCallsState(): CallsState {
  return { calls: createCallIndex(), callsVersion: 0, selectedCallId: null, filter: {} };
}
