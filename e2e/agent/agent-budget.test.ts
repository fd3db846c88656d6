import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runGlassbox } from '../helpers/cli';
import { ofType, parseJsonLines, useAgentFixtures, WIRES } from './agent-harness';

// Spend limits through the real CLI: `glassbox run --max-usd N` (and config `limits`) stop the
// run before the model request that would pass the limit, with exit 4; unknown prices are not
// counted as zero.

vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();

// USD per 1M tokens: 1 in, 4 out. Each scripted turn reports 1,000 in and 750 out: $0.004.
const PRICES = { prices: { scripted: { input: 1, output: 4 } } };
const turn = (i: number) => ({ toolCalls: [{ name: 'planning', arguments: { command: 'list' } }], text: `step ${i}`, usage: { inputTokens: 1000, outputTokens: 750 } });

describe.each(WIRES)('spend limits (%s wire format)', (wire) => {
  it('--max-usd 0.01 stops before the third request ($0.008 spent + ≈ $0.004 > $0.01), exit 4', async () => {
    const f = await fixture(wire, [turn(1), turn(2), turn(3), turn(4), { text: 'done' }]);
    writeFileSync(join(f.home, 'config.json'), JSON.stringify(PRICES));
    const r = await runGlassbox(['run', 'keep planning', '--json', '--max-usd', '0.01', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(4);
    expect(f.model.requests).toHaveLength(2);
    const events = parseJsonLines(r.stdout);
    const end = ofType(events, 'agent_end')[0] as unknown as { reason: string; error: string };
    expect(end.reason).toBe('budget');
    expect(end.error).toMatch(/^Budget reached: the next model request \(≈ \$0\.00\d+\) would pass this session's spend limit of \$0\.0100 \(spent \$0\.0080\)/);
    expect(r.stderr).toContain('Budget reached');
    // The meter's events: spend after each turn, the limit in force.
    const spend = ofType(events, 'spend_status') as unknown as Array<{ sessionUsd: number; limits: { sessionUsd: number; warnAt: number } }>;
    expect(spend.at(-1)).toMatchObject({ sessionUsd: 0.008, unpricedTurns: 0, limits: { sessionUsd: 0.01, warnAt: 0.8 } });
    // 80% reached after the second turn: one warning.
    const warnings = ofType(events, 'log').filter((l) => (l as { source?: string }).source === 'limits');
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as unknown as { message: string }).message).toBe('$0.0080 spent: 80% of the session spend limit of $0.0100.');
  });

  it('config limits.sessionUsd stops a human-mode run the same way; continuing the session keeps its spend', async () => {
    const f = await fixture(wire, [turn(1), turn(2), turn(3)]);
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ ...PRICES, limits: { sessionUsd: 0.005 } }));
    const r = await runGlassbox(['run', 'keep planning', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(4);
    expect(f.model.requests).toHaveLength(1);
    expect(r.stderr).toMatch(/glassbox run: stopped: Budget reached: .* spend limit of \$0\.0050 \(spent \$0\.0040\)/);
    const session = /--session (\S+)\)/.exec(r.stderr)?.[1];
    expect(session).toBeTruthy();
    // The same session again: its $0.004 counts, so the first request of the new run already would pass.
    const again = await runGlassbox(['run', 'more', '--session', session!, '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(again.code, again.stderr).toBe(4);
    expect(f.model.requests).toHaveLength(1);
  });

  it('a model with no price is not counted as free: the limit cannot stop it, the meter counts its turns as unpriced', async () => {
    const f = await fixture(wire, [turn(1), { text: 'done', usage: { inputTokens: 10, outputTokens: 5 } }]);
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ limits: { sessionUsd: 0.000001 } }));
    const r = await runGlassbox(['run', 'plan', '--json', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    expect(r.code, r.stderr).toBe(0);
    const spend = ofType(parseJsonLines(r.stdout), 'spend_status') as unknown as Array<{ sessionUsd: number; unpricedTurns: number }>;
    expect(spend.at(-1)).toMatchObject({ sessionUsd: 0, unpricedTurns: 2 });
  });

  it('--max-usd must be a positive number', async () => {
    const f = await fixture(wire, []);
    const r = await runGlassbox(['run', 'x', '--max-usd', 'lots', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: 60_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--max-usd must be a positive number of US dollars (got 'lots')");
  });
});
