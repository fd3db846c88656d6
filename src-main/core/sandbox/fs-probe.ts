import { lstatSync, realpathSync, statSync } from 'node:fs';

/** The real path of `p`, or undefined when it does not exist. */
export function realOf(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** What `p` is once links are followed: a folder, anything else, or nothing. */
export function kindOf(p: string): 'dir' | 'file' | undefined {
  try {
    return statSync(p).isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
}

/** True when `p` itself is a symbolic link. */
export function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** True for a regular file (not a link) of at most 1 MiB: safe to read (a FIFO would block, a link leads elsewhere). */
export function isPlainFile(p: string): boolean {
  try {
    const st = lstatSync(p);
    return st.isFile() && st.size <= 1024 * 1024;
  } catch {
    return false;
  }
}
