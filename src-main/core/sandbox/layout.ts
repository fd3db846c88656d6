import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CREDENTIAL_PATHS } from '../workspace/credential-paths';
import { isPathInside } from '../workspace/real-path';
import { kindOf, realOf } from './fs-probe';
import { gitControlOf } from './git-control';
import type { SandboxConfig } from './config';
import { SOCKET_DIRS, type SandboxTmp, type TmpEntry } from './tmp-view';

/** One path the sandbox hides: an empty folder (tmpfs) or an empty file (/dev/null) over it. */
export interface HiddenPath {
  path: string;
  /** `absent`: nothing there yet; an empty read-only folder is mounted so nothing can be created. */
  kind: 'dir' | 'file' | 'absent';
}

/** What the sandbox lets a confined process see and change: real paths only. */
export interface SandboxLayout {
  mode: 'workspace-write' | 'read-only';
  network: boolean;
  /** The workspace (real path); writable in workspace-write mode. */
  workspace: string;
  /** Writable folders: the workspace and writableRoots (empty in read-only mode). */
  writable: string[];
  /** The session's private temp dir (workspace-write mode, when the sandbox has its own folder). */
  tmp?: SandboxTmp;
  /** The machine's /tmp entries shown read-only in the private /tmp (taken when a process starts; see tmp-view.ts). */
  tmpEntries?: TmpEntry[];
  /** Paths inside writable folders that stay read-only (they would let code run outside later). */
  protectedPaths: HiddenPath[];
  /**
   * Writable folders that must stay where they are: git directories, whose hooks and config are
   * protected inside them — renamed away and rebuilt, they would no longer hold the protected ones.
   */
  pinned: string[];
  /** Credentials and Glassbox's own files: unreadable. */
  hidden: HiddenPath[];
  /**
   * Folders inside a hidden one shown again, read-only: `$GLASSBOX_HOME/skills`, whose skills'
   * scripts the agent runs with bash (the rest of the home stays hidden).
   */
  shown?: string[];
  /**
   * The sandbox's own folder on the host (sandbox-dir.ts: the filter, the command hand-over, the
   * private temp dir): read-only inside at the same path, whatever else is writable.
   */
  ownDir?: string;
  /** The git directories there were at setup (workspace-write mode), and whether the walk saw all. */

  git?: { known: string[]; complete: boolean };
}

/** Files in the home folder that run code when you log in, open a shell or an editor, or use git. */
export const STARTUP_FILES: readonly string[] = [
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin',
  '.config/fish', '.config/autostart', '.config/systemd', '.config/environment.d', '.pam_environment', '.xprofile',
  '.xinitrc', '.xsessionrc', '.gitconfig', '.config/git', '.vimrc', '.config/nvim', '.emacs', '.emacs.d', '.inputrc',
  '.local/bin', 'bin', '.pythonrc', '.config/pip',
];

/** What the layout is computed from. */
export interface SandboxLayoutInput {
  config: SandboxConfig;
  workspace: string;
  /** The user's home folder (credentials live there). */
  userHome: string;
  /** $GLASSBOX_HOME: config with API keys, sessions, tokens. Hidden whole. */
  glassboxHome: string;
  /** The host's temp dir (sockets of other programs there are hidden). */
  tmpDir: string;
  /** The session's private temp dir on the host (sandbox-dir.ts), when there is one. */
  privateTmp?: string;
  /** False where a profile cannot move folders (macOS): the private temp dir stays at its own path. */
  canRemap?: boolean;
  env: NodeJS.ProcessEnv;
}

/**
 * Sockets at the top of `dir` and the folders known to hold them (tmux-<uid>, ssh-*, …): what a
 * confined process could connect to through the writable temp dir. Looked at once per session.
 */
export function socketsIn(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const full = join(dir, name);
    try {
      const st = lstatSync(full);
      if (st.isSocket() || (st.isDirectory() && SOCKET_DIRS.test(name))) out.push(full);
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * Computes the sandbox's view of the file system for one session. Only paths that exist are
 * listed (a mount needs its target), resolved to real paths so a symlink cannot point a
 * writable or hidden entry somewhere else.
 */
export function resolveSandboxLayout(input: SandboxLayoutInput): SandboxLayout {
  const mode = input.config.mode === 'read-only' ? 'read-only' : 'workspace-write';
  const workspace = realOf(input.workspace) ?? resolve(input.workspace);
  const writable: string[] = [];
  if (mode === 'workspace-write') {
    for (const p of [workspace, ...input.config.writableRoots]) {
      const r = realOf(p);
      if (r && kindOf(r) === 'dir' && !writable.includes(r)) writable.push(r);
    }
  }
  // The temp dir is the session's own: the machine's /tmp is shared with every other program,
  // whose files there a confined command must not delete. Unless you made /tmp writable.
  let tmp: SandboxTmp | undefined;
  const privateTmp = input.privateTmp ? realOf(input.privateTmp) : undefined;
  if (mode === 'workspace-write' && privateTmp) {
    const realTmp = realOf('/tmp') ?? '/tmp';
    const shared = writable.some((w) => isPathInside(realTmp, w));
    tmp = { dir: privateTmp, at: shared || input.canRemap === false ? privateTmp : '/tmp' };
  }
  const protectedPaths: HiddenPath[] = [];
  const pinned: string[] = [];
  let gitSeen: SandboxLayout['git'];
  if (mode === 'workspace-write') {
    // Glassbox runs what a project's .glassbox holds (MCP servers in config.json, extensions)
    // outside any sandbox, and git runs hooks and config-named programs: confined code must not
    // plant them. `.glassbox` is protected even when absent (an empty folder is mounted there).
    const dotGlassbox = join(workspace, '.glassbox');
    protectedPaths.push({ path: realOf(dotGlassbox) ?? dotGlassbox, kind: kindOf(dotGlassbox) ?? 'absent' });
    // The workspace's repository, its submodules' and worktrees' git directories, and
    // repositories nested in its folders: git, run by you later, reads their config and hooks.
    const git = gitControlOf(workspace, writable);
    pinned.push(...git.pin);
    protectedPaths.push(...git.protect);
    gitSeen = { known: git.known, complete: git.complete };
    // A workspace that holds the home folder (glassbox started in ~) would make the files your
    // next login or editor runs writable: those that exist stay read-only.
    const realHome = realOf(input.userHome);
    if (realHome && writable.some((w) => isPathInside(realHome, w))) {
      for (const p of STARTUP_FILES) {
        const full = join(realHome, p);
        const k = existsSync(full) ? kindOf(full) : undefined;
        if (k) protectedPaths.push({ path: realOf(full) ?? full, kind: k });
      }
    }
  }
  const hiddenCandidates = [
    ...CREDENTIAL_PATHS.map((p) => join(input.userHome, p)),
    input.glassboxHome,
    // The default home too, when $GLASSBOX_HOME points elsewhere: it may hold the real keys.
    join(input.userHome, '.glassbox'),
    // Sockets that reach programs outside the sandbox (agent keys, the session bus, docker, X11).
    ...(input.env.SSH_AUTH_SOCK ? [input.env.SSH_AUTH_SOCK] : []),
    ...(input.env.XDG_RUNTIME_DIR ? [input.env.XDG_RUNTIME_DIR] : []),
    ...(typeof process.getuid === 'function' ? [`/run/user/${process.getuid()}`] : []),
    '/var/run/docker.sock', '/run/docker.sock', '/run/containerd', '/run/podman', '/run/screen', '/tmp/.X11-unix',
    // Sockets other programs keep in the host's temp dir (tmux, screen, ssh-agent, the X and ICE
    // servers, editors): each would run commands outside the sandbox for whoever connects, and a
    // read-only mount does not stop connect().
    ...socketsIn(input.tmpDir),
    ...(resolve(input.tmpDir) !== '/tmp' ? socketsIn('/tmp') : []),
  ];
  const hidden: HiddenPath[] = [];
  for (const c of hiddenCandidates) {
    // The real path: a mount follows symlinks, and a symlinked ~/.ssh must be hidden where it is.
    const form = realOf(c);
    const k = form ? kindOf(form) : undefined;
    // A workspace inside a hidden folder is mounted again on top (see the mount order), so it
    // stays usable; hiding the workspace itself would make the session useless.
    if (!form || !k || form === workspace || hidden.some((h) => h.path === form)) continue;
    hidden.push({ path: form, kind: k });
  }
  const shown = homeSkillsShown(input.glassboxHome, hidden);
  return {
    mode,
    network: input.config.network,
    workspace,
    writable,
    ...(tmp ? { tmp } : {}),
    protectedPaths,
    pinned,
    hidden,
    ...(shown.length ? { shown } : {}),
    ...(gitSeen ? { git: gitSeen } : {}),
  };
}

/**
 * `$GLASSBOX_HOME/skills` when it is a real folder right there (no symlink: a link could point
 * at a credential folder, which would then be shown), inside a hidden folder.
 */
function homeSkillsShown(glassboxHome: string, hidden: HiddenPath[]): string[] {
  const realHome = realOf(glassboxHome);
  if (!realHome) return [];
  const skills = join(realHome, 'skills');
  try {
    const st = lstatSync(skills);
    if (!st.isDirectory() || st.isSymbolicLink()) return [];
  } catch {
    return [];
  }
  return hidden.some((h) => h.kind === 'dir' && isPathInside(skills, h.path)) ? [skills] : [];
}
