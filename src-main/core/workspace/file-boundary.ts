import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fchownSync, fstatSync, openSync, read, readdirSync, readSync, renameSync, rmdirSync, symlinkSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import { at, DESCRIPTOR_RELATIVE, locate, WalkError, type Located } from './dir-walk';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;
const readAsync = promisify(read);

/** Why the boundary refused: a stable code and a message written for the model or the user. */
export class BoundaryError extends Error {
  constructor(
    readonly code: 'hidden' | 'read-only' | 'not-regular' | 'too-large' | 'is-directory' | 'not-found' | 'changed' | 'exists' | 'link',
    message: string,
    /** For a refusal: the rule's own reason. */
    readonly why?: string,
  ) {
    super(message);
  }
}

/** What may be read and written, judged on real paths (no symlink in them). */
export interface BoundaryRules {
  /** Null when the file or folder at `real` may be read (listed, stat'ed); else why not. */
  mayRead(real: string): string | null;
  /** Null when `real` may be written, created or deleted (`dir`: a folder made on the way); else why not. */
  mayWrite(real: string, kind: 'file' | 'dir'): string | null;
}

/** What one object is, once symlinks are followed. */
export interface BoundaryStat {
  kind: 'file' | 'dir' | 'other';
  size: number;
  /** Its real path (where the walk ended). */
  real: string;
}

/** How {@link FileBoundary.writeFile} writes. */
export interface WriteOptions {
  /** Permission bits for the file (the umask applies); by default an existing file's are kept. */
  mode?: number;
  /** Refuse every symlink on the way, and replace one in the last place instead of following it. */
  noLinks?: boolean;
}

/** One entry of a folder listing (symlinks are not followed). */
export interface BoundaryDirEntry {
  name: string;
  isDirectory: boolean;
}

/** Reads up to this size are made synchronously (microseconds each); larger ones through the thread pool. */
const SYNC_READ_BYTES = 1024 * 1024;
/** Attempts when a name changes between the walk and the open (another process racing us). */
const RETRIES = 8;

function describe(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Every file operation a tool makes on the agent's behalf, done so that no path component can
 * be swapped under it (see dir-walk.ts): the path is walked from `/` with descriptors, symlinks
 * resolved by the walk itself, and the real path where it ends is judged by `rules` before
 * anything is opened there. Reads go through the descriptor that was checked and refuse
 * anything but regular files and folders (a FIFO would block, a device never ends) and files
 * past `maxReadBytes`; writes go to a fresh temp file in the final folder that is renamed over
 * the name (a hard link to a file elsewhere is replaced, never written through); creates use
 * O_EXCL so nothing that appeared meanwhile is overwritten.
 */
export class FileBoundary {
  constructor(
    private readonly rules: BoundaryRules,
    private readonly limits: { maxReadBytes: number; what: string },
  ) {}

  private readRefusal(real: string): void {
    const why = this.rules.mayRead(real);
    if (why) throw new BoundaryError('hidden', `Refused to read: ${why}.`, why);
  }

  private writeRefusal(real: string, kind: 'file' | 'dir'): void {
    const why = this.rules.mayWrite(real, kind);
    if (why) throw new BoundaryError('read-only', `Refused to write: ${why} (writing there needs a call approved for it).`, why);
  }

  private walk(path: string, followFinal: boolean, createDirs?: boolean, noLinks?: boolean): Located {
    try {
      return locate(path, {
        followFinal,
        ...(noLinks ? { noLinks } : {}),
        ...(createDirs ? { createDirs: (real: string) => this.rules.mayWrite(real, 'dir') } : {}),
      });
    } catch (err) {
      if (err instanceof WalkError) {
        if (err.code === 'EACCES') throw new BoundaryError('read-only', `Refused to write: ${err.message} (writing there needs a call approved for it).`);
        if (err.code === 'ELOOP' && noLinks) throw new BoundaryError('link', err.message);
        // A name missing on the way may only be reported as missing where it may be read.
        if (err.real) this.readRefusal(err.real);
        throw Object.assign(new Error(`${err.code}: ${err.message}`), { code: err.code });
      }
      throw err;
    }
  }

  /** What is at `path` (symlinks followed), or null when nothing is; refuses what may not be read. */
  stat(path: string): BoundaryStat | null {
    let loc: Located;
    try {
      loc = this.walk(path, true);
    } catch (err) {
      if (errno(err) === 'ENOENT') return null;
      throw err;
    }
    try {
      this.readRefusal(loc.real);
      const st = loc.stat;
      if (!st) return null;
      return { kind: st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other', size: st.size, real: loc.real };
    } finally {
      loc.close();
    }
  }

  /** True when anything occupies the name, a dangling symlink included (nothing is followed in the last place). */
  exists(path: string): boolean {
    let loc: Located;
    try {
      loc = this.walk(path, false);
    } catch (err) {
      if (errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR') return false;
      throw err;
    }
    try {
      this.readRefusal(loc.real);
      return loc.stat !== null;
    } finally {
      loc.close();
    }
  }

  /**
   * Opens the regular file at `path` for reading through the checked walk: a name that turned
   * into a symlink or another file since the walk is looked at again, never followed.
   */
  private openFile(path: string): { fd: number; st: Stats; real: string } {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const loc = this.walk(path, true);
      try {
        this.readRefusal(loc.real);
        const seen = loc.stat;
        if (!seen) throw Object.assign(new Error(`no such file: ${path}`), { code: 'ENOENT' });
        if (seen.isDirectory()) throw new BoundaryError('is-directory', `${path} is a directory`);
        if (!seen.isFile() || loc.name === null) throw new BoundaryError('not-regular', `The path ${path} is ${describe(seen)}, not a regular file; ${this.limits.what} only reads regular files and directories.`);
        let fd: number;
        try {
          // O_NONBLOCK: should a FIFO appear here after all, opening it must not wait for a writer.
          fd = openSync(at(loc.dir, loc.name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
        } catch (err) {
          if (errno(err) === 'ELOOP' || errno(err) === 'ENOENT') continue; // swapped since the walk
          throw err;
        }
        const st = fstatSync(fd);
        if (st.ino !== seen.ino || st.dev !== seen.dev || !st.isFile()) {
          closeSync(fd);
          continue;
        }
        return { fd, st, real: loc.real };
      } finally {
        loc.close();
      }
    }
    throw new BoundaryError('changed', `${path} kept changing while it was being opened; try again`);
  }

  /** The bytes of the regular file at `path`, at most the size limit (past it: a clear error). */
  async readFile(path: string): Promise<Buffer> {
    const { fd, st } = this.openFile(path);
    try {
      if (st.size <= SYNC_READ_BYTES) return this.readAll(st, path, (buf) => readSync(fd, buf, 0, buf.length, null));
      if (st.size > this.limits.maxReadBytes) throw this.tooLarge(path, st.size);
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const buf = Buffer.allocUnsafe(this.chunkFor(st, total));
        const n = (await readAsync(fd, buf, 0, buf.length, null)).bytesRead;
        if (n === 0) break;
        chunks.push(buf.subarray(0, n));
        total += n;
        if (total > this.limits.maxReadBytes) throw this.tooLarge(path, total);
      }
      return Buffer.concat(chunks, total);
    } finally {
      closeSync(fd);
    }
  }

  /** {@link readFile}, synchronously (small limits only: it holds the event loop while it reads). */
  readFileSync(path: string): Buffer {
    const { fd, st } = this.openFile(path);
    try {
      return this.readAll(st, path, (buf) => readSync(fd, buf, 0, buf.length, null));
    } finally {
      closeSync(fd);
    }
  }

  private tooLarge(path: string, n: number): BoundaryError {
    const max = this.limits.maxReadBytes;
    return new BoundaryError('too-large', `The file ${path} is ${n} bytes; ${this.limits.what} reads files up to ${max} bytes. Look at parts of it with bash instead (e.g. sed -n '1,200p' ${path}).`);
  }

  private chunkFor(st: Stats, total: number): number {
    const max = this.limits.maxReadBytes;
    // Up to one byte past the limit (to see it is passed); /proc files report size 0.
    return Math.min(Math.max(64 * 1024, st.size + 1), max + 1 - total);
  }

  /** Reads until the end, never past the limit: the file may grow meanwhile. */
  private readAll(st: Stats, path: string, readInto: (buf: Buffer) => number): Buffer {
    if (st.size > this.limits.maxReadBytes) throw this.tooLarge(path, st.size);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(this.chunkFor(st, total));
      const n = readInto(buf);
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > this.limits.maxReadBytes) throw this.tooLarge(path, total);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  }

  /** The entries of the folder at `path` (symlinks followed to it, not inside it). */
  readDirectory(path: string): BoundaryDirEntry[] {
    const loc = this.walk(path, true);
    try {
      this.readRefusal(loc.real);
      if (!loc.stat) throw Object.assign(new Error(`no such directory: ${path}`), { code: 'ENOENT' });
      if (!loc.stat.isDirectory()) throw Object.assign(new Error(`not a directory: ${path}`), { code: 'ENOTDIR' });
      let fd = loc.dir.fd;
      let own = false;
      if (loc.name !== null) {
        fd = openSync(at(loc.dir, loc.name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        own = true;
      }
      try {
        // Without /proc: the folder's real path, as walked.
        const from = DESCRIPTOR_RELATIVE ? `/proc/self/fd/${fd}` : loc.real;
        return readdirSync(from, { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }));
      } finally {
        if (own) closeSync(fd);
      }
    } finally {
      loc.close();
    }
  }

  /**
   * Writes `data` to `path`: `new` creates a file that must not exist yet (O_EXCL, missing
   * folders made on the way); `replace` writes a temp file beside the existing one, with its
   * mode and owner, and renames it over the name (a symlink in the last place is followed to
   * the file it names, which is replaced in its own folder).
   */
  writeFile(path: string, data: string | Uint8Array, how: 'new' | 'replace', opts: WriteOptions = {}): void {
    const loc = this.walk(path, how === 'replace' && !opts.noLinks, true, opts.noLinks);
    try {
      if (loc.name === null || loc.stat?.isDirectory()) throw new BoundaryError('is-directory', `${path} is a directory`);
      this.writeRefusal(loc.real, 'file');
      if (how === 'new') {
        if (loc.stat) throw new BoundaryError('exists', `${path} already exists`);
        let fd: number;
        try {
          fd = openSync(at(loc.dir, loc.name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666);
        } catch (err) {
          if (errno(err) === 'EEXIST') throw new BoundaryError('exists', `${path} already exists`);
          throw err;
        }
        try {
          writeAll(fd, data);
        } finally {
          closeSync(fd);
        }
        return;
      }
      // With noLinks a symlink in the last place is replaced, not followed.
      const old = opts.noLinks && loc.stat?.isSymbolicLink() ? null : loc.stat;
      if (old && !old.isFile()) throw new BoundaryError('not-regular', `The path ${path} is ${describe(old)}, not a regular file; ${this.limits.what} only writes regular files.`);
      const tmpName = `.${loc.name.slice(0, 64)}.glassbox-${randomBytes(6).toString('hex')}.tmp`;
      const fd = openSync(at(loc.dir, tmpName), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
      let renamed = false;
      try {
        try {
          writeAll(fd, data);
          if (opts.mode !== undefined) {
            fchmodSync(fd, opts.mode & ~process.umask());
          } else if (old) {
            fchmodSync(fd, old.mode & 0o7777);
            try {
              fchownSync(fd, old.uid, old.gid);
            } catch {
              // Only root may give a file away; everyone else keeps their own files.
            }
          } else {
            fchmodSync(fd, 0o666 & ~process.umask());
          }
        } finally {
          closeSync(fd);
        }
        // rename does not follow a symlink in either place: whatever took the name meanwhile is replaced, in this folder.
        renameSync(at(loc.dir, tmpName), at(loc.dir, loc.name));
        renamed = true;
      } finally {
        if (!renamed) {
          try {
            unlinkSync(at(loc.dir, tmpName));
          } catch {
            // already gone
          }
        }
      }
    } finally {
      loc.close();
    }
  }

  /** Puts a symlink to `target` at `path` (whatever file or link is there is replaced; a link on the way is refused). */
  writeLink(path: string, target: string): void {
    const loc = this.walk(path, false, true, true);
    try {
      if (loc.name === null || loc.stat?.isDirectory()) throw new BoundaryError('is-directory', `${path} is a directory`);
      this.writeRefusal(loc.real, 'file');
      const tmpName = `.${loc.name.slice(0, 64)}.glassbox-${randomBytes(6).toString('hex')}.tmp`;
      symlinkSync(target, at(loc.dir, tmpName));
      try {
        renameSync(at(loc.dir, tmpName), at(loc.dir, loc.name));
      } catch (err) {
        unlinkSync(at(loc.dir, tmpName));
        throw err;
      }
    } finally {
      loc.close();
    }
  }

  /** Deletes the name at `path` (a symlink itself, never what it points to); nothing there is not an error. */
  remove(path: string, opts: { noLinks?: boolean } = {}): void {
    let loc: Located;
    try {
      loc = this.walk(path, false, false, opts.noLinks);
    } catch (err) {
      if (errno(err) === 'ENOENT') return;
      throw err;
    }
    try {
      if (loc.name === null) throw new BoundaryError('is-directory', `${path} is a directory`);
      this.writeRefusal(loc.real, 'file');
      if (!loc.stat) return;
      if (loc.stat.isDirectory()) rmdirSync(at(loc.dir, loc.name));
      else unlinkSync(at(loc.dir, loc.name));
    } catch (err) {
      if (errno(err) !== 'ENOENT') throw err;
    } finally {
      loc.close();
    }
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}
