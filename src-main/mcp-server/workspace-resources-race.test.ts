// @lane integration: a Python helper swaps names during reads
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSwapper } from '../core/workspace/test-support/swap-race';
import { WorkspaceResources } from './workspace-resources';

// A liveness bound, not a speed test: the rounds take seconds alone and minutes on a loaded
// 2-core machine, where a busy-looping swapper competes with everything else for the cores.
const RACE_TIMEOUT_MS = 600_000;

// Issue 21: `mcp serve`'s resources/read returned files of hidden folders (93 of 3,000) while a
// background job swapped a workspace folder with a symlink into $GLASSBOX_HOME.
const READS = 3000;
let base: string | undefined;
let stop: (() => Promise<void>) | undefined;

afterEach(async () => {
  await stop?.();
  stop = undefined;
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('resources/read under a symlink swap race', () => {
  it(`reads ${READS} times and never returns a hidden or outside file`, async () => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-res-race-')));
    const ws = join(base, 'ws');
    const gbhome = join(base, 'gbhome');
    mkdirSync(join(ws, 'd'), { recursive: true });
    mkdirSync(join(gbhome, 'sessions'), { recursive: true });
    writeFileSync(join(ws, 'd', 'notes.txt'), 'PUBLIC\n');
    writeFileSync(join(gbhome, 'sessions', 'notes.txt'), 'SECRET-SESSION\n');
    symlinkSync(join(gbhome, 'sessions'), join(ws, 'l'));
    const res = new WorkspaceResources(ws, { home: join(base, 'user'), privatePaths: [gbhome] });
    stop = (await startSwapper(join(ws, 'd'), join(ws, 'l'))).stop;
    const uri = pathToFileURL(join(ws, 'd', 'notes.txt')).href;
    let served = 0;
    const leaks: string[] = [];
    for (let i = 0; i < READS; i++) {
      let text = '';
      try {
        text = JSON.stringify(res.read(uri) ?? null);
      } catch (err) {
        text = (err as Error).message;
      }
      if (text.includes('SECRET')) leaks.push(text);
      if (text.includes('PUBLIC')) served++;
    }
    expect(leaks).toEqual([]);
    expect(served).toBeGreaterThan(0);
  }, RACE_TIMEOUT_MS);
});
