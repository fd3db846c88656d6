import { ANY_633, STATE_REPORT_START, parseStateReport, type ShellState } from './shell-integration';
import { renderTerminalText } from './terminal-text';

/** Raw scrollback kept for a terminal that attaches late. */
const RECENT_OUTPUT_CHARS = 256 * 1024;
/** A state report longer than this is not one (it never ends): stop collecting it. */
const MAX_STATE_REPORT_CHARS = 256 * 1024;
const PROMPT_START = '\x1b]633;A\x07';
const PROMPT_END = '\x1b]633;B\x07';
const ANY_OUTPUT_START = '\x1b]633;C;';

type Listener<T> = (value: T) => void;

/**
 * What the shell's pty has shown: the recent scrollback for terminals that attach late, the
 * listeners that watch it live, whether the shell sits at its prompt (from the prompt markers,
 * whoever typed the command) and the state bash reports at each prompt.
 */
export class OutputScreen {
  private recent: string[] = [];
  private recentLength = 0;
  private readonly listeners = new Set<Listener<string>>();
  private markerCarry = '';
  private report: string | undefined;
  private lastState: ShellState | undefined;
  private promptWaiters: Array<() => void> = [];
  /** True while the shell waits at its prompt. */
  atPrompt = false;

  constructor(private cols: number) {}

  /** Adds a live listener of raw output; returns a disposer. */
  onData(listener: (data: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops every listener (the shell is disposed). */
  clearListeners(): void {
    this.listeners.clear();
  }

  /** The last ~256 KB of raw output. */
  recentOutput(): string {
    return this.recent.join('');
  }

  /** Later output renders at this width. */
  setWidth(cols: number): void {
    this.cols = cols;
  }

  /** The shell's state as reported at its last prompt; undefined before the first. */
  state(): ShellState | undefined {
    return this.lastState;
  }

  /** A new shell starts: its prompt state and reports begin afresh. */
  reset(): void {
    this.atPrompt = false;
    this.markerCarry = '';
    this.report = undefined;
    this.lastState = undefined;
  }

  /** Keeps scrollback, feeds the listeners and tracks the prompt and state reports. */
  record(data: string): void {
    this.recent.push(data);
    this.recentLength += data.length;
    while (this.recentLength > RECENT_OUTPUT_CHARS && this.recent.length > 1) {
      this.recentLength -= this.recent.shift()!.length;
    }
    if (this.recentLength > RECENT_OUTPUT_CHARS) {
      this.recent[0] = this.recent[0]!.slice(this.recentLength - RECENT_OUTPUT_CHARS);
      this.recentLength = RECENT_OUTPUT_CHARS;
    }
    for (const l of this.listeners) l(data);
    this.trackState(data);
    const scan = this.markerCarry + data;
    const lastStart = scan.lastIndexOf(ANY_OUTPUT_START);
    const lastPrompt = Math.max(scan.lastIndexOf(PROMPT_END), scan.lastIndexOf(PROMPT_START));
    if (lastPrompt > lastStart) {
      this.atPrompt = true;
      this.wakePromptWaiters();
    } else if (lastStart > lastPrompt) this.atPrompt = false;
    this.markerCarry = scan.slice(-16);
  }

  /** Resolves at the next prompt, at the deadline or on abort, whichever comes first. */
  waitForPrompt(deadline: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.promptWaiters = this.promptWaiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
      signal?.addEventListener('abort', done, { once: true });
      this.promptWaiters.push(done);
    });
  }

  /** Lets every waiter re-check (the prompt came, or the shell went away). */
  wakePromptWaiters(): void {
    for (const w of [...this.promptWaiters]) w();
  }

  /** Raw captured output as the screen shows it (markers removed, at the current width). */
  render(raw: string): Promise<string> {
    return renderTerminalText(raw.replace(ANY_633, ''), this.cols);
  }

  private trackState(data: string): void {
    let text = data;
    if (this.report === undefined) {
      const i = (this.markerCarry + data).indexOf(STATE_REPORT_START);
      if (i < 0) return;
      text = (this.markerCarry + data).slice(i);
      this.report = '';
    }
    const end = text.indexOf('\x07');
    if (end < 0) {
      this.report += text;
      if (this.report.length > MAX_STATE_REPORT_CHARS) this.report = undefined;
      return;
    }
    const parsed = parseStateReport(this.report + text.slice(0, end));
    if (parsed) this.lastState = parsed;
    this.report = undefined;
    // Another report may follow in the same chunk (rare): pick it up next time.
  }
}
