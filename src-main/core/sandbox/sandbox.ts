import { spawnSync } from 'node:child_process';
import { homedir, tmpdir } from 'node:os';
import { bwrapArgs, type BwrapPowers } from './bwrap-args';
import { STEP_SCRIPT, stepArgs, sweepNewRepositories, type StepRunner, type SweptRepo } from './new-repo-sweep';
import type { SandboxConfig, SandboxMode } from './config';
import { resolveSandboxLayout, type SandboxLayout } from './layout';
import { bwrapSupportsDisableUserns, findBackend, selfTest, selfTestProblem, type SandboxBackend } from './probe';
import { SandboxDir } from './sandbox-dir';
import { tmpEntries, type TmpEntry } from './tmp-view';
import { seccompArchOf, seccompFilterBytes } from './seccomp-filter';
import { seatbeltArgs, seatbeltProfile } from './seatbelt-profile';

/** The descriptor bubblewrap reads the seccomp filter from (Python's driver uses 3 and 4; bubblewrap closes it after reading). */
const SECCOMP_FD = 9;

interface Resolved {
  backend: SandboxBackend;
  layout: SandboxLayout | null;
  problem?: string;
  powers?: BwrapPowers;
  /** The seccomp filter's file (bubblewrap reads it on {@link SECCOMP_FD}). */
  filterFile?: string;
}

/**
 * The bubblewrap command line for `command` (empty: up to `--`, for the self-test). With a
 * filter, `/bin/sh` opens it on that descriptor and execs bubblewrap (same pid): a pty spawn can pass no
 * descriptor but the terminal.
 */
function bwrapLine(binary: string, layout: SandboxLayout, cwd: string, powers: BwrapPowers | undefined, filterFile: string | undefined, command: string[]): SpawnLine {
  const inner = [...bwrapArgs(layout, cwd, powers), '--', ...command];
  if (!filterFile) return { command: binary, args: inner };
  // $0 is the filter's path, "$@" bubblewrap's line.
  return { command: '/bin/sh', args: ['-c', `exec "$@" ${SECCOMP_FD}<"$0"`, filterFile, binary, ...inner] };
}

/** What the approval policy needs to know about confinement (read on every check). */
export interface SandboxState {
  /** True when commands really run confined. False: unsandboxed (off, or none could be had). */
  active: boolean;
  mode: SandboxMode;
  network: boolean;
  /**
   * Paths writable besides the workspace: writableRoots (real paths) and the private temp dir
   * where confined processes see it (`/tmp` on Linux); [] in read-only mode.
   */
  writableRoots: string[];
  /** The machine's /tmp entries shown read-only inside the private /tmp, as they are now. */
  readOnlyRoots?: string[];
}

/** What a window shows: the state plus which backend confines and, when none, why. */
export interface SandboxStatus extends SandboxState {
  backend: 'bwrap' | 'seatbelt' | 'none';
  /** Why commands run unsandboxed (absent while active). */
  reason?: string;
}

/** A command line to spawn. */
export interface SpawnLine {
  command: string;
  args: string[];
}

/** What a session's sandbox is built from. */
export interface SandboxOptions {
  config: SandboxConfig;
  workspace: string;
  /** $GLASSBOX_HOME. */
  glassboxHome: string;
  env: NodeJS.ProcessEnv;
  /** Called once, the first time the sandbox turns out to be unavailable (not when it is switched off). */
  onUnavailable?: (message: string) => void;
  platform?: NodeJS.Platform;
  /** Defaults: the user's home folder and the temp dir of this process. */
  userHome?: string;
  tmpDir?: string;
  /** Default: this process's (`process.arch`); selects the seccomp filter's system call table. */
  arch?: string;
}

/**
 * The OS sandbox of one session: where `bash` and `python_execute` run. Finds and self-tests
 * the backend on first use (bubblewrap on Linux, sandbox-exec on macOS) and wraps command lines
 * in it. When none can be had, commands run unsandboxed: {@link state} says so (the approval
 * policy then asks for every command that is not read-only) and `onUnavailable` is told once.
 */
export class Sandbox {
  private resolved: Resolved | undefined;
  private dir: SandboxDir | undefined;
  private warned = false;
  /** When the layout (and its list of git directories) was made. */
  private setUpAt = 0;
  /**
   * The machine's /tmp entries last shown to a confined process (taken as each starts). The
   * policy reads these: looking at /tmp on every call would lstat each of its entries (thousands
   * on a busy machine: ~70 ms a call), and what a running shell sees is what it was started with.
   */
  private shownTmp: TmpEntry[] | undefined;

  constructor(private readonly opts: SandboxOptions) {}

  /** The state the policy reads (finds the backend on first call). */
  state(): SandboxState {
    const s = this.status();
    const shown = s.active && this.resolved?.layout ? (this.shownTmp ?? this.withTmpEntries(this.resolved.layout).tmpEntries) : undefined;
    return { active: s.active, mode: s.mode, network: s.network, writableRoots: s.writableRoots, ...(shown ? { readOnlyRoots: shown.map((e) => e.path) } : {}) };
  }

  /** The state plus backend and reason, for the window's badge. */
  status(): SandboxStatus {
    const r = this.resolve();
    const { mode, network } = this.opts.config;
    const workspace = r.layout?.workspace;
    // What a confined command may write besides the workspace, as paths inside: the private temp
    // dir counts where it is seen (`/tmp`), since a write there lands in the session's own folder.
    const writableRoots = r.layout && mode === 'workspace-write' ? [...r.layout.writable.filter((w) => w !== workspace), ...(r.layout.tmp && !r.problem ? [r.layout.tmp.at] : [])] : [];
    if (r.problem || !r.layout) {
      return { active: false, mode, network, writableRoots, backend: 'none', reason: r.problem ?? 'unavailable' };
    }
    return { active: true, mode, network, writableRoots, backend: r.backend.kind === 'none' ? 'none' : r.backend.kind };
  }

  /**
   * `command args` wrapped to run confined with `cwd` as its working directory; unchanged when
   * the sandbox is off or unavailable.
   */
  wrap(command: string, args: string[], cwd: string): SpawnLine {
    const r = this.resolve();
    if (r.problem || !r.layout || r.backend.kind === 'none') return { command, args };
    if (r.backend.kind === 'bwrap') return bwrapLine(r.backend.binary, this.withTmpEntries(r.layout), cwd, r.powers, r.filterFile, [command, ...args]);
    // sandbox-exec takes the command right after its options (no `--`); ours never start with `-`.
    // It cannot set variables: env points $TMPDIR at the private temp dir.
    const tmp = r.layout.tmp ? ['/usr/bin/env', `TMPDIR=${r.layout.tmp.at}`] : [];
    return { command: r.backend.binary, args: [...seatbeltArgs(seatbeltProfile(r.layout)), ...tmp, command, ...args] };
  }

  /**
   * Disarms the git repositories confined code made since the sandbox was set up (see
   * sweepNewRepositories); the changes themselves run confined. Nothing to do before the first
   * confined command, or without an active workspace-write sandbox.
   */
  sweepNewRepositories(): SweptRepo[] {
    const r = this.resolved;
    const layout = r?.layout;
    if (!r || r.problem || !layout?.git || r.backend.kind === 'none') return [];
    const run: StepRunner = (steps) => {
      const line = this.wrap('/bin/sh', ['-c', STEP_SCRIPT, 'sh', ...stepArgs(steps)], layout.workspace);
      return spawnSync(line.command, line.args, { env: { PATH: this.opts.env.PATH ?? '/usr/bin:/bin' }, stdio: 'ignore', timeout: 10_000 }).status === 0;
    };
    return sweepNewRepositories(layout.workspace, layout.writable, { known: new Set(layout.git.known), complete: layout.git.complete, at: this.setUpAt }, run);
  }

  /**
   * The folder the shell's commands are handed over in: written here, read-only inside (at the
   * same path). Undefined when commands do not run confined.
   */
  commandDir(): string | undefined {
    const r = this.resolve();
    if (r.problem || !r.layout || !this.dir) return undefined;
    return this.dir.commands;
  }

  /** The layout with the machine's /tmp entries as they are now (shown read-only in the private /tmp). */
  private withTmpEntries(layout: SandboxLayout): SandboxLayout {
    if (layout.tmp?.at !== '/tmp') return layout;
    const wanted = [layout.workspace, ...layout.writable, this.opts.tmpDir ?? tmpdir()];
    this.shownTmp = tmpEntries(layout.tmp.dir, typeof process.getuid === 'function' ? process.getuid() : undefined, wanted);
    return { ...layout, tmpEntries: this.shownTmp };
  }

  /** Removes the sandbox's own folder

 (filter, private temp dir); call once the shell and Python are gone. */
  dispose(): void {
    this.dir?.dispose();
  }

  private resolve(): Resolved {
    if (this.resolved) return this.resolved;
    const { config } = this.opts;
    if (config.mode === 'off') {
      this.resolved = { backend: { kind: 'none', reason: 'sandbox.mode is "off"' }, layout: null, problem: 'sandbox.mode is "off" in the config' };
      return this.resolved;
    }
    this.setUpAt = Date.now();
    const backend = findBackend(this.opts.platform ?? process.platform, this.opts.env);
    if (backend.kind !== 'none') this.dir ??= new SandboxDir(this.opts.tmpDir ?? tmpdir());
    const layout = resolveSandboxLayout({
      config,
      workspace: this.opts.workspace,
      userHome: this.opts.userHome ?? homedir(),
      glassboxHome: this.opts.glassboxHome,
      tmpDir: this.opts.tmpDir ?? tmpdir(),
      env: this.opts.env,
      ...(this.dir ? { privateTmp: this.dir.tmp, canRemap: backend.kind === 'bwrap' } : {}),
    });
    if (this.dir) layout.ownDir = this.dir.path;
    let problem: string | undefined;
    let powers: BwrapPowers | undefined;
    let filterFile: string | undefined;
    if (backend.kind === 'none') problem = backend.reason;
    else if (backend.kind === 'bwrap' && this.dir) {
      const arch = seccompArchOf(this.opts.arch ?? process.arch);
      if (arch) filterFile = this.dir.writeFilter(seccompFilterBytes(arch));
      powers = { disableUserns: bwrapSupportsDisableUserns(backend.binary, this.opts.env), ...(filterFile ? { seccompFd: SECCOMP_FD } : {}) };
      const line = bwrapLine(backend.binary, layout, layout.workspace, powers, filterFile, []);
      const failed = selfTest(line.command, line.args, this.opts.env);
      if (failed) problem = selfTestProblem(failed);
    } else {
      const failed = selfTest(backend.binary, seatbeltArgs(seatbeltProfile(layout)), this.opts.env);
      if (failed) problem = `sandbox-exec failed its self-test: ${failed}`;
    }
    this.resolved = { backend, layout, problem, ...(powers ? { powers } : {}), ...(filterFile ? { filterFile } : {}) };
    if (problem && !this.warned) {
      this.warned = true;
      this.opts.onUnavailable?.(
        `commands run UNSANDBOXED: ${problem}. bash and python_execute have your full rights; every command that is not read-only needs approval.`,
      );
    }
    return this.resolved;
  }
}
