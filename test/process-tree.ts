import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Process checks for tests, limited to the test's own process tree (Linux /proc): the machine
 * runs other people's test suites too, with processes that look just like ours.
 */

interface ProcEntry {
  pid: number;
  ppid: number;
  zombie: boolean;
}

function entries(): ProcEntry[] {
  const found: ProcEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after "(comm)": state ppid …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push({ pid: Number(name), ppid: Number(fields[1]), zombie: fields[0] === 'Z' });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The live (not zombie) descendants of `root` (not `root` itself), as pids seen from here. */
export function descendants(root: number): number[] {
  const all = entries();
  const children = new Map<number, ProcEntry[]>();
  for (const e of all) children.set(e.ppid, [...(children.get(e.ppid) ?? []), e]);
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (!child.zombie) out.push(child.pid);
      queue.push(child.pid);
    }
  }
  return out;
}

/** Those of `root`'s live descendants whose command line contains `token`. */
export function descendantsWith(root: number, token: string): number[] {
  return descendants(root).filter((pid) => commandLine(pid).includes(token));
}

/** True while `pid` exists and is not a zombie waiting to be reaped. */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A `sleep` length no other process on the machine uses (300.<random digits>), to tell ours by its command line. */
export function uniqueSleepSeconds(): string {
  return `300.${randomInt(1e9)}`;
}
