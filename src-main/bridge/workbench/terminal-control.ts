import type { TerminalActionResult, TerminalState } from '../../../src-shared/contract/workbench-views';

/** Why typing is refused or held; shown to the user as-is. */
export const TERMINAL_REASONS = {
  notTakenOver: 'The agent owns this terminal. Take over to type.',
  busyTakeOver: 'The agent is running a command. You can take over when it finishes.',
  held: 'The agent is running a command; your typing is held and sent when it finishes.',
  notStarted: 'The shell is not running yet.',
} as const;

/**
 * Who may type into the agent's pty, as a pure state machine: the user types only after taking
 * over; while the agent's command runs, the user's input is held and flushed when it ends (so a
 * keystroke can never land in the middle of the agent's command). The pty is reached only
 * through the injected `write`, which keeps this testable without one.
 */
export class TerminalControl {
  private owner: TerminalState['owner'] = 'agent';
  private busy = false;
  private alive = false;
  private held = '';
  private readonly listeners = new Set<(s: TerminalState) => void>();

  constructor(private readonly write: (data: string) => void) {}

  /** The current state. */
  get state(): TerminalState {
    return { owner: this.owner, busy: this.busy, alive: this.alive, held: this.held.length };
  }

  /** Calls `fn` on every state change; returns the unsubscribe function. */
  onChange(fn: (s: TerminalState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** The shell started or exited. */
  setAlive(alive: boolean): void {
    if (this.alive === alive) return;
    this.alive = alive;
    if (!alive) this.busy = false;
    this.changed();
  }

  /** The agent's command started (true) or ended (false); the end flushes held input. */
  setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    if (busy) this.alive = true;
    if (!busy && this.held && this.owner === 'user') {
      const data = this.held;
      this.held = '';
      this.write(data);
    }
    this.changed();
  }

  /** The user takes the terminal; refused while a command runs. */
  takeOver(): TerminalActionResult {
    if (this.busy) return { ok: false, reason: TERMINAL_REASONS.busyTakeOver, state: this.state };
    if (this.owner !== 'user') {
      this.owner = 'user';
      this.changed();
    }
    return { ok: true, state: this.state };
  }

  /** The user gives the terminal back; anything still held is dropped, not sent. */
  release(): TerminalActionResult {
    const changed = this.owner !== 'agent' || this.held !== '';
    this.owner = 'agent';
    this.held = '';
    if (changed) this.changed();
    return { ok: true, state: this.state };
  }

  /** User keystrokes: written, held while busy, or refused when the user has not taken over. */
  input(data: string): TerminalActionResult {
    if (this.owner !== 'user') return { ok: false, reason: TERMINAL_REASONS.notTakenOver, state: this.state };
    if (!this.alive) return { ok: false, reason: TERMINAL_REASONS.notStarted, state: this.state };
    if (this.busy) {
      this.held += data;
      this.changed();
      return { ok: false, reason: TERMINAL_REASONS.held, state: this.state };
    }
    this.write(data);
    return { ok: true, state: this.state };
  }

  private changed(): void {
    const s = this.state;
    for (const fn of [...this.listeners]) fn(s);
  }
}
