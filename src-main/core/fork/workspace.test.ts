// @lane integration
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { CheckpointStore } from '../checkpoints/store';
import { makeForkWorkspace } from './workspace';

function rig() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-fork-ws-')));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(join(ws, 'sub'), { recursive: true });
  mkdirSync(home, { recursive: true });
  mkdirSync(join(base, 'common'));
  writeFileSync(join(ws, 'data.txt'), 'user data\n');
  writeFileSync(join(base, 'common', 'lib.txt'), 'shared\n');
  // The links a project may hold: absolute into the workspace, relative inside, relative out of it, absolute elsewhere.
  symlinkSync(join(ws, 'data.txt'), join(ws, 'sub', 'abs-in'));
  symlinkSync('../data.txt', join(ws, 'sub', 'rel-in'));
  symlinkSync('../common/lib.txt', join(ws, 'rel-out'));
  symlinkSync('/etc/hostname', join(ws, 'abs-out'));
  symlinkSync(ws, join(ws, 'sub', 'root'));
  return { base, home, ws };
}

describe('a fork\'s copy of the workspace: symlinks', () => {
  for (const fromCheckpoint of [true, false]) {
    it(`never lead into the user's files, and point where they did (${fromCheckpoint ? 'restored from a checkpoint' : 'copied as the files are now'})`, async () => {
      const { home, ws, base } = rig();
      const events: GlassboxEvent[] = [];
      if (fromCheckpoint) {
        const cp = await new CheckpointStore(home, ws).take({ kind: 'turn', label: 't1' });
        expect(cp).not.toBeNull();
        events.push({ seq: 1, ts: Date.now(), session: 's', type: 'checkpoint', id: cp!.id, kind: 'turn' } as unknown as GlassboxEvent);
      }
      events.push({ seq: 2, ts: Date.now() + 1, session: 's', type: 'turn_start', step: 1 } as unknown as GlassboxEvent);
      const fork = await makeForkWorkspace({ home, forkId: 'f1', mode: 'copy', workspace: ws, parentWorkspace: ws, parentEvents: events, cutSeq: 2 });
      await fork.ready;
      expect(fork.checkpoint !== undefined).toBe(fromCheckpoint);
      const copy = fork.dir;
      // Into the workspace: now into the copy (relative), so writing through them leaves the user's file alone.
      expect(readlinkSync(join(copy, 'sub', 'abs-in'))).toBe('../data.txt');
      expect(realpathSync(join(copy, 'sub', 'abs-in'))).toBe(join(copy, 'data.txt'));
      expect(realpathSync(join(copy, 'sub', 'root'))).toBe(copy);
      writeFileSync(join(copy, 'sub', 'abs-in'), 'fork wrote\n');
      expect(readFileSync(join(ws, 'data.txt'), 'utf8')).toBe('user data\n');
      expect(readFileSync(join(copy, 'data.txt'), 'utf8')).toBe('fork wrote\n');
      // Relative inside: unchanged. Out of the workspace: where it pointed from the original, not into Glassbox's state.
      expect(readlinkSync(join(copy, 'sub', 'rel-in'))).toBe('../data.txt');
      expect(readlinkSync(join(copy, 'rel-out'))).toBe(join(base, 'common', 'lib.txt'));
      expect(readlinkSync(join(copy, 'abs-out'))).toBe('/etc/hostname');
    });
  }
});
