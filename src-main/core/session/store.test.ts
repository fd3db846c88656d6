import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { readSessionFile } from './session-file';
import { SessionStore } from './store';
import { isValidSessionId } from '../config/paths';
import { TraceWriter } from './trace-writer';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'gb-store-'));
}

function writeSession(dir: string, id: string, task: string, extra = 0): void {
  const bus = new EventBus(id);
  const w = new TraceWriter(join(dir, `${id}.jsonl`)).attach(bus);
  bus.emit({ type: 'agent_start', task });
  for (let i = 0; i < extra; i++) bus.emit({ type: 'turn_start', step: i + 1 });
  bus.emit({ type: 'agent_end', reason: 'finished' });
  w.close();
}

describe('SessionStore', () => {
  it('lists sessions with title, times and event count; rename, export, delete', async () => {
    const dir = tempDir();
    const store = new SessionStore(dir);
    writeSession(dir, 'one', 'first task\nwith details', 1);
    await new Promise((r) => setTimeout(r, 5));
    writeSession(dir, 'two', 'second task', 3);
    const list = store.list();
    expect(list.map((s) => s.id)).toEqual(['two', 'one']);
    expect(list[1]).toMatchObject({ id: 'one', title: 'first task', eventCount: 3 });
    expect(list[0].eventCount).toBe(5);
    expect(list[0].updatedAt).toBeGreaterThanOrEqual(list[0].createdAt);

    store.rename('one', '  Renamed  ');
    expect(store.summary('one')?.title).toBe('Renamed');
    expect(store.list().find((s) => s.id === 'one')?.title).toBe('Renamed');

    const ex = store.export('two');
    expect(ex.fileName).toBe('glassbox-session-two.jsonl');
    expect(ex.text.trim().split('\n')).toHaveLength(5);

    store.delete('one');
    expect(store.exists('one')).toBe(false);
    expect(store.list().map((s) => s.id)).toEqual(['two']);
    expect(() => store.load('one')).toThrow(/no session/);
  });

  it('lists conversations only (not log-only files nor CLI tool calls); names task-less files after their first call', () => {
    const dir = tempDir();
    const store = new SessionStore(dir);
    const logOnly = new EventBus('logs');
    const w1 = new TraceWriter(join(dir, 'logs.jsonl')).attach(logOnly);
    logOnly.emit({ type: 'mcp_server_status', server: 'x', status: 'connecting' });
    w1.close();
    const call = new EventBus('call');
    const w2 = new TraceWriter(join(dir, 'call.jsonl')).attach(call);
    call.emit({ type: 'tool_execution_start', callId: 'c', tool: 'bash', args: {}, source: 'builtin' });
    w2.close();
    // Only conversations are listed: a tool called by hand (glassbox tools call) is no row.
    expect(store.list()).toEqual([]);
    expect(store.summary('call')?.title).toBe('bash call');
    expect(store.summary('logs')?.eventCount).toBe(1);
  });

  it('orders by last activity: background events (MCP status, log lines) written later do not move a session up', () => {
    const dir = tempDir();
    const line = (id: string, seq: number, ts: number, e: Record<string, unknown>) => JSON.stringify({ seq, ts, session: id, ...e }) + '\n';
    writeFileSync(join(dir, 'old.jsonl'), line('old', 1, 1000, { type: 'agent_start', task: 'old' }) + line('old', 2, 9000, { type: 'mcp_server_status', server: 'x', status: 'connected' }) + line('old', 3, 9001, { type: 'log', level: 'info', source: 'x', message: 'hi' }));
    writeFileSync(join(dir, 'new.jsonl'), line('new', 1, 5000, { type: 'agent_start', task: 'new' }));
    const list = new SessionStore(dir).list();
    expect(list.map((s) => [s.id, s.updatedAt])).toEqual([
      ['new', 5000],
      ['old', 1000],
    ]);
  });

  it('a summary follows the file as it grows (cache keyed on size and mtime)', () => {
    const dir = tempDir();
    const store = new SessionStore(dir);
    const bus = new EventBus('grow');
    const w = new TraceWriter(join(dir, 'grow.jsonl')).attach(bus);
    bus.emit({ type: 'agent_start', task: 'grow' });
    w.flush(); // lines reach the file at the end of the event-loop turn (see TraceWriter)
    expect(store.list()[0].eventCount).toBe(1);
    bus.emit({ type: 'turn_start', step: 1 });
    w.flush();
    expect(store.list()[0].eventCount).toBe(2);
    store.rename('grow', 'Grown');
    expect(store.list()[0].title).toBe('Grown');
    w.close();
  });

  it('rejects ids that could escape the folder', () => {
    expect(isValidSessionId('abc-123_x.y')).toBe(true);
    for (const bad of ['../etc/passwd', 'a/b', '', '.hidden', 'a..b']) expect(isValidSessionId(bad)).toBe(false);
    expect(() => new SessionStore(tempDir()).pathOf('../x')).toThrow();
  });

  it('a torn last line is skipped with a warning; other bad lines are reported by number', () => {
    const dir = tempDir();
    writeSession(dir, 's', 'task', 2);
    const path = join(dir, 's.jsonl');
    appendFileSync(path, '{"seq":5,"ts":1,"sess');
    const r = readSessionFile(path);
    expect(r.events).toHaveLength(4);
    expect(r.skipped).toBe(1);
    expect(r.warnings[0]).toMatch(/torn last line/);

    writeFileSync(path, '{"seq":1,"ts":1,"session":"s","type":"turn_start","step":1}\nGARBAGE\n{"seq":2,"ts":1,"session":"s","type":"turn_end","step":1}\n');
    const r2 = readSessionFile(path);
    expect(r2.events).toHaveLength(2);
    expect(r2.warnings[0]).toMatch(/:2: skipped an unreadable line/);
  });
});
