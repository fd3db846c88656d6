import type { SecretRedactor } from '../../core/secrets/redactor';
import { redactedOutput } from '../../core/secrets/redacted-output';
import { TerminalControl } from './terminal-control';
import type {
  TerminalActionResult,
  TerminalAttachment,
  TerminalState,
} from '../../../src-shared/contract/workbench-views';

/**
 * What the terminal pane needs from the agent's shell (`BashShell`): its raw pty output,
 * a way to type and resize, whether a command of the agent's is running, and the scrollback
 * for a late attach.
 */
export interface ShellPort {
  onData(listener: (data: string) => void): () => void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  readonly busy: boolean;
  onBusyChange(listener: (busy: boolean) => void): () => void;
  recentOutput(): string;
  /** Starts the shell now (so an attached terminal shows a prompt before the first command). */
  start?(): Promise<void>;
  /** Called when the shell process exits (after `exit`, a restart, dispose). */
  onExit?(listener: () => void): () => void;
}

/** Where the terminal service pushes pty output and state changes (the bridge events). */
export interface TerminalSink {
  data(data: string): void;
  state(state: TerminalState): void;
}

/**
 * Attaches the terminal pane to the agent's own pty: output is pushed live, user input goes
 * through TerminalControl (take-over, held while the agent runs a command). One per session;
 * the shell is started lazily on the first attach or by the agent's first bash call.
 */
export class TerminalService {
  readonly control: TerminalControl;
  private shell: ShellPort | null = null;
  private offs: Array<() => void> = [];
  private attaching: Promise<ShellPort> | null = null;

  /**
   * @param redactor the session's secrets: hidden in the live output and the scrollback (a
   * `bash` call that prints an API key shows `[REDACTED]` in the pane, as in the call's result).
   */
  constructor(
    private readonly getShell: () => ShellPort | Promise<ShellPort>,
    private readonly sink: TerminalSink,
    private readonly redactor?: SecretRedactor,
  ) {
    this.control = new TerminalControl((data) => this.shell?.write(data));
    this.control.onChange((s) => this.sink.state(s));
  }

  /** Starts (or joins) the shell and returns its scrollback and the state. */
  async attach(): Promise<TerminalAttachment> {
    const shell = await this.ensureShell();
    await shell.start?.();
    const recent = shell.recentOutput();
    return { recent: this.redactor?.active ? this.redactor.redact(recent) : recent, state: this.control.state };
  }

  /** Joins a shell the agent already started, without starting one (called on bash use). */
  adopt(shell: ShellPort): void {
    if (this.shell === shell) return;
    this.bind(shell);
  }

  write(data: string): TerminalActionResult {
    return this.control.input(data);
  }

  resize(cols: number, rows: number): void {
    if (cols > 0 && rows > 0 && cols <= 1000 && rows <= 1000) this.shell?.resize(Math.floor(cols), Math.floor(rows));
  }

  takeOver(): TerminalActionResult {
    return this.control.takeOver();
  }

  release(): TerminalActionResult {
    return this.control.release();
  }

  /** Detaches from the shell (the session owns and disposes it). */
  dispose(): void {
    for (const off of this.offs) off();
    this.offs = [];
    this.shell = null;
  }

  private async ensureShell(): Promise<ShellPort> {
    if (this.shell) return this.shell;
    this.attaching ??= Promise.resolve(this.getShell()).then((shell) => {
      if (this.shell !== shell) this.bind(shell);
      return shell;
    });
    try {
      return await this.attaching;
    } finally {
      this.attaching = null;
    }
  }

  private bind(shell: ShellPort): void {
    for (const off of this.offs) off();
    this.shell = shell;
    const output = this.redactor?.active ? redactedOutput(this.redactor, (d) => this.sink.data(d), TERMINAL_HOLD_MS) : null;
    this.offs = [
      output ? shell.onData((d) => output.write(d)) : shell.onData((d) => this.sink.data(d)),
      shell.onBusyChange((busy) => this.control.setBusy(busy)),
    ];
    if (output) this.offs.push(() => output.dispose());
    if (shell.onExit) {
      this.offs.push(
        shell.onExit(() => {
          if (this.shell === shell) this.control.setAlive(false);
        }),
      );
    }
    this.control.setAlive(true);
    this.control.setBusy(shell.busy);
  }
}

/** How long held pty output (text that could begin a secret) may wait for more before it goes out anyway (ms). */
export const TERMINAL_HOLD_MS = 40;
