import { lstat, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

/** The operator for the machine Glassbox runs on (plain node:fs, no shell). */
export class LocalFileOperator implements FileOperator {
  async readFile(path: string): Promise<Uint8Array> {
    return readFile(path);
  }

  async writeFile(path: string, text: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    // Written in place (not temp+rename) so the file keeps its inode, mode and any symlink.
    await writeFile(path, text, 'utf8');
  }

  async exists(path: string): Promise<boolean> {
    try {
      await stat(path);
      return true;
    } catch {
      // A dangling symlink still occupies the name: `create` must not write through it.
      return lstat(path).then(
        () => true,
        () => false,
      );
    }
  }

  async isDirectory(path: string): Promise<boolean> {
    try {
      return (await stat(path)).isDirectory();
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
