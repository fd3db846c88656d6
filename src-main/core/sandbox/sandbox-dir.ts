import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sandbox's own folder on the host, one per session (0700, in the host's temp dir, so a
 * crash leaves it where the next reboot cleans up): the seccomp filter bubblewrap reads and the
 * session's private temp dir (`/tmp` and `$TMPDIR` inside). Removed with the session.
 */
export class SandboxDir {
  /** The folder itself (a real path). */
  readonly path: string;
  private disposed = false;

  constructor(hostTmp: string) {
    this.path = mkdtempSync(join(hostTmp, 'glassbox-sandbox-'));
    chmodSync(this.path, 0o700);
  }

  /** The session's private temp dir (made on first call). */
  get tmp(): string {
    const dir = join(this.path, 'tmp');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** Where the shell's commands are handed over (made on first call). */
  get commands(): string {
    const dir = join(this.path, 'cmd');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** Writes the seccomp filter
 (read-only) and returns its path. */
  writeFilter(bytes: Buffer): string {
    const file = join(this.path, 'seccomp.bpf');
    writeFileSync(file, bytes, { mode: 0o400 });
    return file;
  }

  /** Removes the folder and everything in it (the private temp dir too). Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    rmSync(this.path, { recursive: true, force: true });
  }
}
