import type { TerminalState } from '../../../../src-shared/contract/workbench-views';

/** What the terminal pane says and allows in a given state. Pure. */
export interface TerminalBanner {
  text: string;
  /** `hold` while the user's typing waits for the agent's command. */
  tone: 'info' | 'hold' | 'user';
  canTakeOver: boolean;
  canRelease: boolean;
  /** Whether keystrokes are sent to the host at all. */
  acceptsInput: boolean;
}

/** The banner for a state. */
export function terminalBanner(s: TerminalState): TerminalBanner {
  if (!s.alive) {
    return { text: 'The agent’s shell is not running yet. It starts with the first bash command.', tone: 'info', canTakeOver: false, canRelease: s.owner === 'user', acceptsInput: false };
  }
  if (s.owner === 'user') {
    if (s.busy) {
      return {
        text: `The agent is running a command. Your typing is held${s.held ? ` (${s.held} characters)` : ''} and sent when it finishes.`,
        tone: 'hold',
        canTakeOver: false,
        canRelease: true,
        acceptsInput: true,
      };
    }
    return { text: 'You have the terminal. Type commands; give it back when you are done.', tone: 'user', canTakeOver: false, canRelease: true, acceptsInput: true };
  }
  if (s.busy) {
    return { text: 'The agent is running a command. You can take over when it finishes.', tone: 'hold', canTakeOver: false, canRelease: false, acceptsInput: false };
  }
  return { text: 'The agent owns this terminal (read-only). Take over to type.', tone: 'info', canTakeOver: true, canRelease: false, acceptsInput: false };
}
