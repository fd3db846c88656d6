/** The inspector slice: which sub-tab shows, which model turn is open, and a chat row to bring into view. */
export interface InspectorState {
  inspectorTab: 'calls' | 'turns';
  /** The model turn opened in *Model turns* (its key); null: none. */
  openTurnKey: string | null;
  /**
   * A conversation row to scroll to (a call revealed from elsewhere, or stepped to with Alt+↓/↑),
   * drawn in full at once; `nonce` repeats a request. `align`: where the row comes to rest
   * (`center`, or `auto`: the least scrolling that shows it whole); `center` when absent.
   */
  revealRow: { index: number; nonce: number; align?: 'center' | 'auto' } | null;
}

/** The call list, no turn open. */
export function initialInspectorState(): InspectorState {
  return { inspectorTab: 'calls', openTurnKey: null, revealRow: null };
}
