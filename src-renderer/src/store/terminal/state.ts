import type { TerminalState } from '../../../../src-shared/contract/workbench-views';

/** The terminal slice: who owns the agent's shell and what happened to the user's last input. */
export interface TerminalPaneState {
  terminal: TerminalState;
  /** Why the last keystrokes or take-over did not go through; null when they did. */
  terminalNote: string | null;
}

/** Before the pane attached: the agent's, not running. */
export const INITIAL_TERMINAL: TerminalState = { owner: 'agent', busy: false, alive: false, held: 0 };

/** Not attached. */
export function initialTerminalState(): TerminalPaneState {
  return { terminal: INITIAL_TERMINAL, terminalNote: null };
}
