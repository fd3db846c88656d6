import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { laneFiles } from './test/lanes/lanes.ts';

/**
 * Three lanes (docs/testing.md): each test file is in exactly one, by its `// @lane` marker or
 * by its place (test/lanes/lanes.ts); test/lanes/lanes.test.ts checks that none is left out.
 * `vitest run` runs them one after another (unit, integration, e2e); `--project <lane>` runs one.
 */
const lanes = laneFiles(dirname(fileURLToPath(import.meta.url)));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // One temporary folder per run, removed at its end (test/lanes/run-tmpdir.ts).
    globalSetup: ['./test/lanes/run-tmpdir.ts'],
    hookTimeout: 60_000,
    // expect.poll waits up to 20 s unless a test says otherwise: vitest's 1 s default failed
    // checks of a window or a process at load 15-30 that were only slow (a liveness bound).
    expect: { poll: { timeout: 20_000 } },
    // Two cores here: real ptys, MCP servers and Chromium fight for them, so keep forks few.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: lanes.unit,
          setupFiles: ['./test/lanes/unit-lane-guard.ts'],
          // Each worker keeps its modules from one test file to the next: importing the same
          // graphs (MCP SDK, zod, the providers) again for each of 160 files was two thirds of
          // the lane's CPU time (docs/testing.md). Unit tests keep no state in modules; set
          // GLASSBOX_UNIT_ISOLATE=1 to give each file fresh modules when hunting a leak.
          isolate: process.env.GLASSBOX_UNIT_ISOLATE === '1',
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'integration', include: lanes.integration, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'e2e', include: lanes.e2e, sequence: { groupOrder: 2 } } },
    ],
  },
});
