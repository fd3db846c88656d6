import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** The sandbox's temp dir: the session's private folder, and where confined processes see it. */
export interface SandboxTmp {
  /** The private folder on the host (real path). */
  dir: string;
  /**
   * Where it is inside: `/tmp` (Linux: the machine's /tmp is not writable) or `dir` itself (the
   * machine's /tmp is writable anyway because you listed it in `writableRoots`, or macOS, where a
   * profile cannot move folders). `$TMPDIR` inside points here.
   */
  at: string;
}

/** One entry of the machine's /tmp shown, read-only, inside the private /tmp. */
export interface TmpEntry {
  path: string;
  kind: 'dir' | 'file';
}

/**
 * At most this many of the machine's /tmp entries are shown: each is one mount, and bubblewrap
 * takes ~1–2 ms per mount (12 s for 1,200 on a loaded machine). Those holding a path the
 * sandbox uses come first, then the most recently changed.
 */
export const MAX_TMP_ENTRIES = 64;

/** Folders in a temp dir that hold other programs' control sockets, by name. */
export const SOCKET_DIRS = /^(tmux-\d+|screens?|ssh-|\.X11-unix$|\.ICE-unix$|\.font-unix$|dbus-|vscode-|emacs\d+$|pulse-|jetbrains|kitty)/;

/** The sandbox folders of Glassbox sessions (sandbox-dir.ts): another session's stays private. */
const SANDBOX_DIRS = /^glassbox-sandbox-/;

/**
 * The top-level entries of the machine's /tmp to show read-only inside the private /tmp, so
 * that files there stay readable at their usual paths. Taken each time a confined process
 * starts. Only entries owned by you (or root): /tmp is sticky, so nobody else can swap one of
 * those for a symbolic link between this look and bubblewrap's mount; other users' files are
 * not shown. Left out: symbolic links, sockets, FIFOs and devices, folders of other programs'
 * sockets, other sessions' sandbox folders, and names the private /tmp already holds as
 * something else (the confined side's own file wins). Nothing when /tmp is not sticky. At most
 * {@link MAX_TMP_ENTRIES}: first those holding one of `wanted` (the workspace, writable roots),
 * then the most recently changed.
 */
export function tmpEntries(privateDir: string, uid: number | undefined, wanted: readonly string[] = [], realTmp = '/tmp'): TmpEntry[] {
  let names: string[];
  try {
    const st = lstatSync(realTmp);
    if (!st.isDirectory() || (st.mode & 0o1000) === 0) return [];
    names = readdirSync(realTmp).sort();
  } catch {
    return [];
  }
  const found: Array<TmpEntry & { rank: number }> = [];
  for (const name of names) {
    if (SOCKET_DIRS.test(name) || SANDBOX_DIRS.test(name)) continue;
    const path = join(realTmp, name);
    const st = lstatOrNull(path);
    if (!st || (uid !== undefined && st.uid !== uid && st.uid !== 0)) continue;
    const kind = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : undefined;
    if (!kind) continue;
    const mine = lstatOrNull(join(privateDir, name));
    if (mine && (mine.isSymbolicLink() || (kind === 'dir') !== mine.isDirectory())) continue;
    const holds = wanted.some((w) => w === path || w.startsWith(`${path}/`));
    found.push({ path, kind, rank: holds ? Number.MAX_SAFE_INTEGER : st.mtimeMs });
  }
  return found
    .sort((a, b) => b.rank - a.rank)
    .slice(0, MAX_TMP_ENTRIES)
    .map(({ path, kind }) => ({ path, kind }));
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}
