import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { Sandbox } from './sandbox';
import { DEFAULT_SANDBOX_CONFIG } from './config';

let known: { why: string | undefined } | undefined;

/**
 * Why the bubblewrap sandbox cannot confine a process on this machine, or undefined when it can
 * (asked once per test process). Tests that need it skip with this reason instead of failing:
 * not Linux, bubblewrap not installed, or its self-test failing (no user namespaces, say).
 */
export function bwrapUnavailable(): string | undefined {
  if (known) return known.why;
  if (process.platform !== 'linux') {
    known = { why: `needs bubblewrap, which is Linux only (this is ${process.platform})` };
    return known.why;
  }
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'gb-sandbox-probe-')));
  const sandbox = new Sandbox({ config: DEFAULT_SANDBOX_CONFIG, workspace: ws, glassboxHome: join(ws, 'home'), env: process.env });
  try {
    const status = sandbox.status();
    known = { why: status.active && status.backend === 'bwrap' ? undefined : `the bubblewrap sandbox is not active here: ${status.reason ?? status.backend}` };
  } finally {
    sandbox.dispose();
    rmSync(ws, { recursive: true, force: true });
  }
  return known.why;
}

/** `describe` for tests that need the bubblewrap sandbox: skipped, the reason in its title, where it cannot run. */
export function describeWithBwrap(title: string, body: () => void): void {
  const why = bwrapUnavailable();
  if (why) describe.skip(`${title} (skipped: ${why})`, body);
  else describe(title, body);
}

/** `it` for a test that needs the bubblewrap sandbox: skipped, the reason in its title, where it cannot run. */
export function itWithBwrap(title: string, body: () => unknown): void {
  const why = bwrapUnavailable();
  if (why) it.skip(`${title} (skipped: ${why})`, body);
  else it(title, body);
}
