import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index';
import { parseSearchQuery, QueryError } from './query';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function home(): { sessions: string; index: string } {
  const d = mkdtempSync(join(tmpdir(), 'gb-search-'));
  dirs.push(d);
  mkdirSync(join(d, 'sessions'));
  return { sessions: join(d, 'sessions'), index: join(d, 'state', 'search') };
}

let seq = 0;
const ev = (session: string, type: string, extra: Record<string, unknown>, ts = Date.parse('2026-11-30T10:00:00Z') + seq): string =>
  JSON.stringify({ seq: ++seq, ts, session, type, ...extra }) + '\n';

function call(session: string, id: string, tool: string, args: unknown, output: string, o: { error?: string; durationMs?: number; source?: string; ts?: number } = {}): string {
  return (
    ev(session, 'tool_execution_start', { callId: id, tool, args, source: o.source ?? 'builtin' }, o.ts) +
    ev(session, 'tool_execution_end', { callId: id, tool, result: { output, ...(o.error ? { error: o.error } : {}) }, durationMs: o.durationMs ?? 5 }, o.ts)
  );
}

describe('search query', () => {
  it('parses words, phrases and every filter', () => {
    const q = parseSearchQuery('Check "3 OK" tool:mcp_* server:everything status:error dur:>=1.5s cost:>0.01 after:2026-11-30 before:2026-12-01T12:00:00Z http://x');
    expect(q.terms).toEqual(['check', '3 ok', 'http://x']);
    expect(q.tool?.test('mcp_everything_echo')).toBe(true);
    expect(q.tool?.test('bash')).toBe(false);
    expect(q).toMatchObject({ server: 'everything', status: 'error', dur: { op: '>=', limit: 1500 }, cost: { op: '>', limit: 0.01 }, after: Date.parse('2026-11-30T00:00:00Z'), before: Date.parse('2026-12-01T12:00:00Z') });
  });

  it('reads tool: as the one glob of approval rules and the registry allowlist (`?` one character, braces)', () => {
    // Before, `?` was literal here and one character in approval rules; braces were literal.
    expect(parseSearchQuery('tool:mcp_?').tool?.test('mcp_x')).toBe(true);
    const either = parseSearchQuery('tool:{bash,python_*}').tool;
    expect(['bash', 'python_execute', 'BASH', 'web_fetch'].map((t) => either?.test(t))).toEqual([true, true, true, false]);
  });

  it.each([
    ['', /empty query/],
    ['status:maybe', /ok, error or blocked/],
    ['dur:fast', /dur: wants a comparison/],
    ['cost:>1ms', /cost: wants/],
    ['after:yesterday', /after: wants a date/],
    ['tool:', /needs a value/],
    ['tool:' + '{a,b}'.repeat(9), /tool: braces expand to more than 256 patterns/],
  ])('rejects %j with a message that says why', (text, why) => {
    expect(() => parseSearchQuery(text)).toThrow(QueryError);
    expect(() => parseSearchQuery(text)).toThrow(why);
  });
});

describe('SearchIndex', () => {
  it('reads lines as the session file does (one parseEventLine): crafted results indexed in their full shape, non-events skipped', () => {
    const h = home();
    writeFileSync(
      join(h.sessions, 's1.jsonl'),
      ev('s1', 'agent_start', { task: 'crafted' }) +
        '[1,2]\n{"type":3}\n' +
        ev('s1', 'tool_execution_start', { callId: 'c1', tool: 'bash', args: { command: 'echo crafted' }, source: 'builtin' }) +
        ev('s1', 'tool_execution_end', { callId: 'c1', tool: 'bash', result: { output: 7, error: { not: 'text' }, images: 'x' }, durationMs: 3 }),
    );
    const index = new SearchIndex(h.sessions, h.index);
    expect(index.refresh()).toMatchObject({ sessions: 1, indexed: 1 });
    // The result's wrong-typed error is no error (as the window shows it), not an error hit.
    expect(index.search(parseSearchQuery('tool:bash')).map((x) => x.status)).toEqual(['ok']);
  });

  it('finds words of messages, arguments and results, with filters', () => {
    const h = home();
    writeFileSync(
      join(h.sessions, 's1.jsonl'),
      ev('s1', 'agent_start', { task: 'check the build' }) +
        ev('s1', 'message_end', { messageId: 'm1', role: 'user', content: 'check the build' }) +
        call('s1', 'c1', 'bash', { command: 'make test' }, 'check 3 ok\nall good', { durationMs: 900 }) +
        call('s1', 'c2', 'mcp_everything_echo', { message: 'ping' }, '', { error: 'server exploded', source: 'mcp:everything', durationMs: 20 }) +
        ev('s1', 'model_response', { step: 1, response: {}, model: 'gpt-4o', usage: { inputTokens: 10000, outputTokens: 100, costUsd: 0.026, ttftMs: 1, durationMs: 2 } }),
    );
    writeFileSync(join(h.sessions, 's2.jsonl'), ev('s2', 'agent_start', { task: 'other' }, Date.parse('2026-12-02T09:00:00Z')) + call('s2', 'c9', 'bash', { command: 'ls' }, 'CHECK 3 OK too', { ts: Date.parse('2026-12-02T09:00:00Z') }));
    const index = new SearchIndex(h.sessions, h.index);
    expect(index.refresh()).toMatchObject({ sessions: 2, indexed: 2 });
    const find = (q: string): string[] => index.search(parseSearchQuery(q)).map((x) => `${x.session}:${x.callId ?? x.kind}`);
    expect(find('"check 3 ok"')).toEqual(['s2:c9', 's1:c1']); // newest first, any case
    expect(find('check 3 ok before:2026-12-01')).toEqual(['s1:c1']);
    expect(find('make test')).toEqual(['s1:c1']); // an argument
    expect(find('build')).toEqual(['s1:user']);
    expect(find('exploded')).toEqual(['s1:c2']);
    expect(find('tool:bash dur:>500ms')).toEqual(['s1:c1']);
    expect(find('server:everything status:error')).toEqual(['s1:c2']);
    expect(find('status:ok')).toEqual(['s2:c9', 's1:c1']);
    expect(find('cost:>0.01')).toEqual(['s1:model']);
    expect(find('cost:>0.1')).toEqual([]);
    expect(find('ok exploded')).toEqual([]); // every word in the same item
    const hit = index.search(parseSearchQuery('all good'))[0];
    expect(hit).toMatchObject({ session: 's1', title: 'check the build', tool: 'bash', status: 'ok', durationMs: 900 });
    expect(hit.snippet).toContain('all good');
  });

  it('reads only what was appended, re-reads a rewritten file, drops a deleted one, and survives a damaged index', () => {
    const h = home();
    const f = join(h.sessions, 'a.jsonl');
    writeFileSync(f, ev('a', 'tool_execution_start', { callId: 'c1', tool: 'bash', args: { command: 'sleep 1' }, source: 'builtin' }));
    const index = new SearchIndex(h.sessions, h.index);
    index.refresh();
    expect(index.search(parseSearchQuery('tool:bash'))[0].status).toBeUndefined(); // still running
    // The result arrives later, with a torn line being written after it.
    appendFileSync(f, ev('a', 'tool_execution_end', { callId: 'c1', tool: 'bash', result: { output: 'woke up' }, durationMs: 1000 }) + '{"seq":99,"ty');
    const again = new SearchIndex(h.sessions, h.index); // a new process: from the saved index
    expect(again.refresh()).toMatchObject({ extended: 1, indexed: 0 });
    expect(again.search(parseSearchQuery('woke'))).toMatchObject([{ callId: 'c1', status: 'ok', durationMs: 1000 }]);
    expect(again.search(parseSearchQuery('tool:bash'))).toHaveLength(1); // one hit per call
    expect(again.refresh()).toMatchObject({ extended: 0, indexed: 0 }); // nothing new: nothing read
    writeFileSync(f, ev('a', 'agent_start', { task: 'rewritten entirely' }) + ev('a', 'message_end', { messageId: 'm', role: 'user', content: 'rewritten entirely' }));
    expect(again.refresh()).toMatchObject({ indexed: 1 });
    expect(again.search(parseSearchQuery('woke'))).toEqual([]);
    expect(again.search(parseSearchQuery('rewritten'))).toHaveLength(1);
    writeFileSync(join(h.index, 'a.json'), '{"version":2,"text":"'); // a torn entry: rebuilt when needed
    const torn = new SearchIndex(h.sessions, h.index);
    expect(torn.refresh()).toMatchObject({ indexed: 0 });
    expect(torn.search(parseSearchQuery('rewritten'))).toHaveLength(1); // read again when it is needed
    expect(JSON.parse(readFileSync(join(h.index, 'a.json'), 'utf8')).docs).toHaveLength(1);
    writeFileSync(join(h.index, 'catalog.json'), '{"version":2,"sessions":[{"id":'); // a torn catalog
    const rebuilt = new SearchIndex(h.sessions, h.index);
    expect(rebuilt.refresh()).toMatchObject({ indexed: 1 });
    expect(JSON.parse(readFileSync(join(h.index, 'catalog.json'), 'utf8')).sessions[0].title).toBe('rewritten entirely');
    rmSync(f);
    expect(rebuilt.refresh()).toMatchObject({ removed: 1, sessions: 0 });
    expect(existsSync(join(h.index, 'a.json'))).toBe(false);
  });
});

describe('SearchIndex usage breakdown', () => {
  it('keeps each session usage by model and by day, also across appended batches', () => {
    const h = home();
    const day1 = new Date(2026, 10, 29, 12).getTime(); // local noon: the same local day wherever the test runs
    const day2 = new Date(2026, 10, 30, 12).getTime();
    const u = (inputTokens: number, costUsd: number | null) => ({ inputTokens, outputTokens: 1, costUsd, ttftMs: 1, durationMs: 2 });
    const file = join(h.sessions, 'm1.jsonl');
    writeFileSync(file, ev('m1', 'agent_start', { task: 'usage' }, day1) + ev('m1', 'model_response', { step: 1, response: {}, model: 'gpt-4o', usage: u(10, 0.5) }, day1));
    const index = new SearchIndex(h.sessions, h.index);
    index.refresh();
    appendFileSync(file, ev('m1', 'model_response', { step: 2, response: {}, model: 'claude', usage: u(20, null) }, day2) + ev('m1', 'model_response', { step: 3, response: {}, model: 'gpt-4o', usage: u(30, 0.25) }, day2));
    index.refresh();
    for (const i of [index, new SearchIndex(h.sessions, h.index)]) {
      const card = i.list().find((c) => c.id === 'm1')!;
      expect(card.usageByModel?.['gpt-4o']).toMatchObject({ turns: 2, inputTokens: 40, costUsd: 0.75 });
      expect(card.usageByModel?.claude).toMatchObject({ turns: 1, inputTokens: 20, costUnknownTurns: 1 });
      expect(card.usageByDay?.['2026-11-29']).toMatchObject({ turns: 1, inputTokens: 10 });
      expect(card.usageByDay?.['2026-11-30']).toMatchObject({ turns: 2, inputTokens: 50 });
      expect(card.usage).toMatchObject({ turns: 3, inputTokens: 60 });
    }
  });
});
