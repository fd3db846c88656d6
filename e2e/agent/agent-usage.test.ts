import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runGlassbox } from '../helpers/cli';
import { ofType, parseJsonLines, readSessionLines, useAgentFixtures, WIRES } from './agent-harness';

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
    expect(h.stderr).toMatch(/model scripted: 1,234 in · 56 out · \$0\.0029 \(first token \d+ ms, \d+ ms\)/);
    const last = h.stderr.trim().split('\n').pop() ?? '';
    expect(last).toMatch(/^glassbox run: finished after 1 step\(s\) · 1,234 in · 56 out · \$0\.0029\. Session /);
  });
});

describe('usage without a price', () => {
  it('shows the cost as unknown, never as zero', async () => {
    const f = await fixture('openai', [{ text: 'hi', usage: { inputTokens: 10, outputTokens: 2 } }]);
    const r = await runGlassbox(['run', 'hi', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('10 in · 2 out · cost unknown');
  });
});
