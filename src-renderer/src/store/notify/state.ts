/** The notify slice: what happened while the window was not in front (the title's badge). */
export interface NotifyState {
  /** Runs that ended and requests for you since the window was last focused: "(2) … — Glassbox". */
  unseen: number;
}

/** Nothing unseen. */
export function initialNotifyState(): NotifyState {
  return { unseen: 0 };
}
