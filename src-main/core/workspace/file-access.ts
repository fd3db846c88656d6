import { join, relative, sep } from 'node:path';
import { CREDENTIAL_PATHS } from './credential-paths';
import { realPathOf } from './real-path';

/** `path` is `dir` or below it; both absolute and normalised (a prefix test: this runs per file operation). */
function isPathInside(path: string, dir: string): boolean {
  if (dir === sep) return path.startsWith(sep);
  return path === dir || (path.startsWith(dir) && path.charCodeAt(dir.length) === sep.charCodeAt(0));
}

/**
 * What a tool working on the user's files for the agent (the editor) may touch without asking:
 * read anything but the hidden folders, write inside the workspace but not in its guarded
 * folders. `granted` widens it for one call the approval let through (a human's yes, or an
 * allow rule of the user's) to exactly the real paths that approval judged.
 */
export interface ToolFileAccess {
  /** The workspace's real path. */
  workspace: string;
  /** Real paths of folders no tool may read or write (credentials, Glassbox's own homes). */
  hidden: readonly string[];
  /** Real paths approved for this one call (their missing parent folders may be made too). */
  granted?: readonly string[];
}

/** How long the real paths of the hidden folders are reused before they are resolved again. */
const HIDDEN_TTL_MS = 2000;
const hiddenCache = new Map<string, { at: number; paths: string[] }>();

/**
 * The hidden folders for a user's home and Glassbox home(s): every credentials folder,
 * `$GLASSBOX_HOME` and `~/.glassbox`, each both as written and as its real path (a symlinked
 * `~/.ssh` is hidden where it really is). Resolved at most every two seconds.
 */
export function hiddenFolders(userHome: string, glassboxHomes: readonly string[]): string[] {
  const key = [userHome, ...glassboxHomes].join('\0');
  const now = Date.now();
  const cached = hiddenCache.get(key);
  if (cached && now - cached.at < HIDDEN_TTL_MS) return cached.paths;
  const given = [...CREDENTIAL_PATHS.map((c) => join(userHome, c)), ...glassboxHomes, join(userHome, '.glassbox')];
  const paths = [...new Set(given.flatMap((p) => [p, realPathOf(p)]))];
  hiddenCache.set(key, { at: now, paths });
  return paths;
}

function grantedFor(real: string, access: ToolFileAccess, kind: 'file' | 'dir' | 'read'): boolean {
  // A folder made on the way to a granted path is part of the granted write.
  return (access.granted ?? []).some((g) => isPathInside(real, g) || (kind === 'dir' && isPathInside(g, real)));
}

function hiddenRoot(real: string, access: ToolFileAccess): string | undefined {
  // A workspace inside a hidden folder stays usable (the sandbox mounts it again on top of it).
  return access.hidden.find((h) => isPathInside(real, h) && !(isPathInside(access.workspace, h) && isPathInside(real, access.workspace)));
}

/**
 * Why code a workspace's files can make run outside any sandbox: git runs hooks and the
 * programs its config names; Glassbox starts a project's MCP servers and extensions from
 * `.glassbox`. Any depth (a nested repository), any letter case (case-insensitive disks).
 */
export function guardedFolderReason(real: string, workspace: string): string | null {
  const parts = relative(workspace, real).split(sep).map((p) => p.toLowerCase());
  if (parts.includes('.git')) return 'git runs hooks and the programs named in .git/config when you run git';
  if (parts.includes('.glassbox')) return "Glassbox starts this project's MCP servers and extensions from .glassbox";
  return null;
}

/** Null when `real` may be read; else why not (it lies in a hidden folder). */
export function readRefusal(real: string, access: ToolFileAccess): string | null {
  const root = hiddenRoot(real, access);
  if (!root || grantedFor(real, access, 'read')) return null;
  return `${real} is inside ${root}, which is hidden from tools (credentials or Glassbox's own keys and sessions)`;
}

/** Null when `real` may be written (a file, or a folder made on the way); else why not. */
export function writeRefusal(real: string, kind: 'file' | 'dir', access: ToolFileAccess): string | null {
  if (grantedFor(real, access, kind)) return null;
  const root = hiddenRoot(real, access);
  if (root) return `${real} is inside ${root}, which is hidden from tools (credentials or Glassbox's own keys and sessions)`;
  if (!isPathInside(real, access.workspace)) return `${real} is outside the workspace ${access.workspace}`;
  const guarded = guardedFolderReason(real, access.workspace);
  if (guarded) return `${real} is in a protected folder: ${guarded}`;
  return null;
}
