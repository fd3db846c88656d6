import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { isPathInside } from '../../workspace/real-path';
import type { BashShell } from './shell';
import type { BashCommandResult } from './shell-options';
import { renderTerminalText } from './terminal-text';

/**
 * Variables the escalated command does not get from the confined shell: each makes programs
 * load code the confined side chose (a preload library, a startup file, a module path), which
 * would turn one approved command into anything.
 */
const CODE_LOADING_VARS = /^(LD_|DYLD_|BASH_ENV$|ENV$|BASH_FUNC_|PROMPT_COMMAND$|SHELLOPTS$|BASHOPTS$|PS4$|PYTHONSTARTUP$|PYTHONPATH$|PYTHONHOME$|PYTHONINSPECT$|NODE_OPTIONS$|NODE_PATH$|PERL5LIB$|PERL5OPT$|PERLLIB$|RUBYOPT$|RUBYLIB$|GIT_CONFIG|GIT_EXEC_PATH$|GIT_SSH|GIT_ASKPASS$|SSH_ASKPASS$|LESSOPEN$|GLASSBOX_BASH_INIT$)/;

/**
 * Variables that point programs at configuration, certificates, proxies or helper programs
 * (git's config through HOME/XDG_CONFIG_HOME, GIT_DIR, a template dir whose hooks run on clone,
 * a pip or npm config, curl's .curlrc, OpenSSL engines, an AWS credential_process, an editor …).
 * When the confined side changed one, the escalated call gets the value the shell started with
 * (or none): otherwise files the confined side wrote would decide what the approved command runs.
 */
const REDIRECTING_VARS = /^(HOME|ZDOTDIR|XDG_|GIT_|PYTHON|PIP_|UV_|CONDA|VIRTUAL_ENV|NODE_|NPM_CONFIG_|YARN_|BUN_|DENO_|PERL|RUBY|GEM_|BUNDLE_|JAVA|_JAVA|JDK_|CLASSPATH|MAVEN|GRADLE|CARGO|RUSTC|RUSTUP|GO(FLAGS|PATH|ROOT|ENV|TOOLCHAIN|PROXY)$|CC$|CXX$|CPP$|LD$|AR$|MAKE|CFLAGS|CXXFLAGS|CPPFLAGS|LDFLAGS|GCONV_PATH$|LOCPATH$|NLSPATH$|HOSTALIASES$|RES_OPTIONS$|OPENSSL|SSL_|CURL|WGETRC$|REQUESTS_CA_BUNDLE$|.*_PROXY$|PAGER$|MANPAGER$|MANOPT$|EDITOR$|VISUAL$|BROWSER$|LESS|SYSTEMD_|SSH_|SUDO_|DOCKER_|KUBECONFIG$|AWS_|AZURE_|CLOUDSDK_|GOOGLE_APPLICATION|TERMINFO|INPUTRC$|CDPATH$|GLOBIGNORE$|TMPDIR$|SHELL$|GLASSBOX_|DOTNET_|MSBUILD|R_(HOME|LIBS|PROFILE|ENVIRON)|LUA_|PHPRC$|PHP_INI|TCLLIBPATH$|GUILE_|EMACS|VIM|MYVIMRC$|GNUPGHOME$|PASSWORD_STORE)/i;

/**
 * `PATH` without the folders the sandbox let the confined side write (and relative entries):
 * otherwise a `curl` planted in the workspace would be what the approved `curl …` runs.
 */
export function pathOutside(path: string, writable: readonly string[]): string {
  const roots = writable.map((w) => realOr(w));
  return path
    .split(':')
    .filter((dir) => isAbsolute(dir) && !roots.some((r) => isPathInside(realOr(dir), r)))
    .join(':');
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** True when `value` mentions a folder the confined side could write (a path it planted files in). */
function namesWritable(value: string, roots: readonly string[]): boolean {
  return roots.some((r) => r !== '/' && value.includes(r));
}

/** Output kept from an escalated command (the shell keeps ~1 MB too). */
const MAX_OUTPUT_CHARS = 1024 * 1024;

/** What an escalated command starts from: the confined shell's directory and exported variables. */
export interface CarriedState {
  cwd: string;
  env: Record<string, string>;
}

/**
 * Reads the state an escalated command carries over from the session's shell: the working
 * directory (the real one) and the exported variables, minus {@link CODE_LOADING_VARS}, minus
 * `secrets` (values that must not leave the sandbox's environment filter), with `PATH` cut to
 * folders outside `writable` (what the sandbox let the confined side write). Runs one
 * visible command in the shell (the exported variables, NUL-separated, as hex).
 */
export async function carriedState(
  shell: BashShell,
  fallbackCwd: string,
  secrets: readonly string[],
  writable: readonly string[],
  signal?: AbortSignal,
): Promise<CarriedState> {
  // Bash builtins list the exported variables (any platform's bash); od, POSIX, makes any value
  // survive the terminal as hex.
  const start = shell.startEnv;
  const roots = writable.map((w) => realOr(w));
  const r = await shell.run('for __gb_v in $(compgen -e); do printf \'%s=%s\\0\' "$__gb_v" "${!__gb_v}"; done | od -An -v -tx1', { timeoutMs: 10_000, signal });
  const env: Record<string, string> = {};
  const hex = r.exitCode === 0 ? r.output.replace(/[^0-9a-f]/gi, '') : '';
  for (const entry of Buffer.from(hex, 'hex').toString('utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    const name = entry.slice(0, eq);
    const value = entry.slice(eq + 1);
    if (CODE_LOADING_VARS.test(name) || secrets.some((s) => s && value.includes(s))) continue;
    if (name !== 'PATH' && value !== start[name] && (REDIRECTING_VARS.test(name) || namesWritable(value, roots))) {
      // Changed inside the sandbox: what the shell started with, if anything.
      const original = start[name];
      if (original !== undefined && !CODE_LOADING_VARS.test(name)) env[name] = original;
      continue;
    }
    env[name] = value;
  }
  if (env.PATH !== undefined) env.PATH = pathOutside(env.PATH, writable);
  return { cwd: shell.state()?.cwd ?? fallbackCwd, env };
}

/**
 * Runs one command OUTSIDE the sandbox (only ever for a call the human approved as an
 * escalation): a fresh `bash -c` in `state.cwd` with `state.env`, its own process group,
 * stdin closed; interrupted (SIGINT, then SIGKILL after `killGraceMs`) at the timeout or on
 * abort. Nothing it changes (cd, variables) flows back into the session's shell.
 */
export function runOutsideSandbox(
  command: string,
  state: CarriedState,
  opts: { timeoutMs: number; signal?: AbortSignal; killGraceMs?: number; shell?: string; cols?: number },
): Promise<BashCommandResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(opts.shell ?? 'bash', ['--noprofile', '--norc', '-c', command], {
      cwd: state.cwd,
      env: { ...state.env, PAGER: 'cat', GIT_PAGER: 'cat' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let dropped = 0;
    let finished = false;
    let interrupted: 'timeout' | 'cancelled' | undefined;
    const timers: NodeJS.Timeout[] = [];
    const group = (sig: NodeJS.Signals): void => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // Gone.
      }
    };
    const stop = (why: 'timeout' | 'cancelled'): void => {
      if (interrupted) return;
      interrupted = why;
      group('SIGINT');
      timers.push(setTimeout(() => group('SIGKILL'), opts.killGraceMs ?? 2000));
    };
    const onAbort = (): void => stop('cancelled');
    timers.push(setTimeout(() => stop('timeout'), opts.timeoutMs));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    const take = (d: string): void => {
      // Bounded like the shell's output: the rest is counted, not kept.
      const room = MAX_OUTPUT_CHARS - out.length;
      if (room >= d.length) out += d;
      else {
        out += d.slice(0, Math.max(0, room));
        dropped += d.length - Math.max(0, room);
      }
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', take);
    const done = (exitCode: number | null, note?: string): void => {
      if (finished) return;
      finished = true;
      for (const t of timers) clearTimeout(t);
      opts.signal?.removeEventListener('abort', onAbort);
      void renderTerminalText(out.replace(/\r?\n/g, '\r\n'), opts.cols ?? 160).then((output) =>
        resolve({
          output,
          exitCode,
          timedOut: interrupted === 'timeout',
          cancelled: interrupted === 'cancelled',
          waitingForInput: false,
          shellExited: false,
          droppedChars: dropped,
          ...(note ? { note } : {}),
          durationMs: Date.now() - started,
        }),
      );
    };
    child.on('error', (err) => done(null, `could not start bash outside the sandbox: ${err.message}`));
    child.on('close', (code, sig) => done(sig ? 128 + (sig === 'SIGKILL' ? 9 : sig === 'SIGINT' ? 2 : 15) : code));
  });
}
