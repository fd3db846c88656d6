import { posix } from 'node:path';

/** What the analysis knows about the shell at a point of the line. */
export interface Scope {
  /** The shell's directory as far as static `cd`/`pushd` tell; null when it cannot be known. */
  cwd: string | null;
  /** pushd's directory stack (null entries: unknown). */
  dirStack: Array<string | null>;
  /** Variables assigned earlier in the line: their literal value, or null when not literal. */
  vars: Map<string, string | null>;
  /** Aliases and functions defined (by the shell before, or earlier in the line). */
  names: Set<string>;
}

/** A child scope: a subshell, `$(…)` or pipeline stage sees the parent's state but changes only its own. */
export function childScope(s: Scope): Scope {
  return { cwd: s.cwd, dirStack: [...s.dirStack], vars: new Map(s.vars), names: new Set(s.names) };
}

/** True when `path` is `dir` or lies under it (both absolute and normalized). */
export function isInside(path: string, dir: string): boolean {
  const rel = posix.relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
}

/** True when `path` lies under `dir` and is not `dir` itself. */
export function isStrictlyInside(path: string, dir: string): boolean {
  return path !== dir && isInside(path, dir);
}

/** The command's name without its directory (`/bin/rm` → `rm`). */
export function baseName(cmd: string): string {
  return cmd.includes('/') ? posix.basename(cmd) : cmd;
}

/**
 * Resolves a path word against the known cwd: `~` and `~/…` are the home directory, `~user`
 * is unknown (null), relative paths need a known cwd.
 */
export function resolvePath(arg: string, cwd: string | null, home: string): string | null {
  let p = arg;
  if (p === '~' || p.startsWith('~/')) p = home + p.slice(1);
  else if (p.startsWith('~')) return null;
  if (posix.isAbsolute(p)) return posix.resolve(p);
  return cwd === null ? null : posix.resolve(cwd, p);
}

const GLOB_CHARS = /[*?[]/;

/**
 * The directory everything a (possibly glob) path can name lies in or under: for `a/b*` it is
 * `a/`, for a plain path the path itself. Null when relative to an unknown cwd.
 */
export function pathBase(arg: string, cwd: string | null, home: string): { path: string; glob: boolean } | null {
  const glob = GLOB_CHARS.exec(arg);
  if (!glob) {
    const p = resolvePath(arg, cwd, home);
    return p === null ? null : { path: p, glob: false };
  }
  const fixed = arg.slice(0, glob.index);
  const dir = fixed.includes('/') ? fixed.slice(0, fixed.lastIndexOf('/') + 1) || '/' : '.';
  const p = resolvePath(dir === '' ? '.' : dir, cwd, home);
  return p === null ? null : { path: p, glob: true };
}
