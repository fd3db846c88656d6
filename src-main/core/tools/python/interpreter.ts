import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { findExecutable } from '../../sandbox/probe';
import { PYTHON_BOOTSTRAP, PYTHON_DRIVER } from './driver';

/** Options for one persistent Python process. */
export interface PythonInterpreterOptions {
  /** Interpreter to run (default `python3`). */
  command?: string;
  /** Working directory of the process (the workspace). */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait after SIGINT before killing the process (default 2000 ms). */
  interruptGraceMs?: number;
  /** How long the interpreter may take to start (default 20 s). */
  startTimeoutMs?: number;
  /** Runs the interpreter inside the OS sandbox (see core/sandbox); without it, as this process does. */
  sandbox?: { wrap(command: string, args: string[], cwd: string): { command: string; args: string[] } };
}

/** One piece of output, in the order the program produced it. */
export interface PythonOutputChunk {
  stream: 'stdout' | 'stderr';
  data: string;
}

/** What one execution produced. */
export interface PythonExecution {
  chunks: PythonOutputChunk[];
  /** `repr` of the trailing expression, when it was not None. */
  value: string | null;
  /** Full traceback when the code raised (including KeyboardInterrupt after an interrupt). */
  error: string | null;
  /** Why it stopped early, if it did. */
  stopped: null | 'timeout' | 'aborted';
  /** The interrupt did not work (or the process died): the process was killed; state is gone. */
  killed: boolean;
  /** The process ended by itself during the run (`os._exit`, a crash). */
  exited: null | { code: number | null; signal: NodeJS.Signals | null };
}

/** Raised when the interpreter cannot be started; the message is written for the model. */
export class PythonUnavailableError extends Error {
  readonly code = 'PYTHON_UNAVAILABLE';
}

interface Frame {
  type: 'ready' | 'out' | 'done';
  id?: number;
  stream?: 'stdout' | 'stderr';
  data?: string;
  value?: string | null;
  error?: string | null;
  interrupted?: boolean;
  version?: string;
}

interface Running {
  id: number;
  result: PythonExecution;
  onOutput?: (chunk: PythonOutputChunk) => void;
  finish: () => void;
}

/**
 * A persistent `python3` process: variables live between `execute` calls. Talks to the driver
 * over two extra pipes with JSON lines (never by scraping a prompt). Runs in its own process
 * group so an interrupt or kill reaches subprocesses the code started.
 */
export class PythonInterpreter {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private running: Running | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** Python version reported by the driver, once started. */
  version: string | null = null;

  constructor(private readonly opts: PythonInterpreterOptions) {}

  /** True while a process is up (started and not exited). */
  get alive(): boolean {
    return this.child !== null && this.exitInfo === null;
  }

  /** Pid of the interpreter, when running. */
  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
  }

  /** Starts the interpreter if needed; rejects with PythonUnavailableError if it cannot. */
  start(): Promise<void> {
    if (this.ready && this.alive) return this.ready;
    this.exitInfo = null;
    const command = this.opts.command ?? 'python3';
    const line = confinedLine(command, ['-u', '-c', PYTHON_BOOTSTRAP, PYTHON_DRIVER], this.opts);
    const child = spawn(line.command, line.args, {
      cwd: this.opts.cwd,
      env: { ...(this.opts.env ?? process.env), PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8' },
      // stdin is /dev/null: `input()` raises EOFError instead of hanging the agent.
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      let started = false;
      const timer = setTimeout(() => {
        if (!started) {
          this.killGroup('SIGKILL');
          reject(new PythonUnavailableError(`${command} did not start within ${this.opts.startTimeoutMs ?? 20_000} ms`));
        }
      }, this.opts.startTimeoutMs ?? 20_000);
      let stderrEarly = '';
      child.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (this.child !== child) return;
        this.exitInfo = { code: null, signal: null };
        const msg =
          err.code === 'ENOENT'
            ? `${command} was not found on PATH. python_execute needs Python 3: install it (e.g. \`apt install python3\`) or set "python": { "command": "/path/to/python3" } in the config.`
            : `could not start ${command}: ${err.message}`;
        if (!started) reject(new PythonUnavailableError(msg));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.child !== child) return; // An old process we already replaced.
        this.exitInfo = { code, signal };
        if (!started) {
          reject(
            new PythonUnavailableError(
              `${command} exited during startup (code ${code ?? signal})${stderrEarly ? `: ${stderrEarly.trim().slice(-2000)}` : ''}`,
            ),
          );
        }
        const run = this.running;
        if (run) {
          run.result.exited = { code, signal };
          run.finish();
        }
      });
      const pipeText = (stream: Readable | null, name: 'stdout' | 'stderr'): void => {
        stream?.setEncoding('utf8');
        stream?.on('data', (data: string) => {
          if (!started && name === 'stderr') stderrEarly += data;
          this.addOutput({ stream: name, data });
        });
      };
      pipeText(child.stdout, 'stdout');
      pipeText(child.stderr, 'stderr');
      const chan = child.stdio[4] as Readable | null;
      chan?.setEncoding('utf8');
      let pending = '';
      chan?.on('data', (data: string) => {
        // Split once per chunk (slicing the remainder per line would be quadratic).
        const lines = (pending + data).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          let frame: Frame;
          try {
            frame = JSON.parse(line) as Frame;
          } catch {
            continue; // Not ours (user code wrote to fd 4): ignore.
          }
          if (frame.type === 'ready') {
            started = true;
            clearTimeout(timer);
            this.version = frame.version ?? null;
            resolve();
          } else this.onFrame(frame);
        }
      });
    });
    // Avoid an unhandled rejection when nobody awaits a failed start.
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private addOutput(chunk: PythonOutputChunk): void {
    const run = this.running;
    if (!run) return; // Output from background threads between runs is dropped.
    const last = run.result.chunks[run.result.chunks.length - 1];
    if (last && last.stream === chunk.stream) last.data += chunk.data;
    else run.result.chunks.push({ ...chunk });
    run.onOutput?.(chunk);
  }

  private onFrame(frame: Frame): void {
    const run = this.running;
    if (!run || frame.id !== run.id) return;
    if (frame.type === 'out' && frame.stream && typeof frame.data === 'string') {
      this.addOutput({ stream: frame.stream, data: frame.data });
    } else if (frame.type === 'done') {
      run.result.value = frame.value ?? null;
      run.result.error = frame.error ?? null;
      // Raw fd 1/2 output may still be in flight on its own pipe: give it a moment.
      setTimeout(run.finish, 15);
    }
  }

  /**
   * Runs code; resolves when it finished, was interrupted, or the process died. Calls are
   * queued, one at a time. Never rejects except when the interpreter cannot start.
   */
  execute(
    code: string,
    opts: { timeoutMs: number; signal?: AbortSignal; onOutput?: (chunk: PythonOutputChunk) => void },
  ): Promise<PythonExecution> {
    const run = this.queue.then(() => this.executeNow(code, opts));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async executeNow(
    code: string,
    opts: { timeoutMs: number; signal?: AbortSignal; onOutput?: (chunk: PythonOutputChunk) => void },
  ): Promise<PythonExecution> {
    await this.start();
    const result: PythonExecution = { chunks: [], value: null, error: null, stopped: null, killed: false, exited: null };
    if (opts.signal?.aborted) {
      result.stopped = 'aborted';
      return result;
    }
    const id = this.nextId++;
    return new Promise<PythonExecution>((resolve) => {
      let graceTimer: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'aborted'): void => {
        if (result.stopped) return;
        result.stopped = why;
        this.killGroup('SIGINT');
        graceTimer = setTimeout(() => {
          result.killed = true;
          this.killGroup('SIGKILL');
        }, this.opts.interruptGraceMs ?? 2000);
      };
      const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
      const onAbort = (): void => stop('aborted');
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (graceTimer) clearTimeout(graceTimer);
        opts.signal?.removeEventListener('abort', onAbort);
        this.running = null;
        if (result.exited && result.stopped) result.killed = true;
        resolve(result);
      };
      this.running = { id, result, onOutput: opts.onOutput, finish };
      const chan = this.child?.stdio[3] as Writable | null;
      chan?.write(JSON.stringify({ id, code }) + '\n');
    });
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid || this.exitInfo) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        this.child?.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  /** Kills the process (and its group) and forgets all state; the next call starts fresh. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exitInfo) {
      this.child = null;
      this.ready = null;
      return;
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.killGroup('SIGKILL');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    this.child = null;
    this.ready = null;
  }
}

/**
 * The command line that starts the interpreter, inside the sandbox when there is one. The
 * sandbox launcher shares the interpreter's process group, and an interrupt goes to the whole
 * group; the launcher must not die of it (that would end the interpreter and its variables), so
 * it starts with SIGINT ignored (`sh -c 'trap "" INT; exec …'`). The driver installs its own
 * SIGINT handler, and programs it starts get the default back at exec.
 */
function confinedLine(command: string, args: string[], opts: PythonInterpreterOptions): { command: string; args: string[] } {
  // A missing interpreter is reported by spawn itself (ENOENT, with the install hint), not as a launcher failure.
  if (!opts.sandbox || !findExecutable(command, opts.env ?? process.env)) return { command, args };
  const wrapped = opts.sandbox.wrap(command, args, opts.cwd);
  if (wrapped.command === command) return wrapped;
  return { command: '/bin/sh', args: ['-c', 'trap "" INT; exec "$0" "$@"', wrapped.command, ...wrapped.args] };
}
