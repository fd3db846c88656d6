import { matchesCallFilter, type CallIndex } from '../../../../src-shared/read-models/call-index';
import type { CallFilter } from '../../../../src-shared/contract/views';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';

/** The ids of the calls that pass the filter, in order. Pure. */
export function filterCallIds(calls: CallIndex, filter: CallFilter): string[] {
  return calls.order.filter((id) => matchesCallFilter(calls.byId.get(id)!, filter));
}

/** The distinct values of one field over the session's calls, sorted. Pure. */
export function distinctCallValues(calls: CallIndex, field: 'tool' | 'source'): string[] {
  return [...new Set(calls.order.map((id) => calls.byId.get(id)![field]))].sort();
}

/**
 * The call to select after `current` going one step `direction` through `ids`: the first
 * (next) or the last (previous) when nothing is selected; null when there are no calls. Pure.
 */
export function steppedCallId(ids: readonly string[], current: string | null, direction: 'next' | 'prev'): string | null {
  if (!ids.length) return null;
  const i = current ? ids.indexOf(current) : -1;
  const j = direction === 'next' ? Math.min(ids.length - 1, i + 1) : Math.max(0, i < 0 ? ids.length - 1 : i - 1);
  return ids[j]!;
}

// The index is mutated in place: `callsVersion` is part of every memo's key.
const filtered = memoLast((calls: CallIndex, filter: CallFilter, _version: number) => filterCallIds(calls, filter));
const tools = memoLast((calls: CallIndex, _version: number) => distinctCallValues(calls, 'tool'));
const sources = memoLast((calls: CallIndex, _version: number) => distinctCallValues(calls, 'source'));

/** What the cards, the call list and the inspector show. */
export const callsSelectors = {
  calls: (s: AppStoreState) => s.calls,
  version: (s: AppStoreState) => s.callsVersion,
  filter: (s: AppStoreState) => s.filter,
  selectedCallId: (s: AppStoreState) => s.selectedCallId,
  selectedCall: (s: AppStoreState) => (s.selectedCallId ? s.calls.byId.get(s.selectedCallId) : undefined),
  /** The ids of the calls that pass the filter (the same array until calls or filter change). */
  filteredCallIds: (s: AppStoreState) => filtered(s.calls, s.filter, s.callsVersion),
  tools: (s: AppStoreState) => tools(s.calls, s.callsVersion),
  sources: (s: AppStoreState) => sources(s.calls, s.callsVersion),
  callById: (id: string) => (s: AppStoreState) => s.calls.byId.get(id),
  isSelected: (id: string) => (s: AppStoreState) => s.selectedCallId === id,
};
