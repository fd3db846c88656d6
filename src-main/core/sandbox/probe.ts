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
 * Runs `command args… /bin/sh -c 'exit 0'` (the wrapped line, up to and including `--` for
 * bubblewrap) once (cached) and returns null when it worked, else what went wrong. Testing the
 * real arguments catches a kernel without user namespaces, a filter the kernel refuses and a
 * mount this layout needs that fails.
 */
export function selfTest(command: string, args: string[], env: NodeJS.ProcessEnv): string | null {
  const key = JSON.stringify([command, args]);
  const known = selfTests.get(key);
  if (known !== undefined) return known;
  const r = spawnSync(command, [...args, '/bin/sh', '-c', 'exit 0'], { env, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] });
  let problem: string | null = null;
  if (r.error) problem = r.error.message;
  else if (r.status !== 0) problem = (r.stderr ?? '').trim().split('\n').slice(-3).join(' ') || `exit code ${r.status ?? r.signal}`;
  selfTests.set(key, problem);
  return problem;
}

/** What a bubblewrap binary can do, by path (asked once per process). */
const bwrapFeatures = new Map<string, { disableUserns: boolean }>();

/** Whether `binary` (bubblewrap) knows `--disable-userns` (0.8 and later), from its `--help`. */
export function bwrapSupportsDisableUserns(binary: string, env: NodeJS.ProcessEnv): boolean {
  let f = bwrapFeatures.get(binary);
  if (!f) {
    const r = spawnSync(binary, ['--help'], { env, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
    f = { disableUserns: `${r.stdout ?? ''}${r.stderr ?? ''}`.includes('--disable-userns') };
    bwrapFeatures.set(binary, f);
  }
  return f.disableUserns;
}

/**
 * The reason shown when bubblewrap's self-test failed: a missing user namespace is named as
 * such (the sandbox needs one to run without any capability, also for root).
 */
export function selfTestProblem(failure: string): string {
  return /user ?namespace|uid.?map|setting up uid|No permissions to creat|Creating new namespace failed|userns/i.test(failure)
    ? `no user namespace can be created here (bubblewrap: ${failure}); the sandbox needs one to run without capabilities. Allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 / user.max_user_namespaces), or run where they are allowed`
    : `bubblewrap failed its self-test: ${failure}`;
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
