import type { SliceActions } from '../store-types';
import type { InspectorState } from './state';

/** The inspector slice's actions (pure state changes). */
export interface InspectorActions {
  setInspectorTab(tab: InspectorState['inspectorTab']): void;
  /** Opens (or closes, when it is open) a model turn in the inspector. */
  toggleTurn(key: string): void;
  /** Shows a model turn in the inspector, opened. */
  inspectTurn(key: string): void;
  /** Shows a call's card in the chat and its detail in the inspector (from a context item or a timeline bar). */
  revealCall(callId: string): void;
  /** Brings a call's card into view with the least scrolling, drawn in full (Alt+↓/↑ onto it). */
  showCallInChat(callId: string): void;
}

/** Builds the inspector slice's actions. */
export const inspectorActions: SliceActions<InspectorActions> = (set, get) => ({
  setInspectorTab: (inspectorTab) => set({ inspectorTab }),
  toggleTurn: (key) => set({ openTurnKey: get().openTurnKey === key ? null : key }),
  inspectTurn: (key) => {
    set({ inspectorTab: 'turns', openTurnKey: key });
    get().setRightTab('inspector');
  },
  revealCall: (callId) => {
    get().inspectCall(callId);
    set({ inspectorTab: 'calls' });
    const s = get();
    const row = s.chat.messageIndex.get(`call:${callId}`);
    set({ revealRow: row === undefined ? null : { index: row, nonce: (s.revealRow?.nonce ?? 0) + 1 } });
  },
  showCallInChat: (callId) => {
    const s = get();
    const row = s.chat.messageIndex.get(`call:${callId}`);
    if (row !== undefined) set({ revealRow: { index: row, nonce: (s.revealRow?.nonce ?? 0) + 1, align: 'auto' } });
  },
});
