import { FileBoundary } from '../../workspace/file-boundary';
import { readRefusal, writeRefusal, type ToolFileAccess } from '../../workspace/file-access';

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
  /** The raw bytes of a regular file; the caller decides whether they are text. */
  readFile(path: string): Promise<Uint8Array>;
  /**
   * Writes UTF-8 text, creating missing parent folders. `create`: the file must not exist yet
   * (nothing that appears meanwhile is overwritten).
   */
  writeFile(path: string, text: string, opts?: { create?: boolean }): Promise<void>;
  /** True when anything (file, folder, symlink target) exists at path. */
  exists(path: string): Promise<boolean>;
  isDirectory(path: string): Promise<boolean>;
  /** Deletes a file (used when undoing a `create`). */
  remove(path: string): Promise<void>;
  /** The entries of one folder, unsorted, without `.` and `..`. */
  readDirectory(path: string): Promise<DirEntry[]>;
}

/** The largest file the editor reads (views, edits, undo): past it, a clear error. */
export const MAX_EDITOR_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The operator for the machine Glassbox runs on, through the one file boundary every tool
 * crosses (workspace/file-boundary.ts): paths are walked by descriptor with every symlink
 * resolved and judged, so a folder swapped for a symlink mid-call cannot send a read or a write
 * elsewhere; only regular files and folders are read, at most {@link MAX_EDITOR_FILE_BYTES};
 * edits replace the file by renaming a temp file over it in its own folder.
 *
 * One instance per call: it remembers answers about paths for that call (see `memo`).
 *
 * `access` is what the call may touch: the hidden folders are never read, and writes stay in
 * the workspace outside its guarded folders, unless the approval granted the exact real path.
 */
export class LocalFileOperator implements FileOperator {
  private readonly boundary: FileBoundary;

  constructor(access?: ToolFileAccess) {
    // Without an access description (a test, a host's own use) nothing is hidden and every write is allowed.
    const rules = access
      ? { mayRead: (real: string) => readRefusal(real, access), mayWrite: (real: string, kind: 'file' | 'dir') => writeRefusal(real, kind, access) }
      : { mayRead: () => null, mayWrite: () => null };
    this.boundary = new FileBoundary(rules, { maxReadBytes: MAX_EDITOR_FILE_BYTES, what: 'str_replace_editor' });
  }

  async readFile(path: string): Promise<Uint8Array> {
    return this.boundary.readFile(path);
  }

  async writeFile(path: string, text: string, opts: { create?: boolean } = {}): Promise<void> {
    this.known.clear();
    this.boundary.writeFile(path, text, opts.create ? 'new' : 'replace');
  }

  async exists(path: string): Promise<boolean> {
    // A dangling symlink still occupies the name: `create` must not write through it.
    return this.memo(`e:${path}`, () => this.boundary.exists(path));
  }

  async isDirectory(path: string): Promise<boolean> {
    return this.memo(`d:${path}`, () => this.boundary.stat(path)?.kind === 'dir');
  }

  async remove(path: string): Promise<void> {
    this.known.clear();
    this.boundary.remove(path);
  }

  /**
   * What one call already asked about a path (the editor asks exists/isDirectory two or three
   * times per call). Only answers are kept, never a resolved location: every read and write
   * still walks and judges the path itself. Forgotten on every write.
   */
  private memo(key: string, ask: () => boolean): boolean {
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const answer = ask();
    this.known.set(key, answer);
    return answer;
  }

  private readonly known = new Map<string, boolean>();

  async readDirectory(path: string): Promise<DirEntry[]> {
    return this.boundary.readDirectory(path);
  }
}
