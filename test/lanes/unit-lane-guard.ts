import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterEach } from 'vitest';

/**
 * Setup file of the unit lane: the unit lane is pure logic, so starting a child process or a
 * pty there is a mistake in the lane, not in the code. Each way in throws a
 * {@link UnitLaneViolation} and is recorded; after each test a recorded one fails the test
 * with the remedy, even when the code under test caught the throw (tools turn failures into
 * results). The unit lane reuses its workers across test files (no isolation, see
 * docs/testing.md), and vitest runs this file again before each of them: each run installs the
 * replacements anew, so they throw this run's {@link UnitLaneViolation}, the class the test file
 * imports.
 */

/** What the guard throws in place of starting a process. */
export class UnitLaneViolation extends Error {
  override name = 'UnitLaneViolation';
}

const VIOLATIONS = Symbol.for('glassbox.unitLane.violations');

type GuardGlobals = { [VIOLATIONS]?: string[] };
const globals = globalThis as GuardGlobals;

/** The violations recorded since the last call, cleared (the lane check uses it to test the guard). */
export function takeUnitLaneViolations(): string[] {
  const taken = globals[VIOLATIONS] ?? [];
  globals[VIOLATIONS] = [];
  return taken;
}

function refuse(what: string, detail: string): never {
  const message =
    `unit lane: ${what}(${detail}) starts a process. The unit lane is pure logic; ` +
    'put `// @lane integration` at the top of this test file (see docs/testing.md).';
  (globals[VIOLATIONS] ??= []).push(message);
  throw new UnitLaneViolation(message);
}

function describeArgs(args: unknown[]): string {
  const [file, rest] = args;
  const argv = Array.isArray(rest) ? rest.map(String) : [];
  return JSON.stringify([String(file), ...argv].join(' ').slice(0, 120));
}

function install(): void {
  const require = createRequire(import.meta.url);
  const childProcess = require('node:child_process') as Record<string, unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    childProcess[name] = (...args: unknown[]) => refuse(`child_process.${name}`, describeArgs(args));
  }
  // `import { spawn } from 'node:child_process'` sees the replacements too.
  syncBuiltinESMExports();
  try {
    const pty = require('node-pty') as Record<string, unknown>;
    pty.spawn = (...args: unknown[]) => refuse('node-pty.spawn', describeArgs(args));
  } catch {
    // node-pty not built here: nothing can start a pty anyway.
  }
}

install();

afterEach(() => {
  const found = takeUnitLaneViolations();
  if (found.length > 0) throw new UnitLaneViolation(found[0]!);
});
