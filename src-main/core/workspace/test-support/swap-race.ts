import { spawn, type ChildProcess } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { vi } from 'vitest';

/**
 * The attack tests' racer: a python3 process that swaps two names in a loop with
 * renameat2(RENAME_EXCHANGE), atomically, as an agent's background job can — a workspace
 * folder and a symlink that leads out of the workspace trade places thousands of times a
 * second. Resolves once the swap is seen happening. Only for tests.
 */
export async function startSwapper(a: string, b: string): Promise<{ stop(): Promise<void> }> {
  const script = [
    'import ctypes, sys',
    'libc = ctypes.CDLL(None, use_errno=True)',
    'a, b = sys.argv[1].encode(), sys.argv[2].encode()',
    'while True: libc.renameat2(-100, a, -100, b, 2)',
  ].join('\n');
  const child: ChildProcess = spawn('python3', ['-c', script, a, b], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Both kinds seen at `a`: the swap runs.
  const seen = new Set<boolean>();
  await vi.waitFor(
    () => {
      try {
        seen.add(lstatSync(a).isSymbolicLink());
      } catch {
        // mid-swap
      }
      if (seen.size < 2) throw new Error('the swap has not started yet');
    },
    { timeout: 20_000, interval: 1 },
  );
  return {
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
