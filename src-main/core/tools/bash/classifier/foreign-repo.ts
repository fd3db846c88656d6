import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from './scope';

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** True when git would take `dir` itself for a repository (a bare one: HEAD with objects/refs). */
function looksLikeGitDir(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && (isDir(join(dir, 'objects')) || existsSync(join(dir, 'commondir')));
}

/**
 * The repository git would use from `dir` when it is one the agent could have written: a
 * nested `.git` (or a bare repository's files) in a folder below the workspace, or anywhere in
 * a writable root. Its config names programs that even `git status` runs (`core.fsmonitor`,
 * textconv, `diff.external`). The workspace's own `.git` is not: the sandbox keeps its config
 * and hooks read-only. Null when git would find no such repository (real paths given).
 *
 * Looks at the file system (an exception to the classifier's purity): what decides is what is
 * on disk when the command is judged.
 */
export function foreignRepo(dir: string, ws: string, roots: readonly string[]): string | null {
  const stop = isInside(dir, ws) ? ws : roots.find((r) => isInside(dir, r));
  if (stop === undefined) return null;
  for (let d = dir; ; d = dirname(d)) {
    if (d === ws) return null; // reached the workspace's own repository
    if (existsSync(join(d, '.git'))) return join(d, '.git');
    if (looksLikeGitDir(d)) return d;
    if (d === stop || d === dirname(d)) return null;
  }
}
