import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../core/session/store';
import { TimeAxisCache } from './time-axis-cache';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

let seq = 0;
const line = (type: string, extra: Record<string, unknown>, ts: number): string => JSON.stringify({ seq: ++seq, ts, session: 'abcd1234', type, ...extra }) + '\n';
const call = (id: string, ts: number): string =>
  line('tool_execution_start', { callId: id, tool: 'bash', args: { command: 'ls' }, source: 'builtin' }, ts) +
  line('tool_execution_end', { callId: id, tool: 'bash', result: { output: 'ok' }, durationMs: 5 }, ts + 5);

describe('TimeAxisCache', () => {
  it('keeps a session axis while its file is unchanged and builds it again when the file grows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-axis-cache-'));
    dirs.push(dir);
    const file = join(dir, 'abcd1234.jsonl');
    writeFileSync(file, line('agent_start', { task: 't' }, 1000) + call('c1', 1001));
    const cache = new TimeAxisCache(new SessionStore(dir));
    const first = cache.axis('abcd1234');
    expect(first.spans.map((s) => s.callId)).toEqual(['c1']);
    // Unchanged: the same axis, not built again.
    expect(cache.axis('abcd1234')).toBe(first);
    // The session went on recording: the new call is on the axis.
    appendFileSync(file, call('c2', 1010));
    const next = cache.axis('abcd1234');
    expect(next).not.toBe(first);
    expect(next.spans.map((s) => s.callId)).toEqual(['c1', 'c2']);
  });

  it('lays out a session open on the host from the events it holds, and again once it has more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-axis-cache-'));
    dirs.push(dir);
    // The file has one call; the open session already holds two (its file is read by no one).
    writeFileSync(join(dir, 'abcd1234.jsonl'), line('agent_start', { task: 't' }, 1000) + call('c1', 1001));
    const events = (line('agent_start', { task: 't' }, 1000) + call('c1', 1001) + call('c2', 1010)).trim().split('\n').map((l) => JSON.parse(l));
    const cache = new TimeAxisCache(new SessionStore(dir));
    const first = cache.axis('abcd1234', events);
    expect(first.spans.map((s) => s.callId)).toEqual(['c1', 'c2']);
    expect(cache.axis('abcd1234', events)).toBe(first);
    events.push(...call('c3', 1020).trim().split('\n').map((l) => JSON.parse(l)));
    expect(cache.axis('abcd1234', events).spans.map((s) => s.callId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('reports a session file that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-axis-cache-'));
    dirs.push(dir);
    expect(() => new TimeAxisCache(new SessionStore(dir)).axis('abcd1234')).toThrow(/ENOENT|no session/);
  });
});
