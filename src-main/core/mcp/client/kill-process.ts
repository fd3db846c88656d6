import type { ChildProcess } from 'node:child_process';

/**
 * Stops a stdio server the way the MCP lifecycle asks: its stdin is closed and it gets a grace
 * period to exit by itself (to finish what it was writing, flush its traces); then SIGTERM, and
 * SIGKILL after another grace period. Resolves when the process is gone.
 */
export async function killProcess(child: ChildProcess | undefined, graceMs = 2_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  const goneWithin = (ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)));
    return Promise.race([gone.then(() => true), late]).finally(() => clearTimeout(timer));
  };
  try {
    child.stdin?.end();
  } catch {
    // Its stdin is already gone: the signals below still apply.
  }
  if (await goneWithin(graceMs)) return;
  child.kill('SIGTERM');
  if (await goneWithin(graceMs)) return;
  child.kill('SIGKILL');
  await gone;
}
