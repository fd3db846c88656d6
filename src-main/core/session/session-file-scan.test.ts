import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSessionFile } from './session-file';
import { readTailEvents, scanSessionFile } from './session-file-scan';
import { SessionStore } from './store';

function bigSession(dir: string, id: string, calls: number, opts: { fork?: boolean; torn?: boolean } = {}): string {
  let seq = 0;
  const ev = (e: Record<string, unknown>): string => JSON.stringify({ seq: ++seq, ts: 1_700_000_000_000 + seq, session: id, ...e });
  const lines = [ev({ type: 'agent_start', task: 'the first task\nsecond line' })];
  for (let i = 0; i < calls; i++) {
    if (opts.fork && i === calls / 2) lines.push(ev({ type: 'agent_start', task: 'forked', parent: 'parent-id', forkedAt: 7 }));
    lines.push(ev({ type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: { command: `echo ${'x'.repeat(200)} ${i}` }, source: 'builtin' }));
    lines.push(ev({ type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: { output: `${i}\n` }, durationMs: 1 }));
    if (i % 1000 === 0) lines.push('');
  }
  lines.push(ev({ type: 'agent_end', reason: 'finished' }));
  const path = join(dir, `${id}.jsonl`);
  writeFileSync(path, lines.join('\n') + (opts.torn ? '\n{"seq":99999,"ts":1,"ty' : '\n'));
  return path;
}

describe('scanSessionFile', () => {
  it('counts, dates and titles a long file as parsing it whole would', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-scan-'));
    for (const [id, opts] of [['plain', {}], ['fork', { fork: true }], ['torn', { torn: true }]] as const) {
      const path = bigSession(dir, id, 12_000, opts);
      const whole = readSessionFile(path);
      const scan = scanSessionFile(path);
      expect(scan.lines).toBe(whole.events.length + whole.skipped);
      expect(scan.head[0]).toEqual(whole.events[0]);
      expect(scan.tail.at(-1)).toEqual(whole.events.at(-1));
      expect(scan.hasTask).toBe(true);
      if (id === 'fork') expect(scan.lastParentLine).toMatchObject({ type: 'agent_start', parent: 'parent-id', forkedAt: 7 });
      else expect(scan.lastParentLine).toBeUndefined();
    }
  });

  it("gives the store's summary of a long file without parsing it: the same as a small file's", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-scan-'));
    bigSession(dir, 'long', 12_000, { fork: true }); // > 4 MiB: scanned
    bigSession(dir, 'short', 100, { fork: true }); // parsed
    const store = new SessionStore(dir);
    const long = store.summary('long')!;
    const whole = readSessionFile(store.pathOf('long')).events;
    expect(long).toEqual({ id: 'long', title: 'the first task', createdAt: whole[0]!.ts, updatedAt: whole.at(-1)!.ts, eventCount: whole.length, parent: 'parent-id', forkedAt: 7 });
    expect(store.summary('short')).toMatchObject({ title: 'the first task', parent: 'parent-id', forkedAt: 7 });
    expect(store.list().map((s) => s.id).sort()).toEqual(['long', 'short']);
  });

  it('reads the events of the last bytes, whole lines only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-scan-'));
    const path = bigSession(dir, 'tail', 2000);
    const whole = readSessionFile(path).events;
    const { events, from, size } = readTailEvents(path, 50_000);
    expect(from).toBeGreaterThan(0);
    expect(size).toBeGreaterThan(from);
    expect(events.length).toBeGreaterThan(50);
    expect(events).toEqual(whole.slice(whole.length - events.length));
    expect(readTailEvents(path, 1e9).events).toEqual(whole);
  });
});
