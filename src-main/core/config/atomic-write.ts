import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

/**
 * Writes a file so that a crash leaves either the old or the new content, never half:
 * write a temp file beside it, fsync via writeFileSync's flush, then rename over. Without an
 * explicit `mode` the file keeps its current permissions (a 0600 config holding API keys must
 * not become world-readable because it was rewritten).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  if (mode === undefined) {
    try {
      mode = statSync(path).mode & 0o7777;
    } catch {
      // new file: default permissions
    }
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, data, { flush: true, mode });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
