import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IPty } from 'node-pty';
import {
  ANY_633,
  commandEndPattern,
  outputStartMarker,
  PASTE_END,
  PASTE_MODE_OFF,
  PASTE_START,
  shellIntegrationScript,
  TAKE_NONCE_KEY,
} from './shell-integration';
import { renderTerminalText } from './terminal-text';

// node-pty is CommonJS; load it through require so the bundled CLI and vitest agree.
const requireHere = createRequire(import.meta.url);
// Loaded when the first shell starts, not at import: most CLI starts never open a shell.
let nodePtyModule: typeof import('node-pty') | undefined;
function nodePty(): typeof import('node-pty') {
  nodePtyModule ??= requireHere('node-pty') as typeof import('node-pty');
  return nodePtyModule;
}

/** Default per-command timeout. */
export const DEFAULT_BASH_TIMEOUT_MS = 120_000;
/** Raw output kept per command: the first and the last this many characters. */
const HEAD_CHARS = 512 * 1024;
const TAIL_CHARS = 512 * 1024;
/** Raw scrollback kept for a terminal that attaches late. */
const RECENT_OUTPUT_CHARS = 256 * 1024;
/** How long bash may take to start and report ready. */
const READY_TIMEOUT_MS = 15_000;
/**
 * Commands longer than this are written to a temp file and sourced: readline redraws
 * pasted text as it goes (about 25 ms per KB), sourcing keeps the same semantics
 * (cd, variables, functions, exit) at file speed.
 */
const LARGE_COMMAND_CHARS = 16 * 1024;
const PROMPT_START = '\x1b]633;A\x07';
const PROMPT_END = '\x1b]633;B\x07';
const ANY_OUTPUT_START = '\x1b]633;C;';

/** How to start the shell. */
export interface BashSessionOptions {
  /** Directory the shell starts in (the workspace). */
  cwd: string;
  /** Environment for the shell (default: this process's). */
  env?: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
  /** The bash binary (default `bash` from PATH). */
  shell?: string;
  /** Wait between SIGINT and SIGKILL of an interrupted command (default 2000 ms). */
  killGraceMs?: number;
}

/** Per-command options. */
export interface BashRunOptions {
  /** Interrupt the command after this long (default {@link DEFAULT_BASH_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Aborting interrupts the command the same way a timeout does. */
  signal?: AbortSignal;
}

/** What one command did. */
export interface BashCommandResult {
  /** The output as the screen shows it (stdout and stderr interleaved, echo and prompt removed). */
  output: string;
  /** The exit status; null when the shell died before reporting one. */
  exitCode: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** The interrupted command was blocked reading the terminal (waiting for input). */
  waitingForInput: boolean;
  /** The shell ended during this command (`exit`, or it had to be killed). */
  shellExited: boolean;
  /** Set when this command ran in a fresh shell; says why the old one is gone. */
  freshShellNote?: string;
  /** Raw output characters dropped from the middle beyond the ~1 MB kept. */
  droppedChars: number;
  /** Why the command did not run or ended abnormally, for the model. */
  note?: string;
  durationMs: number;
}

interface ActiveCommand {
  /** The shell this command was typed into. */
  pty: IPty;
  nonce: string;
  startMarker: string;
  endPattern: RegExp;
  started: boolean;
  pre: string;
  head: string | undefined;
  /** Output since the head (or all of it), as received: joined only when needed. */
  parts: string[];
  partsLength: number;
  /** The last characters seen, so a marker split across chunks is still found. */
  carry: string;
  dropped: number;
  interrupted?: 'timeout' | 'cancelled';
  waitingForInput: boolean;
  timers: NodeJS.Timeout[];
  finish: (exitCode: number | null, shellExited: boolean) => void;
}

type Listener<T> = (value: T) => void;

/**
 * One persistent interactive bash on a pty, shared by the agent's `bash` tool and the UI
 * terminal. The agent's commands are delimited by shell-integration markers (see
 * shell-integration.ts), so `cd`, exports, functions and background jobs persist between
 * calls, and the user can watch and type into the very same shell.
 */
export class BashSession {
  private pty: IPty | undefined;
  private starting: Promise<void> | undefined;
  private active: ActiveCommand | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private recent: string[] = [];
  private recentLength = 0;
  private readonly dataListeners = new Set<Listener<string>>();
  private readonly busyListeners = new Set<Listener<boolean>>();
  private isBusy = false;
  private atPrompt = false;
  private markerCarry = '';
  private userTyped = false;
  private lostShellNote: string | undefined;
  private cols: number;
  private rows: number;
  private disposed = false;
  private promptWaiters: Array<() => void> = [];

  constructor(private readonly opts: BashSessionOptions) {
    this.cols = opts.cols ?? 160;
    this.rows = opts.rows ?? 40;
  }

  /** True while an agent command runs. */
  get busy(): boolean {
    return this.isBusy;
  }

  /** The shell's process id, when it is running. */
  get pid(): number | undefined {
    return this.pty?.pid;
  }

  /** Raw pty output (escape sequences included) as it arrives; returns a disposer. */
  onData(listener: (data: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /** Called with true when an agent command starts and false when it ends; returns a disposer. */
  onBusyChange(listener: (busy: boolean) => void): () => void {
    this.busyListeners.add(listener);
    return () => this.busyListeners.delete(listener);
  }

  /** The last ~256 KB of raw output, for a terminal that attaches late. */
  recentOutput(): string {
    return this.recent.join('');
  }

  /** Sends keystrokes from the user's terminal to the shell (starting it if needed). */
  write(data: string): void {
    this.userTyped = true;
    if (this.pty) this.pty.write(data);
    else void this.ensureShell().then(() => this.pty?.write(data), () => undefined);
  }

  /** Resizes the pty (the UI terminal's size); later output renders at this width. */
  resize(cols: number, rows: number): void {
    this.cols = Math.max(2, Math.floor(cols));
    this.rows = Math.max(2, Math.floor(rows));
    try {
      this.pty?.resize(this.cols, this.rows);
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

  /** Stops the shell and its jobs; the session cannot be used afterwards. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.killShell();
    this.dataListeners.clear();
    this.busyListeners.clear();
  }

  private async runNow(command: string, options: BashRunOptions): Promise<BashCommandResult> {
    const started = Date.now();
    const base = { timedOut: false, waitingForInput: false, shellExited: false, droppedChars: 0 };
    if (options.signal?.aborted) {
      return { ...base, output: '', exitCode: null, cancelled: true, durationMs: 0 };
    }
    const freshShellNote = await this.ensureShell();
    const pty = this.pty;
    if (!pty) throw new Error('the shell could not be started');
    this.setBusy(true);
    let scriptFile: string | undefined;
    try {
      const timeoutMs = options.timeoutMs ?? DEFAULT_BASH_TIMEOUT_MS;
      const deadline = started + timeoutMs;
      // Someone may be running a command in the shared terminal: wait for the prompt.
      if (!this.atPrompt) await this.waitForPrompt(deadline, options.signal);
      if (!this.atPrompt || this.pty !== pty) {
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
      let typed = sanitizeCommand(command);
      if (typed.length > LARGE_COMMAND_CHARS) {
        scriptFile = writeCommandFile(typed);
        typed = `. '${scriptFile}'`;
      }
      const end = await new Promise<{ exitCode: number | null; shellExited: boolean; active: ActiveCommand }>((resolve) => {
        const active: ActiveCommand = {
          pty,
          nonce,
          startMarker: outputStartMarker(nonce),
          endPattern: commandEndPattern(nonce),
          started: false,
          pre: '',
          head: undefined,
          parts: [],
          partsLength: 0,
          carry: '',
          dropped: 0,
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
        const clear = this.userTyped ? '\x05\x15' : '';
        this.userTyped = false;
        this.atPrompt = false;
        pty.write(`${clear}${nonce}${TAKE_NONCE_KEY}${PASTE_START}${typed}${PASTE_END}\r`);
      });
      const { active } = end;
      const rest = active.parts.join('');
      let output: string;
      if (active.head !== undefined) {
        const marker = `\n[... ${active.dropped.toLocaleString('en-US')} characters of raw output dropped: more than ${Math.round((HEAD_CHARS + TAIL_CHARS) / 1024)} KB ...]\n`;
        output = (await this.render(active.head)) + marker + (await this.render(rest));
      } else {
        output = await this.render(rest);
      }
      return {
        output,
        exitCode: end.exitCode,
        timedOut: active.interrupted === 'timeout',
        cancelled: active.interrupted === 'cancelled',
        waitingForInput: active.waitingForInput,
        shellExited: end.shellExited,
        ...(freshShellNote ? { freshShellNote } : {}),
        droppedChars: active.dropped,
        durationMs: Date.now() - started,
      };
    } finally {
      if (scriptFile) rmSync(dirname(scriptFile), { recursive: true, force: true });
      this.setBusy(false);
    }
  }

  private render(raw: string): Promise<string> {
    return renderTerminalText(raw.replace(ANY_633, ''), this.cols);
  }

  private setBusy(busy: boolean): void {
    if (this.isBusy === busy) return;
    this.isBusy = busy;
    for (const l of this.busyListeners) l(busy);
  }

  private waitForPrompt(deadline: number, signal?: AbortSignal): Promise<void> {
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

  private wakePromptWaiters(): void {
    for (const w of [...this.promptWaiters]) w();
  }

  /** Starts bash if none is running; returns a note when it replaces one that went away. */
  private async ensureShell(): Promise<string | undefined> {
    if (this.disposed) throw new Error('the shell session was disposed');
    if (this.pty && !this.starting) return undefined;
    if (!this.starting) {
      this.starting = this.spawnShell().finally(() => {
        this.starting = undefined;
      });
    }
    await this.starting;
    const note = this.lostShellNote;
    this.lostShellNote = undefined;
    return note;
  }

  private spawnShell(): Promise<void> {
    const readyNonce = randomBytes(8).toString('hex');
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.opts.env ?? process.env)) if (v !== undefined) env[k] = v;
    Object.assign(env, {
      TERM: 'xterm-256color',
      // Pagers would wait for a key press the agent never sends.
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      MANPAGER: 'cat',
      SYSTEMD_PAGER: '',
      PROMPT_COMMAND: 'eval "$GLASSBOX_BASH_INIT"',
      GLASSBOX_BASH_INIT: shellIntegrationScript(readyNonce),
    });
    const pty: IPty = nodePty().spawn(this.opts.shell ?? 'bash', ['--noprofile', '--norc', '-i'], {
      name: 'xterm-256color',
      cols: this.cols,
      rows: this.rows,
      cwd: this.opts.cwd,
      env,
    });
    this.pty = pty;
    this.atPrompt = false;
    this.markerCarry = '';
    const readyPattern = commandEndPattern(readyNonce);
    return new Promise<void>((resolve, reject) => {
      let boot = '';
      let ready = false;
      const timer = setTimeout(() => {
        if (ready) return;
        this.killShell();
        reject(new Error(`bash did not start within ${READY_TIMEOUT_MS / 1000} s`));
      }, READY_TIMEOUT_MS);
      pty.onData((data) => {
        if (this.pty !== pty) return;
        this.record(data);
        if (!ready) {
          boot += data;
          if (readyPattern.test(boot)) {
            ready = true;
            clearTimeout(timer);
            resolve();
          }
          return;
        }
        if (this.active) this.capture(this.active, data);
      });
      pty.onExit(({ exitCode, signal }) => {
        // Let output still in flight arrive before the command is closed.
        setTimeout(() => {
          const how = signal ? `was killed by signal ${signal}` : `exited with code ${exitCode}`;
          if (this.pty === pty) {
            // It went away on its own (`exit`, the user, a crash), not replaced by us.
            this.pty = undefined;
            this.atPrompt = false;
            if (!this.disposed) this.lostShellNote = freshShellNote(`The previous shell ${how}`);
            // Only now: after a replacement, waiters belong to the new shell.
            this.wakePromptWaiters();
          }
          if (!ready) {
            clearTimeout(timer);
            reject(new Error(`bash ${how} before it was ready: ${stripAnsi(boot).trim().slice(-500)}`));
          }
          const active = this.active;
          if (active && active.pty === pty) active.finish(signal ? null : exitCode, true);
        }, 30);
      });
    });
  }

  /** Keeps scrollback, feeds the terminals and tracks whether the shell sits at its prompt. */
  private record(data: string): void {
    this.recent.push(data);
    this.recentLength += data.length;
    while (this.recentLength > RECENT_OUTPUT_CHARS && this.recent.length > 1) {
      this.recentLength -= this.recent.shift()!.length;
    }
    if (this.recentLength > RECENT_OUTPUT_CHARS) {
      this.recent[0] = this.recent[0]!.slice(this.recentLength - RECENT_OUTPUT_CHARS);
      this.recentLength = RECENT_OUTPUT_CHARS;
    }
    for (const l of this.dataListeners) l(data);
    const scan = this.markerCarry + data;
    const lastStart = scan.lastIndexOf(ANY_OUTPUT_START);
    const lastPrompt = Math.max(scan.lastIndexOf(PROMPT_END), scan.lastIndexOf(PROMPT_START));
    if (lastPrompt > lastStart) {
      this.atPrompt = true;
      this.wakePromptWaiters();
    } else if (lastStart > lastPrompt) this.atPrompt = false;
    this.markerCarry = scan.slice(-16);
  }

  private capture(a: ActiveCommand, chunk: string): void {
    if (!a.started) {
      a.pre += chunk;
      const i = a.pre.indexOf(a.startMarker);
      if (i >= 0) {
        a.started = true;
        const rest = a.pre.slice(i + a.startMarker.length);
        a.pre = '';
        this.appendOutput(a, rest);
        return;
      }
      const m = a.endPattern.exec(a.pre);
      if (m) {
        // Finished without running anything (syntax error, only a comment): what bash
        // printed after readline accepted the line is the output.
        const before = a.pre.slice(0, m.index);
        const j = before.lastIndexOf(PASTE_MODE_OFF);
        a.parts = [j >= 0 ? before.slice(j + PASTE_MODE_OFF.length) : ''];
        this.atPrompt = true;
        a.finish(parseExitCode(m[1]), false);
      }
      return;
    }
    this.appendOutput(a, chunk);
  }

  private appendOutput(a: ActiveCommand, chunk: string): void {
    // Only the carry plus the new chunk is searched: output can be megabytes.
    const window = a.carry + chunk;
    const m = a.endPattern.exec(window);
    if (m) {
      const cut = m.index - a.carry.length;
      if (cut >= 0) a.parts.push(chunk.slice(0, cut));
      else {
        // The marker began in earlier chunks: take those characters back out.
        let remove = -cut;
        while (remove > 0 && a.parts.length) {
          const last = a.parts.pop()!;
          if (last.length > remove) a.parts.push(last.slice(0, last.length - remove));
          remove -= Math.min(remove, last.length);
        }
      }
      this.atPrompt = true;
      a.finish(parseExitCode(m[1]), false);
      return;
    }
    a.parts.push(chunk);
    a.partsLength += chunk.length;
    a.carry = window.slice(-64);
    if (a.partsLength > HEAD_CHARS + TAIL_CHARS + 64 * 1024) {
      let out = a.parts.join('');
      if (a.head === undefined) {
        a.head = out.slice(0, HEAD_CHARS);
        out = out.slice(HEAD_CHARS);
      }
      const drop = out.length - TAIL_CHARS;
      if (drop > 0) {
        a.dropped += drop;
        out = out.slice(drop);
      }
      a.parts = [out];
      a.partsLength = out.length;
    }
  }

  /** Timeout or cancel: SIGINT the foreground job, then SIGKILL it, then kill the shell. */
  private interrupt(a: ActiveCommand, why: 'timeout' | 'cancelled'): void {
    if (this.active !== a || a.interrupted) return;
    a.interrupted = why;
    const fg = this.foregroundProcessGroup();
    a.waitingForInput = fg !== undefined && isReadingTerminal(fg);
    this.signalForeground(fg, 'SIGINT');
    const grace = this.opts.killGraceMs ?? 2000;
    a.timers.push(
      setTimeout(() => {
        if (this.active !== a) return;
        this.signalForeground(this.foregroundProcessGroup(), 'SIGKILL');
        a.timers.push(
          setTimeout(() => {
            // The shell itself does not come back (e.g. it ignores SIGINT): replace it.
            if (this.active !== a) return;
            this.killShell('The previous shell did not come back after the interrupt and was killed');
            // Normally the exit event closes the command; don't wait forever if it never comes.
            a.timers.push(setTimeout(() => this.active === a && a.finish(null, true), 2000));
          }, grace),
        );
      }, grace),
    );
  }

  /** The terminal's foreground process group (Linux /proc), if it can be read. */
  private foregroundProcessGroup(): number | undefined {
    const pid = this.pty?.pid;
    if (!pid) return undefined;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm)": state ppid pgrp session tty_nr tpgid ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const tpgid = Number(fields[5]);
      return tpgid > 0 ? tpgid : undefined;
    } catch {
      return undefined;
    }
  }

  private signalForeground(pgid: number | undefined, signal: 'SIGINT' | 'SIGKILL'): void {
    const shellPid = this.pty?.pid;
    if (pgid === undefined) {
      // No /proc: fall back to what a user would do.
      if (signal === 'SIGINT') this.pty?.write('\x03');
      else this.killShell('The previous shell was killed to stop an interrupted command');
      return;
    }
    try {
      if (pgid === shellPid) {
        // A builtin or shell loop runs in the shell itself: SIGINT makes bash abandon it;
        // SIGKILL would end the shell, which the last step does anyway.
        if (signal === 'SIGINT') process.kill(pgid, 'SIGINT');
        else this.killShell('The previous shell was killed to stop an interrupted command');
      } else {
        process.kill(-pgid, signal);
      }
    } catch {
      // The group may have ended between the read and the kill.
    }
  }

  /**
   * Ends the current shell: SIGHUP first (bash passes it on to its jobs), SIGKILL shortly
   * after. `why` becomes the note on the next command, which runs in a fresh shell.
   */
  private killShell(why?: string): void {
    const pty = this.pty;
    if (!pty) return;
    this.pty = undefined;
    this.atPrompt = false;
    if (why) this.lostShellNote = freshShellNote(why);
    this.wakePromptWaiters();
    const signalShell = (signal: NodeJS.Signals): void => {
      try {
        process.kill(pty.pid, signal);
      } catch {
        // Already gone.
      }
    };
    signalShell('SIGHUP');
    setTimeout(() => {
      signalShell('SIGKILL');
      // A child holding the pty keeps the exit event from coming: let go of it anyway.
      setTimeout(() => {
        try {
          pty.kill('SIGKILL');
        } catch {
          // Already gone.
        }
      }, 200).unref();
    }, 300).unref();
  }
}

function freshShellNote(what: string): string {
  return `${what}; this command ran in a fresh shell (working directory, variables, functions and background jobs were reset).`;
}

function parseExitCode(text: string | undefined): number | null {
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Bracketed-paste text must not end the paste early; line ends become `\n`. */
function sanitizeCommand(command: string): string {
  return command.replace(/\x1b\[20[01]~/g, '').replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

/** Writes a long command to a private temp file (0600 in a 0700 folder) for `.` to run. */
function writeCommandFile(command: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-cmd-'));
  const file = join(dir, 'command.sh');
  writeFileSync(file, command + '\n', { mode: 0o600 });
  return file;
}

function stripAnsi(s: string): string {
  return s.replace(/\x1b\][^\x07]*\x07|\x1b\[[0-9;?]*[ -/]*[@-~]/g, '');
}

// The `read` syscall number (x64, arm64): used to tell "waiting for input" from "busy".
const READ_SYSCALL = process.arch === 'x64' ? '0' : process.arch === 'arm64' ? '63' : undefined;

/** True when any process of the group is blocked in read(0, …) (Linux /proc). */
function isReadingTerminal(pgid: number): boolean {
  if (!READ_SYSCALL) return false;
  try {
    const syscall = readFileSync(`/proc/${pgid}/syscall`, 'utf8').trim().split(' ');
    return syscall[0] === READ_SYSCALL && syscall[1] === '0x0';
  } catch {
    return false;
  }
}
