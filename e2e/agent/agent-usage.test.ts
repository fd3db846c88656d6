import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runGlassbox } from '../helpers/cli';
import { ofType, parseJsonLines, readSessionLines, TEST_KEY, useAgentFixtures, WIRES } from './agent-harness';

// Tokens, cost and timing of every model turn: in `glassbox run --json`, its stderr progress and
// last line, and the session file — as each wire format reports them, and estimated when the
// server reports nothing.

vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();

// USD per 1M tokens for the scripted model: 2 in, 8 out, 0.5 cached.
const PRICES = { prices: { scripted: { input: 2, output: 8, cachedInput: 0.5 } } };

describe.each(WIRES)('usage per model turn (%s wire format)', (wire) => {
  it('records tokens, cost and timing per turn and totals, and estimates when the server reports none', async () => {
    const f = await fixture(wire, [
      { toolCalls: [{ name: 'planning', arguments: { command: 'list' } }], usage: { inputTokens: 1_000_000, outputTokens: 1000, cachedInputTokens: 500_000 } },
      { text: 'x'.repeat(400), usage: null },
    ]);
    writeFileSync(join(f.home, 'config.json'), JSON.stringify(PRICES));
    const r = await runGlassbox(['run', 'plan it', '--json', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(0);
    const events = parseJsonLines(r.stdout);
    const responses = ofType(events, 'model_response') as unknown as Array<{ model: string; usage: Record<string, unknown> }>;
    expect(responses).toHaveLength(2);
    // 500k fresh × 2 + 500k cached × 0.5 + 1k out × 8, per million = 1 + 0.25 + 0.008
    expect(responses[0].model).toBe('scripted');
    expect(responses[0].usage).toMatchObject({ inputTokens: 1_000_000, outputTokens: 1000, cachedInputTokens: 500_000, costUsd: 1.258 });
    expect(responses[0].usage.estimated).toBeUndefined();
    for (const res of responses) {
      expect(typeof res.usage.ttftMs).toBe('number');
      expect(res.usage.durationMs as number).toBeGreaterThanOrEqual(res.usage.ttftMs as number);
    }
    // The second server reported nothing: 400 characters ≈ 100 tokens, marked estimated.
    expect(responses[1].usage).toMatchObject({ outputTokens: 100, estimated: true });
    expect(responses[1].usage.inputTokens as number).toBeGreaterThan(0);
    const end = events[events.length - 1] as { type: string; usage?: Record<string, unknown> };
    expect(end.type).toBe('agent_end');
    expect(end.usage).toMatchObject({ turns: 2, estimatedTurns: 1, outputTokens: 1100 });

    // The session file has the same usage.
    const lines = readSessionLines(f, events[0].session).map((l) => JSON.parse(l) as { type: string; usage?: unknown });
    expect(lines.filter((l) => l.type === 'model_response').map((l) => l.usage)).toEqual(responses.map((x) => x.usage));

    // Human mode: a progress line per turn and the totals on the last stderr line.
    f.model.push({ text: 'done', usage: { inputTokens: 1234, outputTokens: 56 } });
    const h = await runGlassbox(['run', 'again', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(h.code, h.stderr).toBe(0);
    expect(h.stderr).toMatch(/model scripted: 1,234 tokens in · 56 out · \$0\.0029 \(first token \d+ ms, \d+ ms\)/);
    const last = h.stderr.trim().split('\n').pop() ?? '';
    expect(last).toMatch(/^glassbox run: finished after 1 step\(s\) · 1,234 tokens in · 56 out · \$0\.0029\. Session /);
  });
});

describe.each(WIRES)('the context meter and the exact wire exchange (%s wire format)', (wire) => {
  it('breaks each request down into parts that add up, and records the body as sent and the chunks as received', async () => {
    const f = await fixture(wire, [
      { toolCalls: [{ name: 'bash', arguments: { command: 'printf "%0.s0123456789" $(seq 1 400)' } }] },
      { text: 'Done.' },
    ]);
    const r = await runGlassbox(['run', 'print digits', '--json', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(0);
    const events = parseJsonLines(r.stdout);
    type Part = { kind: string; source?: string; tokens: number; count: number };
    const requests = ofType(events, 'model_request') as unknown as Array<{ context: { totalTokens: number; windowTokens: number | null; parts: Part[]; largest: Array<{ kind: string; callId?: string; tokens: number }> } }>;
    expect(requests).toHaveLength(2);
    for (const q of requests) expect(q.context.parts.reduce((n, p) => n + p.tokens, 0)).toBe(q.context.totalTokens);
    const [first, second] = requests.map((q) => q.context);
    expect(first.parts.map((p) => p.kind)).toEqual(expect.arrayContaining(['system', 'tools', 'conversation']));
    expect(first.parts.find((p) => p.kind === 'tools')).toMatchObject({ source: 'builtin' });
    expect(first.parts.some((p) => p.kind === 'tool-results')).toBe(false);
    // The second request holds the 4,000-character result: ≈ 1,000 tokens, the largest item, linked to its call.
    const results = second.parts.find((p) => p.kind === 'tool-results')!;
    expect(results.tokens).toBeGreaterThanOrEqual(1000);
    expect(second.largest[0]).toMatchObject({ kind: 'tool-result' });
    expect(second.largest[0].callId).toBe((ofType(events, 'tool_execution_start')[0] as unknown as { callId: string }).callId);
    expect(second.totalTokens - first.totalTokens).toBeGreaterThanOrEqual(1000);
    expect(first.windowTokens).toBeNull(); // "scripted" is no model the table knows

    // The wire: the body the server received, with earlier turns' messages left out after the first.
    const responses = ofType(events, 'model_response') as unknown as Array<{ wire: { request: { messages: unknown[] } & Record<string, unknown>; response: unknown[]; messagesOmitted: number } }>;
    const [w1, w2] = responses.map((x) => x.wire);
    expect(w1.messagesOmitted).toBe(0);
    expect(w1.request).toEqual(f.model.requests[0].body);
    expect(w2.messagesOmitted).toBe(w1.request.messages.length);
    expect([...w1.request.messages, ...w2.request.messages]).toEqual(f.model.requests[1].body.messages);
    expect(w2.request.model).toBe('scripted');
    expect(w1.response.length).toBeGreaterThan(2); // the streamed chunks
    expect(JSON.stringify(responses)).not.toContain(TEST_KEY);
  });
});

describe('usage without a price', () => {
  it('shows the cost as unknown, never as zero', async () => {
    const f = await fixture('openai', [{ text: 'hi', usage: { inputTokens: 10, outputTokens: 2 } }]);
    const r = await runGlassbox(['run', 'hi', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('10 tokens in · 2 out · cost unknown');
  });
});
