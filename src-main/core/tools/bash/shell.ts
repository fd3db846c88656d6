import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandCapture, HEAD_CHARS, TAIL_CHARS } from './command-capture';
import { CommandInput } from './command-input';
import { checkCommandText } from './command-text';
import { OutputScreen } from './output-screen';
import { commandEndPattern, EXIT_ACK_KEY, shellEnvironment, shellExitMarker, type ShellState } from './shell-integration';
import { interruptCommand } from './interrupt-ladder';
import { ShellProcess } from './shell-process';
import { DEFAULT_BASH_TIMEOUT_MS, type BashCommandResult, type BashRunOptions, type BashShellOptions } from './shell-options';

/**
 * How long bash may take to start and report ready when no command waits for it (the terminal
 * pane, a restart). A command gives it its own timeout instead: inside the sandbox on a loaded
 * machine a start took over 15 s (the old bound), and the command was lost to "did not start".
 */
const READY_TIMEOUT_MS = DEFAULT_BASH_TIMEOUT_MS;

interface ActiveCommand {
  /** The shell this command was typed into. */
  proc: ShellProcess;
  capture: CommandCapture;
  interrupted?: 'timeout' | 'cancelled';
  waitingForInput: boolean;
  timers: NodeJS.Timeout[];
  finish: (exitCode: number | null, shellExited: boolean) => void;
}

/**
 * One persistent interactive bash on a pty, shared by the agent's `bash` tool and the UI
 * terminal. The agent's commands are delimited by shell-integration markers (see
 * shell-integration.ts), so `cd`, exports, functions and background jobs persist between
 * calls, and the user can watch and type into the very same shell. With a sandbox, the shell
 * itself runs inside it: everything it starts, and every later command, is confined too.
 */
export class BashShell {
  private proc: ShellProcess | undefined;
  private starting: Promise<void> | undefined;
  private active: ActiveCommand | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly screen: OutputScreen;
  private readonly busyListeners = new Set<(busy: boolean) => void>();
  private isBusy = false;
  private userTyped = false;
  private lostShellNote: string | undefined;
  private cols: number;
  private rows: number;
  private disposed = false;
  /** Where this shell's commands are handed over (see CommandInput). */
  private cmdDir: string | undefined;
  /** Made by this shell when no sandbox provides one; removed at dispose. */
  private ownCmdDir: string | undefined;

  constructor(private readonly opts: BashShellOptions) {
    this.cols = opts.cols ?? 160;
    this.rows = opts.rows ?? 40;
    this.screen = new OutputScreen(this.cols);
  }

  /** True while an agent command runs. */
  get busy(): boolean {
    return this.isBusy;
  }

  /** The environment the shell was started with (before anything it ran changed it). */
  get startEnv(): NodeJS.ProcessEnv {
    return this.opts.env ?? process.env;
  }

  /** The shell's process id, when it is running (the sandbox launcher's when sandboxed). */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Raw pty output (escape sequences included) as it arrives; returns a disposer. */
  onData(listener: (data: string) => void): () => void {
    return this.screen.onData(listener);
  }

  /** Called with true when an agent command starts and false when it ends; returns a disposer. */
  onBusyChange(listener: (busy: boolean) => void): () => void {
    this.busyListeners.add(listener);
    return () => this.busyListeners.delete(listener);
  }

  /** The last ~256 KB of raw output, for a terminal that attaches late. */
  recentOutput(): string {
    return this.screen.recentOutput();
  }

  /**
   * What the shell carries to the next command: its working directory (the real one from /proc
   * where available) and the aliases and functions it defined. Undefined before the shell
   * reported its first prompt.
   */
  state(): ShellState | undefined {
    const s = this.screen.state();
    if (!s) return undefined;
    const cwd = this.proc?.cwd() ?? s.cwd;
    return { ...s, ...(cwd ? { cwd } : {}) };
  }

  /** Sends keystrokes from the user's terminal to the shell (starting it if needed). */
  write(data: string): void {
    this.userTyped = true;
    if (this.proc) this.proc.pty.write(data);
    else void this.ensureShell().then(() => this.proc?.pty.write(data), () => undefined);
  }

  /** Resizes the pty (the UI terminal's size); later output renders at this width. */
  resize(cols: number, rows: number): void {
    this.cols = Math.max(2, Math.floor(cols));
    this.rows = Math.max(2, Math.floor(rows));
    this.screen.setWidth(this.cols);
    try {
      this.proc?.pty.resize(this.cols, this.rows);
    } catch {
      // The pty may have just exited; the next shell starts with the new size.
    }
  }

  /** Starts the shell now (otherwise the first command or keystroke starts it). */
  async start(): Promise<void> {
    await this.ensureShell();
  }

  /**
   * Runs one command in the shell and resolves when bash reports it finished (or it was
   * interrupted by the timeout or the signal). Commands run one at a time, in call order.
   */
  run(command: string, options: BashRunOptions = {}): Promise<BashCommandResult> {
    const next = this.queue.then(() => this.runNow(command, options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Kills the shell and starts a fresh one (cwd, variables and jobs are reset). */
  restart(): Promise<void> {
    const next = this.queue.then(async () => {
      this.killShell();
      this.lostShellNote = undefined;
      await this.ensureShell();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stops the shell and its jobs; the shell cannot be used afterwards. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.killShell();
    if (this.ownCmdDir) rmSync(this.ownCmdDir, { recursive: true, force: true });
    this.screen.clearListeners();
    this.busyListeners.clear();
  }

  private async runNow(command: string, options: BashRunOptions): Promise<BashCommandResult> {
    const started = Date.now();
    const base = { timedOut: false, waitingForInput: false, shellExited: false, droppedChars: 0 };
    if (options.signal?.aborted) {
      return { ...base, output: '', exitCode: null, cancelled: true, durationMs: 0 };
    }
    // What the classifier parsed is what bash reads; a character they could read differently never runs.
    const text = checkCommandText(command);
    if (!text.ok) return { ...base, output: '', exitCode: null, cancelled: false, note: text.reason, durationMs: 0 };
    const freshShellNote = await this.ensureShell(options.timeoutMs ?? DEFAULT_BASH_TIMEOUT_MS);
    const proc = this.proc;
    if (!proc) throw new Error('the shell could not be started');
    this.setBusy(true);
    let input: CommandInput | undefined;
    try {
      const timeoutMs = options.timeoutMs ?? DEFAULT_BASH_TIMEOUT_MS;
      const deadline = started + timeoutMs;
      // Someone may be running a command in the shared terminal: wait for the prompt.
      if (!this.screen.atPrompt) await this.screen.waitForPrompt(deadline, options.signal);
      if (!this.screen.atPrompt || this.proc !== proc) {
        const cancelled = options.signal?.aborted === true;
        return {
          ...base,
          output: '',
          exitCode: null,
          timedOut: !cancelled,
          cancelled,
          ...(freshShellNote ? { freshShellNote } : {}),
          note: 'The shell was still busy with a command typed in the terminal, so this command was not run.',
          durationMs: Date.now() - started,
        };
      }
      const nonce = randomBytes(8).toString('hex');
      input = new CommandInput(command, nonce, this.userTyped, this.commandDir());
      const keys = input.keys;
      const end = await new Promise<{ exitCode: number | null; shellExited: boolean; active: ActiveCommand }>((resolve) => {
        const active: ActiveCommand = {
          proc,
          capture: new CommandCapture(nonce),
          waitingForInput: false,
          timers: [],
          finish: (exitCode, shellExited) => {
            for (const t of active.timers) clearTimeout(t);
            options.signal?.removeEventListener('abort', onAbort);
            if (this.active === active) this.active = undefined;
            resolve({ exitCode, shellExited, active });
          },
        };
        const onAbort = (): void => this.interrupt(active, 'cancelled');
        this.active = active;
        active.timers.push(setTimeout(() => this.interrupt(active, 'timeout'), Math.max(0, deadline - Date.now())));
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (options.signal?.aborted) onAbort();
        this.userTyped = false;
        this.screen.atPrompt = false;
        proc.pty.write(keys);
      });
      const { active } = end;
      const { head, rest } = active.capture.output();
      let output: string;
      if (head !== undefined) {
        const marker = `\n[... ${active.capture.dropped.toLocaleString('en-US')} characters of raw output dropped: more than ${Math.round((HEAD_CHARS + TAIL_CHARS) / 1024)} KB ...]\n`;
        output = (await this.screen.render(head)) + marker + (await this.screen.render(rest));
      } else {
        output = await this.screen.render(rest);
      }
      return {
        output,
        exitCode: end.exitCode,
        timedOut: active.interrupted === 'timeout',
        cancelled: active.interrupted === 'cancelled',
        waitingForInput: active.waitingForInput,
        shellExited: end.shellExited,
        ...(freshShellNote ? { freshShellNote } : {}),
        droppedChars: active.capture.dropped,
        durationMs: Date.now() - started,
      };
    } finally {
      input?.cleanup();
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    if (this.isBusy === busy) return;
    this.isBusy = busy;
    for (const l of this.busyListeners) l(busy);
  }

  /** Starts bash if none is running; returns a note when it replaces one that went away. */
  private async ensureShell(readyWithinMs = READY_TIMEOUT_MS): Promise<string | undefined> {
    if (this.disposed) throw new Error('the shell was disposed');
    if (this.proc && !this.starting) return undefined;
    if (!this.starting) {
      this.starting = this.spawnShell(readyWithinMs).finally(() => {
        this.starting = undefined;
      });
    }
    await this.starting;
    const note = this.lostShellNote;
    this.lostShellNote = undefined;
    return note;
  }

  private spawnShell(readyWithinMs: number): Promise<void> {
    const readyNonce = randomBytes(8).toString('hex');
    const env = shellEnvironment(this.opts.env ?? process.env, readyNonce, this.commandDir());
    const bash = this.opts.shell ?? 'bash';
    const bashArgs = ['--noprofile', '--norc', '-i'];
    const line = this.opts.sandbox ? this.opts.sandbox.wrap(bash, bashArgs, this.opts.cwd) : { command: bash, args: bashArgs };
    const proc = ShellProcess.spawn({ ...line, cwd: this.opts.cwd, env, cols: this.cols, rows: this.rows });
    this.proc = proc;
    this.screen.reset();
    const readyPattern = commandEndPattern(readyNonce);
    const exitMarker = shellExitMarker(readyNonce);
    return new Promise<void>((resolve, reject) => {
      let boot = '';
      let ready = false;
      // The end of what was read (one character short of a marker, so none is seen twice): a
      // marker split across chunks is still seen.
      let tail = '';
      const timer = setTimeout(() => {
        if (ready) return;
        this.killShell();
        reject(new Error(`bash did not start within ${readyWithinMs / 1000} s`));
      }, readyWithinMs);
      proc.pty.onData((data) => {
        const seen = tail + data;
        tail = seen.slice(1 - exitMarker.length);
        // The shell is ending and waits until what it printed was read: it was.
        if (seen.includes(exitMarker)) proc.pty.write(EXIT_ACK_KEY);
        if (this.proc !== proc) return;
        this.screen.record(data);
        if (!ready) {
          boot += data;
          if (readyPattern.test(boot)) {
            ready = true;
            clearTimeout(timer);
            proc.markReady();
            resolve();
          }
          return;
        }
        const active = this.active;
        if (!active) return;
        const done = active.capture.feed(data);
        if (done) {
          this.screen.atPrompt = true;
          active.finish(done.exitCode, false);
        }
      });
      proc.pty.onExit(({ exitCode, signal }) => {
        // Let output still in flight arrive before the command is closed.
        setTimeout(() => {
          const how = signal ? `was killed by signal ${signal}` : `exited with code ${exitCode}`;
          if (this.proc === proc) {
            // It went away on its own (`exit`, the user, a crash), not replaced by us.
            this.proc = undefined;
            this.screen.atPrompt = false;
            if (!this.disposed) this.lostShellNote = freshShellNote(`The previous shell ${how}`);
            // Only now: after a replacement, waiters belong to the new shell.
            this.screen.wakePromptWaiters();
          }
          if (!ready) {
            clearTimeout(timer);
            reject(new Error(`bash ${how} before it was ready: ${stripAnsi(boot).trim().slice(-500)}`));
          }
          const active = this.active;
          if (active && active.proc === proc) {
            active.capture.endAt(exitMarker);
            active.finish(signal ? null : exitCode, true);
          }
        }, 30);
      });
    });
  }

  /** The folder commands are handed over in: the sandbox's read-only one, else a private one of this shell. */
  private commandDir(): string {
    this.cmdDir ??= this.opts.sandbox?.commandDir?.() ?? (this.ownCmdDir = mkdtempSync(join(tmpdir(), 'glassbox-cmd-')));
    return this.cmdDir;
  }

  /** Timeout or cancel: SIGINT the foreground job, then SIGKILL it, then kill the shell. */
  private interrupt(a: ActiveCommand, why: 'timeout' | 'cancelled'): void {
    if (this.active !== a || a.interrupted) return;
    a.interrupted = why;
    a.waitingForInput = interruptCommand(a.proc, this.opts.killGraceMs ?? 2000, {
      stillRunning: () => this.active === a,
      killShell: (note) => this.killShell(note),
      giveUp: () => a.finish(null, true),
      timers: a.timers,
    }).waitingForInput;
  }

  /** Ends the current shell. `why` becomes the note on the next command, which runs in a fresh shell. */
  private killShell(why?: string): void {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    this.screen.atPrompt = false;
    if (why) this.lostShellNote = freshShellNote(why);
    this.screen.wakePromptWaiters();
    proc.kill();
  }
}

function freshShellNote(what: string): string {
  return `${what}; this command ran in a fresh shell (working directory, variables, functions and background jobs were reset).`;
}

function stripAnsi(s: string): string {
  return s.replace(/\x1b\][^\x07]*\x07|\x1b\[[0-9;?]*[ -/]*[@-~]/g, '');
}
