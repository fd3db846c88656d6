import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Symlinks followed at most this many times (the kernel's ELOOP limit is 40). */
const MAX_LINKS = 40;

/**
 * The real path of `path` (absolute, or relative to `base`): every symlink resolved, the way
 * the kernel would when the file is opened or created. For a path that does not exist yet it
 * is the real path of its nearest existing parent with the rest appended, and a dangling
 * symlink resolves to where it points — so `ws/link/new.txt` with `link -> /etc` is
 * `/etc/new.txt`. Every "is this inside the workspace?" decision is made on this, never on the
 * path text.
 */
export function realPathOf(path: string, base: string = process.cwd()): string {
  // Not path.join: it would fold `link/..` textually, where the kernel goes up from the link's target.
  const abs = isAbsolute(path) ? path : `${base}${sep}${path}`;
  return walk(abs.split(/[\\/]+/).filter((s) => s !== ''), rootOf(abs), 0);
}

function rootOf(abs: string): string {
  return resolve(abs).slice(0, resolve(abs).indexOf(sep) + 1) || sep;
}

function walk(parts: string[], start: string, links: number): string {
  let cur = start;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '.') continue;
    if (part === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, part);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Nothing exists here: nothing further down can be a link either.
      return resolve(cur, ...parts.slice(i));
    }
    if (!isLink) {
      cur = next;
      continue;
    }
    if (links >= MAX_LINKS) return resolve(cur, ...parts.slice(i)); // a loop: the open would fail
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      return resolve(cur, ...parts.slice(i));
    }
    const from = isAbsolute(target) ? rootOf(target) : cur;
    return walk([...target.split(/[\\/]+/).filter((s) => s !== ''), ...parts.slice(i + 1)], from, links + 1);
  }
  // Existing path: let the OS have the last word (case-insensitive file systems, mounts).
  try {
    return realpathSync.native(cur);
  } catch {
    return cur;
  }
}

/** True when `path` is `dir` or lies under it (both absolute, normalized). */
export function isPathInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

/** The outcome of a real-path containment check. */
export type InsideCheck = { ok: true; real: string } | { ok: false; real: string; reason: string };

/**
 * Whether `path` (absolute, or relative to the first root) really lies inside one of `roots`
 * (the workspace, MCP roots …): both sides are compared as real paths, so a symlink inside a
 * root that points out of it is outside.
 */
export function checkInside(path: string, roots: readonly string[]): InsideCheck {
  const real = realPathOf(path, roots[0] ?? process.cwd());
  const realRoots = roots.map((r) => realPathOf(r));
  if (realRoots.some((r) => isPathInside(real, r))) return { ok: true, real };
  const shown = resolve(roots[0] ?? process.cwd(), path);
  return { ok: false, real, reason: `${shown}${real !== shown ? ` (really ${real})` : ''} is outside ${realRoots.join(', ') || 'every root'}` };
}
