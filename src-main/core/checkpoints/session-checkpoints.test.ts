// @lane integration: real git and bash
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { SessionCheckpoints } from './session-checkpoints';

describe('SessionCheckpoints', () => {
  it('checkpoints each turn that changed files, whoever changed them, and says so on the bus', async () => {
    const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-scp-')));
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-scp-home-')));
    writeFileSync(join(ws, 'start.txt'), 'start');
    const bus = new EventBus('s1');
    const events: GlassboxEvent[] = [];
    bus.subscribe('*', (e) => void events.push(e));
    const cps = new SessionCheckpoints(bus, home, ws);

    await cps.beforeTurn('first');
    bus.emit({ type: 'agent_start', task: 'first' });
    execFileSync('bash', ['-c', 'echo from-bash > made-by-bash.txt'], { cwd: ws }); // a shell, not the editor
    bus.emit({ type: 'agent_end', reason: 'finished' });
    await cps.beforeTurn('nothing changes');
    bus.emit({ type: 'agent_start', task: 'nothing changes' });
    bus.emit({ type: 'agent_end', reason: 'finished' });
    await cps.settled();

    const announced = events.filter((e) => e.type === 'checkpoint');
    expect(announced.map((e) => (e as { kind: string }).kind)).toEqual(['before-turn', 'turn']);
    const end = events.find((e) => e.type === 'agent_end')!;
    expect(announced[1]).toMatchObject({ label: 'first', changed: 1, afterSeq: end.seq });
    const [before] = cps.list();
    const r = await cps.restore(before!.id);
    expect(r.files).toEqual(['made-by-bash.txt']);
    expect(readFileSync(join(ws, 'start.txt'), 'utf8')).toBe('start');
    cps.dispose();
  });
});
