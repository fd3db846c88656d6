import { existsSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isPathInside } from '../workspace/real-path';
import { isPlainFile, kindOf, realOf } from './fs-probe';
import type { HiddenPath } from './layout';

/**
 * Entries of a git directory through which git, run by you outside the sandbox later, would run
 * a program or read another repository's: `config` (core.fsmonitor, core.hooksPath, …), `hooks`,
 * `commondir` (sends git to another folder's config) and `config.worktree`.
 */
const CONTROL_ENTRIES = ['hooks', 'config', 'commondir', 'config.worktree'] as const;

/** Folders the walk for nested repositories does not enter: installed dependencies. */
const SKIPPED = new Set(['node_modules', '.venv', 'venv', '__pycache__', '.tox']);

/** How far the walk for nested repositories goes before it stops (see docs/security.md). */
export const GIT_WALK_LIMITS = { depth: 8, folders: 5_000, gitDirs: 200 };

/** What confinement must do about the git repositories in a workspace. */
export interface GitControl {
  /** Entries to mount read-only (or, `absent` — a `hooks` folder not there yet — an empty read-only folder over). */
  protect: HiddenPath[];
  /** Git directories to bind onto themselves, so they cannot be renamed away and rebuilt. */
  pin: string[];
  /** Every git directory found (pins stop at `limits.gitDirs`), to tell later which are new. */
  known: string[];
  /** False when the walk stopped at a limit. */
  complete: boolean;
}

/** The git directory a `.git` file names (`gitdir: <path>`, relative to the file's folder), real path. */
export function gitDirNamedBy(file: string): string | undefined {
  // Only a plain file is read: a FIFO planted as `.git` would block the walk for good.
  if (!isPlainFile(file)) return undefined;
  try {
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(file, 'utf8').slice(0, 4096));
    return m ? realOf(resolve(dirname(file), m[1]!)) : undefined;
  } catch {
    return undefined;
  }
}

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * A missing `commondir` could be planted; a bind mount needs an existing file and an empty one
 * stops git, so one saying "." (this folder: git behaves exactly as without it) is created.
 */
function pinCommonDir(gitDir: string): void {
  try {
    writeFileSync(join(gitDir, 'commondir'), '.\n', { flag: 'wx' });
  } catch {
    // Already there (then protected as it is), or not writable (then nothing can plant it).
  }
}

/** The git directories and `.git` files of a workspace, as found by {@link findGitDirs}. */
export interface FoundGit {
  /** Git directories (real paths): the workspace's, submodules', worktrees', nested repositories'. */
  gitDirs: string[];
  /** `.git` files (`gitdir: …` pointers). */
  gitFiles: string[];
  /** False when the walk stopped at a limit: there may be more. */
  complete: boolean;
}

/**
 * Every repository of a workspace whose control files git would use later outside the sandbox:
 * the workspace's own `.git`, the git directories of its submodules (`.git/modules/…`, nested
 * ones too) and linked worktrees (`.git/worktrees/…`), and repositories nested in its folders
 * (a vendored checkout, a submodule with its own `.git`, a `gitdir:` file's target), found by a
 * walk bounded by `limits`. Only what lies inside `writable` counts: everything else is
 * read-only to confined code already. Reads only.
 */
export function findGitDirs(workspace: string, writable: readonly string[] = [workspace], limits = GIT_WALK_LIMITS): FoundGit {
  const out: FoundGit = { gitDirs: [], gitFiles: [], complete: true };
  const seen = new Set<string>();
  const inWritable = (p: string) => writable.some((w) => isPathInside(p, w));

  const addGitDir = (gitDir: string): void => {
    if (seen.has(gitDir) || !inWritable(gitDir)) return;
    if (seen.size >= limits.gitDirs) {
      out.complete = false;
      return;
    }
    seen.add(gitDir);
    out.gitDirs.push(gitDir);
    // Submodules' git directories, named by the submodule's name, which may hold slashes.
    const walkModules = (dir: string, depth: number): void => {
      for (const e of entries(dir)) {
        if (!e.isDirectory()) continue;
        const sub = join(dir, e.name);
        if (existsSync(join(sub, 'HEAD'))) addGitDir(sub);
        else if (depth < limits.depth) walkModules(sub, depth + 1);
        else out.complete = false;
      }
    };
    walkModules(join(gitDir, 'modules'), 0);
    for (const e of entries(join(gitDir, 'worktrees'))) if (e.isDirectory()) addGitDir(join(gitDir, 'worktrees', e.name));
  };

  let folders = 0;
  const walk = (dir: string, depth: number): void => {
    for (const e of entries(dir)) {
      if (e.name === '.git') {
        // A linked `.git` counts where it leads (a mount follows links).
        const full = e.isSymbolicLink() ? realOf(join(dir, e.name)) : join(dir, e.name);
        const k = full ? kindOf(full) : undefined;
        if (full && k === 'dir') addGitDir(full);
        else if (full && k === 'file') {
          if (inWritable(full)) out.gitFiles.push(full);
          // `gitdir: <path>`: the git directory it names, wherever in the workspace that is.
          const named = gitDirNamedBy(full);
          if (named && kindOf(named) === 'dir') addGitDir(named);
        }
        continue;
      }
      // Links are not followed: what they lead to outside is read-only anyway.
      if (!e.isDirectory() || SKIPPED.has(e.name) || e.name === '.glassbox') continue;
      if (depth >= limits.depth || ++folders > limits.folders) {
        out.complete = false;
        continue;
      }
      walk(join(dir, e.name), depth + 1);
    }
  };
  walk(workspace, 0);
  return out;
}

/**
 * What to keep read-only for the git repositories found by {@link findGitDirs}: each git
 * directory's control entries (a missing `hooks` gets an empty read-only folder, a missing
 * `commondir` is created saying "."), each git directory pinned, and each `.git` file itself.
 * Pinned git directories are never outside `writable` (a pin is a writable bind onto itself).
 */
export function gitControlOf(workspace: string, writable: readonly string[] = [workspace], limits = GIT_WALK_LIMITS): GitControl {
  const found = findGitDirs(workspace, writable, { ...limits, gitDirs: Number.POSITIVE_INFINITY });
  const pin = found.gitDirs.slice(0, limits.gitDirs);
  const out: GitControl = { protect: found.gitFiles.map((path) => ({ path, kind: 'file' as const })), pin, known: found.gitDirs, complete: found.complete && pin.length === found.gitDirs.length };
  for (const gitDir of pin) {
    pinCommonDir(gitDir);
    for (const name of CONTROL_ENTRIES) {
      const full = join(gitDir, name);
      const k = kindOf(full);
      if (k) out.protect.push({ path: full, kind: k });
      else if (name === 'hooks') out.protect.push({ path: full, kind: 'absent' });
    }
  }
  return out;
}
