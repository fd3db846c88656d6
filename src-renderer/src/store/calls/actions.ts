import type { CallFilter } from '../../../../src-shared/contract/views';
import { downloadFile } from '../download';
import type { SliceActions } from '../store-types';
import { filterCallIds, steppedCallId } from './selectors';

/** The calls slice's actions. */
export interface CallsActions {
  selectCall(id: string | null): void;
  setFilter(f: CallFilter): void;
  /** Selects the next or previous call that passes the filter and shows the inspector; returns its id. */
  stepCall(direction: 'next' | 'prev'): string | null;
  /** Selects a call and shows it in the inspector. */
  inspectCall(id: string): void;
  /** Saves one call as JSON (a browser download). */
  exportCall(callId: string): Promise<void>;
  /** Saves the calls that pass the filter as JSON. */
  exportFilteredCalls(): Promise<void>;
}

/** Builds the calls slice's actions. */
export const callsActions: SliceActions<CallsActions> = (set, get, bridge) => ({
  selectCall: (selectedCallId) => set({ selectedCallId }),
  setFilter: (filter) => set({ filter }),
  stepCall: (direction) => {
    // Worked out on demand: subscribing to the filtered list would re-render per call event.
    const s = get();
    const id = steppedCallId(filterCallIds(s.calls, s.filter), s.selectedCallId, direction);
    if (id) get().inspectCall(id);
    return id;
  },
  inspectCall: (id) => {
    get().selectCall(id);
    get().setRightTab('inspector');
  },
  exportCall: async (callId) => {
    try {
      downloadFile(await bridge().calls.export(callId));
    } catch (err) {
      get().reportError('Export call', err);
    }
  },
  exportFilteredCalls: async () => {
    try {
      downloadFile(await bridge().calls.export(undefined, get().filter));
    } catch (err) {
      get().reportError('Export calls', err);
    }
  },
});
