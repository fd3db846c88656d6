import { readSync } from 'node:fs';

/**
 * Reading a byte range of an open file in full (readSync may return fewer bytes than asked).
 * Session files are read this way by the session list's scan (session/session-file-scan.ts) and
 * by the search index (search/search-index.ts); it sits in config/, beside atomic-write.ts, so
 * both may import it without a circle between session/ and search/.
 */

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export function readAt(fd: number, position: number, length: number): Buffer {
  return readInto(fd, Buffer.allocUnsafe(Math.max(0, length)), position, length);
}

/** Reads `length` bytes at `position` into `buf`; the part read. */
export function readInto(fd: number, buf: Buffer, position: number, length: number): Buffer {
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buf, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buf.subarray(0, read);
}
