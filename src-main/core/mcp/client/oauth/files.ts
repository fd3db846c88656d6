import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../config/atomic-write';

/** Server ids as McpManager accepts them; anything else never becomes a file name. */
const SERVER_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * The folder of sign-in files (`$GLASSBOX_HOME/state/oauth`, mode 0700) and safe reads and
 * writes of one file in it: the id is checked before it names a file, a symlink planted in
 * place of the folder or a file is refused (it could point the tokens somewhere readable), and
 * files are written atomically with mode 0600.
 */
export class OAuthFiles {
  constructor(
    readonly dir: string,
    private readonly extension: string,
  ) {}

  /** The file of `serverId`. Throws for an id that is not a plain name. */
  pathOf(serverId: string): string {
    if (!SERVER_ID.test(serverId)) throw new Error(`'${serverId}' is not a valid MCP server id`);
    return join(this.dir, `${serverId}${this.extension}`);
  }

  private ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(this.dir);
    if (!st.isDirectory()) throw new Error(`${this.dir} is not a folder (a symlink?); sign-in files are not written there`);
    if ((st.mode & 0o777) !== 0o700) chmodSync(this.dir, 0o700);
  }

  /** The file's bytes, or undefined when it does not exist. Refuses symlinks and non-files. */
  read(serverId: string): Buffer | undefined {
    const path = this.pathOf(serverId);
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code === 'ELOOP' ? 'it is a symlink' : (err as Error).message}`);
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw new Error(`cannot read ${path}: not a regular file`);
      // Loosened by hand (or by a copy): tighten it again before anything else reads it.
      if ((st.mode & 0o077) !== 0) chmodSync(path, 0o600);
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Writes the file atomically, mode 0600, in a 0700 folder. */
  write(serverId: string, data: string | Uint8Array): void {
    const path = this.pathOf(serverId);
    this.ensureDir();
    writeFileAtomic(path, data, 0o600);
  }

  /** Deletes the file; true when it existed. */
  remove(serverId: string): boolean {
    const path = this.pathOf(serverId);
    try {
      lstatSync(path);
    } catch {
      return false;
    }
    rmSync(path, { force: true });
    return true;
  }
}
