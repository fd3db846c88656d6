import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The real `glassbox` bin (needs `npm run build` first; `npm test` builds). */
export const BIN = join(ROOT, 'bin', 'glassbox.mjs');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  timeoutMs?: number;
}

/** A fresh, empty $GLASSBOX_HOME and workspace for one test. */
export function tempGlassbox(): { home: string; workspace: string; env: NodeJS.ProcessEnv } {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-test-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  return {
    home,
    workspace,
    env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' },
  };
}

/** Spawns `glassbox ARGS` (the built CLI, this Node) and collects its output as it comes. */
function spawnGlassbox(args: string[], opts: CliOptions, onStdout?: () => void): { child: ChildProcess; output: () => { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: opts.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    onStdout?.();
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, output: () => ({ stdout, stderr }) };
}

/** Runs `glassbox ARGS` to completion and collects its output. */
export function runGlassbox(args: string[], opts: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const { child, output } = spawnGlassbox(args, opts);
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, ...output() });
    });
    if (opts.input !== undefined) child.stdin!.end(opts.input);
    else child.stdin!.end();
  });
}

/** Starts `glassbox ARGS` and resolves once its first stdout line appears (servers). */
export function startGlassbox(
  args: string[],
  opts: CliOptions = {},
): Promise<{ child: ChildProcess; firstLine: string; output: () => { stdout: string; stderr: string } }> {
  return new Promise((resolvePromise, reject) => {
    let done = false;
    const { child, output } = spawnGlassbox(args, opts, () => {
      const { stdout } = output();
      const nl = stdout.indexOf('\n');
      if (!done && nl >= 0) {
        done = true;
        clearTimeout(timer);
        resolvePromise({ child, firstLine: stdout.slice(0, nl), output });
      }
    });
    const timer = setTimeout(() => {
      if (!done) {
        child.kill('SIGKILL');
        reject(new Error(`glassbox ${args.join(' ')} printed no line in time; stderr: ${output().stderr}`));
      }
    }, opts.timeoutMs ?? 30_000);
    child.on('exit', (code) => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        reject(new Error(`glassbox ${args.join(' ')} exited ${code} before printing; stderr: ${output().stderr}`));
      }
    });
  });
}

/** Chromium for Playwright: CHROMIUM_PATH or Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Launch args that work as root on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A folder for throwaway "victim" files that commands must NOT be able to touch: outside every
 * workspace and outside the temp dir (which the sandbox lets commands write). The repository's
 * own .cache/ when the checkout is not under the temp dir, else the user's ~/.cache, else
 * /var/tmp; GLASSBOX_TEST_VICTIMS overrides.
 */
export function victimBase(): string {
  const tmp = realpathSync(tmpdir());
  const inTmp = (p: string): boolean => {
    const r = resolve(p);
    return r === tmp || r.startsWith(`${tmp}/`) || r === '/tmp' || r.startsWith('/tmp/');
  };
  const candidates = [process.env.GLASSBOX_TEST_VICTIMS, join(ROOT, '.cache', 'victims'), join(homedir(), '.cache', 'glassbox-test-victims'), '/var/tmp/glassbox-test-victims'];
  for (const c of candidates) {
    if (!c || inTmp(c)) continue;
    mkdirSync(c, { recursive: true });
    return c;
  }
  throw new Error('no folder outside the temp dir for test victims: set GLASSBOX_TEST_VICTIMS');
}

/**
 * Runs `glassbox ARGS` on a real terminal (node-pty) and types `answers[i]` (e.g. 'y', 'n') at
 * the i-th approval prompt (`[y]es`); further prompts are left unanswered. Killed after
 * `timeoutMs`. Returns everything the terminal showed and the exit code.
 */
export async function answerPrompts(args: string[], opts: { env: NodeJS.ProcessEnv; cwd: string; answers: string[]; cols?: number; timeoutMs?: number }): Promise<{ screen: string; code: number; answered: number }> {
  const pty = await import('node-pty');
  const term = pty.spawn(process.execPath, [BIN, ...args], { cols: opts.cols ?? 250, rows: 50, cwd: opts.cwd, env: opts.env as Record<string, string> });
  let screen = '';
  let answered = 0;
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => term.kill('SIGKILL'), opts.timeoutMs ?? 100_000);
    term.onData((d) => {
      screen += d;
      const prompts = screen.split(/\[y\]es/).length - 1;
      if (answered < opts.answers.length && prompts > answered) term.write(`${opts.answers[answered++]}\r`);
    });
    term.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolveExit({ screen, code: exitCode, answered });
    });
  });
}
