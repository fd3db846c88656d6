import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, statSync, type Stats } from 'node:fs';

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = constants;

/** Symlinks followed at most this many times in one walk (the kernel's ELOOP limit). */
const MAX_LINKS = 40;
/** Steps in one walk at most, retries after a race included: a walk always ends. */
const MAX_STEPS = 4096;

/** A folder held open, and the real path it had when it was opened. */
export interface OpenDir {
  fd: number;
  real: string;
}

/** A walk that cannot go on: the name of the failure is the errno a kernel lookup would give. */
export class WalkError extends Error {
  constructor(
    readonly code: 'ENOENT' | 'ENOTDIR' | 'ELOOP' | 'EAGAIN' | 'EACCES',
    message: string,
    /** The real path of the name that stopped the walk. */
    readonly real?: string,
  ) {
    super(message);
  }
}

/**
 * True when `/proc/self/fd/<fd>/<name>` resolves `name` inside the folder the descriptor holds
 * (Linux with /proc): the magic link is followed by descriptor, never by path, which gives Node
 * (which has no openat) openat's semantics. Elsewhere (macOS) names are resolved by path with
 * O_NOFOLLOW and a device/inode check per folder (see {@link at}).
 */
export const DESCRIPTOR_RELATIVE = probeProcFd();

function probeProcFd(): boolean {
  if (process.platform !== 'linux') return false;
  let fd = -1;
  try {
    fd = openSync('/', O_RDONLY | O_DIRECTORY);
    const viaFd = statSync(`/proc/self/fd/${fd}/.`);
    const root = fstatSync(fd);
    return viaFd.ino === root.ino && viaFd.dev === root.dev;
  } catch {
    return false;
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/**
 * A path naming `name` inside the open folder `dir` (one component, never `.`/`..`): with
 * /proc, `/proc/self/fd/N/name`, looked up in the folder the descriptor holds wherever it has
 * been moved and whatever now sits at its old path; otherwise the folder's real path.
 */
export function at(dir: OpenDir, name: string): string {
  if (DESCRIPTOR_RELATIVE) return `/proc/self/fd/${dir.fd}/${name}`;
  return dir.real === '/' ? `/${name}` : `${dir.real}/${name}`;
}

let root: OpenDir | undefined;
function rootDir(): OpenDir {
  root ??= { fd: openSync('/', O_RDONLY | O_DIRECTORY), real: '/' };
  return root;
}

/** Opens `name` in `dir` as a folder, refusing a symlink (and, by path, checking it is what lstat saw). */
function openDirAt(dir: OpenDir, name: string, seen: Stats | null): number {
  const fd = openSync(at(dir, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  if (!DESCRIPTOR_RELATIVE) {
    // Without openat the path was looked up again: it must still be the folder lstat saw.
    const st = fstatSync(fd);
    const again = seen ?? lstatSync(at(dir, name));
    if (st.ino !== again.ino || st.dev !== again.dev || again.isSymbolicLink()) {
      closeSync(fd);
      throw Object.assign(new Error('changed while being opened'), { code: 'EAGAIN' });
    }
  }
  return fd;
}

/** The outcome of a walk: the folder the last name lies in, held open, and what is there. */
export interface Located {
  /** The folder holding the final object (or the final object itself when `name` is null). */
  dir: OpenDir;
  /** The final name inside `dir`; null when the path ends at `dir` itself (`/`, a link to `..`). */
  name: string | null;
  /** The real path of the final object: folders and names walked, no symlink in it. */
  real: string;
  /** lstat of the final object; null when nothing is there. A symlink only when not followed. */
  stat: Stats | null;
  /** Closes every folder the walk holds. */
  close(): void;
}

/** How a walk treats what it meets. */
export interface WalkOptions {
  /** Follow a symlink in the last place (as open does) or stop at it (as lstat, unlink, rename do). */
  followFinal: boolean;
  /**
   * Creates missing folders on the way (mkdir's parents); called with each one's real path
   * first, and a string it returns refuses the walk with that message.
   */
  createDirs?: (real: string) => string | null;
  /** Refuse every symlink on the way instead of resolving it (a checkpoint restore puts folders back as they were). */
  noLinks?: boolean;
}

function join(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Walks an absolute path one name at a time from an open `/`, every folder opened relative to
 * the one before with O_NOFOLLOW|O_DIRECTORY: no path component is ever looked up by path, so
 * none can be swapped for a symlink between a check and a use. Symlinks are resolved here (read
 * with readlink and walked the same way, `..` going up the folders actually held), so the real
 * path of where the walk ends is known exactly and is what the caller's rules judge. A name that
 * changes kind between lstat and open is looked at again.
 */
export function locate(path: string, opts: WalkOptions): Located {
  if (!path.startsWith('/')) throw new WalkError('ENOENT', `${path} is not an absolute path`);
  const parts = path.split('/').filter((p) => p !== '');
  // `/` is opened once for the process and never closed; everything below it per walk.
  const stack: OpenDir[] = [rootDir()];
  const close = (): void => {
    for (const d of stack.splice(1)) closeSync(d.fd);
  };
  let links = 0;
  let steps = 0;
  try {
    while (parts.length > 0) {
      if (++steps > MAX_STEPS) throw new WalkError('EAGAIN', `${path} kept changing while it was being looked up`);
      const name = parts.shift()!;
      if (name === '.') continue;
      if (name === '..') {
        if (stack.length > 1) closeSync(stack.pop()!.fd);
        continue;
      }
      const top = stack[stack.length - 1]!;
      const isLast = parts.length === 0;
      const real = join(top.real, name);
      if (!isLast) {
        // A folder on the way: opened straight away (one call); only what is not a plain folder is looked at.
        try {
          stack.push({ fd: openDirAt(top, name, null), real });
          continue;
        } catch (err) {
          if (!['ELOOP', 'ENOTDIR', 'ENOENT', 'EAGAIN', 'EMLINK'].includes(errno(err) ?? '')) throw err;
        }
      }
      let st: Stats;
      try {
        st = lstatSync(at(top, name));
      } catch (err) {
        if (errno(err) !== 'ENOENT') throw err;
        if (isLast) return { dir: top, name, real, stat: null, close };
        if (!opts.createDirs) throw new WalkError('ENOENT', `${real} does not exist`, real);
        const refused = opts.createDirs(real);
        if (refused) throw new WalkError('EACCES', refused, real);
        try {
          mkdirSync(at(top, name), 0o777);
        } catch (e) {
          if (errno(e) !== 'EEXIST') throw e;
        }
        parts.unshift(name); // look at what is there now
        continue;
      }
      if (st.isSymbolicLink()) {
        if (isLast && !opts.followFinal) return { dir: top, name, real, stat: st, close };
        if (opts.noLinks) throw new WalkError('ELOOP', `refusing to go through a symlink: ${real}`, real);
        if (++links > MAX_LINKS) throw new WalkError('ELOOP', `too many levels of symbolic links in ${path}`);
        let target: string;
        try {
          target = readlinkSync(at(top, name));
        } catch (err) {
          // Replaced by something else since lstat: look again.
          if (errno(err) === 'EINVAL' || errno(err) === 'ENOENT') {
            parts.unshift(name);
            continue;
          }
          throw err;
        }
        if (target.startsWith('/')) while (stack.length > 1) closeSync(stack.pop()!.fd);
        parts.unshift(...target.split('/').filter((p) => p !== ''));
        continue;
      }
      if (isLast) return { dir: top, name, real, stat: st, close };
      if (!st.isDirectory()) throw new WalkError('ENOTDIR', `${real} is not a directory`, real);
      let fd: number;
      try {
        fd = openDirAt(top, name, st);
      } catch (err) {
        // A symlink, a file or nothing now: it changed since lstat, look again.
        if (['ELOOP', 'ENOTDIR', 'ENOENT', 'EAGAIN', 'EMLINK'].includes(errno(err) ?? '')) {
          parts.unshift(name);
          continue;
        }
        throw err;
      }
      stack.push({ fd, real });
    }
    const top = stack[stack.length - 1]!;
    return { dir: top, name: null, real: top.real, stat: fstatSync(top.fd), close };
  } catch (err) {
    close();
    throw err;
  }
}
