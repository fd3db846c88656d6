/** The inspector slice: which sub-tab shows, which model turn is open, and a chat row to bring into view. */
export interface InspectorState {
  inspectorTab: 'calls' | 'turns';
  /** The model turn opened in *Model turns* (its key); null: none. */
  openTurnKey: string | null;
  /** A conversation row to scroll to (a call revealed from elsewhere); `nonce` repeats a request. */
  revealRow: { index: number; nonce: number } | null;
}

/** The call list, no turn open. */
export function initialInspectorState(): InspectorState {
  return { inspectorTab: 'calls', openTurnKey: null, revealRow: null };
}
