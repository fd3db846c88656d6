// @lane integration: real git
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSwapper } from '../workspace/test-support/swap-race';
import { CheckpointStore } from './store';

// A liveness bound, not a speed test: the rounds take seconds alone and minutes on a loaded
// 2-core machine, where a busy-looping swapper competes with everything else for the cores.
const RACE_TIMEOUT_MS = 600_000;

// Restores write the workspace's files themselves, through the file boundary: no symlink on the
// way is followed, planted before the restore or swapped in while it runs (issue 21).

const made: string[] = [];
let stop: (() => Promise<void>) | undefined;
function dir(prefix: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

afterEach(async () => {
  await stop?.();
  stop = undefined;
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('checkpoint restore through the file boundary', () => {
  it('puts back contents, the executable bit and symlinks, and a file where a folder or a link stood', async () => {
    const ws = dir('gb-cp-b-ws-');
    const store = new CheckpointStore(dir('gb-cp-b-home-'), ws);
    writeFileSync(join(ws, 'run.sh'), 'echo 1\n');
    chmodSync(join(ws, 'run.sh'), 0o755);
    symlinkSync('run.sh', join(ws, 'alias'));
    writeFileSync(join(ws, 'x'), 'file x\n');
    writeFileSync(join(ws, 'y'), 'file y\n');
    const cp = await store.take({ kind: 'turn', label: 't' });
    writeFileSync(join(ws, 'run.sh'), 'echo 2\n');
    chmodSync(join(ws, 'run.sh'), 0o644);
    rmSync(join(ws, 'alias'));
    writeFileSync(join(ws, 'alias'), 'not a link\n');
    rmSync(join(ws, 'x'));
    mkdirSync(join(ws, 'x'));
    writeFileSync(join(ws, 'x', 'inner'), 'i');
    rmSync(join(ws, 'y'));
    symlinkSync('/etc/hostname', join(ws, 'y'));
    await store.restore(cp!.id);
    expect(readFileSync(join(ws, 'run.sh'), 'utf8')).toBe('echo 1\n');
    expect(statSync(join(ws, 'run.sh')).mode & 0o100).toBe(0o100);
    expect(readlinkSync(join(ws, 'alias'))).toBe('run.sh');
    expect(readFileSync(join(ws, 'x'), 'utf8')).toBe('file x\n');
    expect(lstatSync(join(ws, 'y')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(ws, 'y'), 'utf8')).toBe('file y\n');
    expect(await store.preview(cp!.id)).toEqual([]);
  });

  it('never writes or deletes outside while a folder is swapped with a link out, restore after restore', async () => {
    const ws = dir('gb-cp-race-ws-');
    const outside = dir('gb-cp-race-out-');
    writeFileSync(join(outside, 'f.txt'), 'OUTSIDE\n');
    writeFileSync(join(outside, 'extra.txt'), 'OUTSIDE EXTRA\n');
    const store = new CheckpointStore(dir('gb-cp-race-home-'), ws);
    mkdirSync(join(ws, 'd'));
    writeFileSync(join(ws, 'd', 'f.txt'), 'v1\n');
    const one = await store.take({ kind: 'turn', label: 'one' });
    writeFileSync(join(ws, 'd', 'f.txt'), 'v2\n');
    writeFileSync(join(ws, 'd', 'extra.txt'), 'extra\n');
    const two = await store.take({ kind: 'turn', label: 'two' });
    symlinkSync(outside, join(ws, 'l'));
    stop = (await startSwapper(join(ws, 'd'), join(ws, 'l'))).stop;
    let done = 0;
    for (let i = 0; i < 25; i++) {
      // Either way round: one deletes d/extra.txt and rewrites d/f.txt, two writes both.
      for (const cp of [one!, two!]) {
        try {
          await store.restore(cp.id, ['d/f.txt', 'd/extra.txt']);
          done++;
        } catch {
          // refused mid-race: fine, as long as nothing outside changed
        }
      }
    }
    await stop();
    stop = undefined;
    expect(readdirSync(outside).sort()).toEqual(['extra.txt', 'f.txt']);
    expect(readFileSync(join(outside, 'f.txt'), 'utf8')).toBe('OUTSIDE\n');
    expect(readFileSync(join(outside, 'extra.txt'), 'utf8')).toBe('OUTSIDE EXTRA\n');
    expect(done).toBeGreaterThan(0);
  }, RACE_TIMEOUT_MS);
});
