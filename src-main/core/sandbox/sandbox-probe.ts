import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Which confinement a platform offers, or why none. */
export type SandboxBackend = { kind: 'bwrap' | 'seatbelt'; binary: string } | { kind: 'none'; reason: string };

/** The first executable `name` on PATH (or `name` itself when it is a path). */
export function findExecutable(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const candidates = isAbsolute(name) || name.includes('/') ? [name] : (env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, name));
  for (const c of candidates) {
    try {
      accessSync(c, constants.X_OK);
      return c;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** Self-test results by command line: the same layout is tested once per process. */
const selfTests = new Map<string, string | null>();

/**
 * Runs `binary args… -- /bin/sh -c 'exit 0'` once (cached) and returns null when it worked, else
 * what went wrong. Testing the real arguments catches both a kernel without user namespaces and
 * a mount this layout needs that fails.
 */
export function selfTest(binary: string, args: string[], env: NodeJS.ProcessEnv): string | null {
  const key = JSON.stringify([binary, args]);
  const known = selfTests.get(key);
  if (known !== undefined) return known;
  const r = spawnSync(binary, [...args, '/bin/sh', '-c', 'exit 0'], { env, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] });
  let problem: string | null = null;
  if (r.error) problem = r.error.message;
  else if (r.status !== 0) problem = (r.stderr ?? '').trim().split('\n').slice(-3).join(' ') || `exit code ${r.status ?? r.signal}`;
  selfTests.set(key, problem);
  return problem;
}

/**
 * The confinement this platform can offer: bubblewrap on Linux (`$GLASSBOX_BWRAP`, else `bwrap`
 * on PATH), `sandbox-exec` on macOS, nothing elsewhere.
 */
export function findBackend(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): SandboxBackend {
  if (platform === 'linux') {
    const wanted = env.GLASSBOX_BWRAP || 'bwrap';
    const binary = findExecutable(wanted, env);
    return binary
      ? { kind: 'bwrap', binary }
      : { kind: 'none', reason: `bubblewrap (${wanted}) was not found: install it (Debian/Ubuntu: apt install bubblewrap)` };
  }
  if (platform === 'darwin') {
    const binary = findExecutable('/usr/bin/sandbox-exec', env);
    return binary ? { kind: 'seatbelt', binary } : { kind: 'none', reason: '/usr/bin/sandbox-exec was not found' };
  }
  return { kind: 'none', reason: `no OS sandbox is supported on ${platform}` };
}
