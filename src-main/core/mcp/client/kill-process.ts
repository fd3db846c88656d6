import type { ChildProcess } from 'node:child_process';

/** SIGTERM, then SIGKILL after a grace period; resolves when the process is gone. */
export async function killProcess(child: ChildProcess | undefined, graceMs = 2_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, graceMs);
  await gone;
  clearTimeout(timer);
}
