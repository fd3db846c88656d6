import { lstatSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One entry of a directory listing. */
export interface DirEntry {
  name: string;
  /** True for a real directory (symlinks to directories are not followed). */
  isDirectory: boolean;
}

/**
 * Every file access the editor makes. Kept small so a sandboxed operator (a container, a
 * remote machine) can replace the local one without touching the editor.
 */
export interface FileOperator {
  /** The raw bytes of a file; the caller decides whether they are text. */
  readFile(path: string): Promise<Uint8Array>;
  /** Writes UTF-8 text, creating missing parent folders. */
  writeFile(path: string, text: string): Promise<void>;
  /** True when anything (file, folder, symlink target) exists at path. */
  exists(path: string): Promise<boolean>;
  isDirectory(path: string): Promise<boolean>;
  /** Deletes a file (used when undoing a `create`). */
  remove(path: string): Promise<void>;
  /** The entries of one folder, unsorted, without `.` and `..`. */
  readDirectory(path: string): Promise<DirEntry[]>;
}

/** Files up to this size are read in one synchronous call (see LocalFileOperator.readFile). */
const SYNC_READ_BYTES = 1024 * 1024;

/**
 * The operator for the machine Glassbox runs on (plain node:fs, no shell). Stats and small
 * reads are synchronous: each takes microseconds on a local disk, while through the thread
 * pool a stat is a round trip and a read four (open, fstat, read, close) — most of what an
 * editor `view` cost (bench/mcp.mjs row 2). Large files are still read asynchronously.
 */
export class LocalFileOperator implements FileOperator {
  async readFile(path: string): Promise<Uint8Array> {
    return statSync(path).size <= SYNC_READ_BYTES ? readFileSync(path) : readFile(path);
  }

  async writeFile(path: string, text: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    // Written in place (not temp+rename) so the file keeps its inode, mode and any symlink.
    await writeFile(path, text, 'utf8');
  }

  async exists(path: string): Promise<boolean> {
    // A dangling symlink still occupies the name: `create` must not write through it.
    try {
      return statSync(path, { throwIfNoEntry: false }) !== undefined || lstatSync(path, { throwIfNoEntry: false }) !== undefined;
    } catch {
      return false;
    }
  }

  async isDirectory(path: string): Promise<boolean> {
    try {
      return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
    } catch {
      return false;
    }
  }

  async remove(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  async readDirectory(path: string): Promise<DirEntry[]> {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.map((e) => ({ name: e.name, isDirectory: e.isDirectory() }));
  }
}
