import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import { glassboxPaths } from '../config/paths';
import type { HumanAnswer, HumanQuestion } from '../tools/tool';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { SpendGuard } from './spend-guard';

const PRICES = { m: { input: 1, output: 4 } };
const signal = new AbortController().signal;

function rig(answers: HumanAnswer[], limits = { sessionUsd: 0.01 }) {
  const bus = new EventBus('s');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => void events.push(e));
  const asked: string[] = [];
  const paths = glassboxPaths({ GLASSBOX_HOME: mkdtempSync(join(tmpdir(), 'glassbox-spend-')) });
  const guard = new SpendGuard({
    bus,
    paths,
    limits,
    prices: PRICES,
    prior: [],
    ask: { ask: async (q: HumanQuestion) => (asked.push(q.question), answers.shift() ?? { action: 'cancel' }) },
  });
  // $0.004 a turn: 1,000 in at $1/M, 750 out at $4/M.
  // (the agent calls responded() right after each model_response)
  const turn = () => guard.responded({ inputTokens: 1000, outputTokens: 750, costUsd: 0.004, ttftMs: 1, durationMs: 1 });
  return { bus, events, asked, guard, turn };
}

describe('SpendGuard in a window', () => {
  it('asks before the request that would pass the limit; a new limit lets the run go on', async () => {
    const r = rig([{ action: 'accept', text: '$0.05' }]);
    r.turn();
    r.turn();
    expect(await r.guard.beforeRequest({ step: 3, model: 'm', inputTokens: 1000, signal })).toEqual({ go: true });
    expect(r.asked).toHaveLength(1);
    expect(r.asked[0]).toMatch(/^Budget reached: the next model request \(≈ \$0\.0040\) would pass this session's spend limit of \$0\.0100 \(spent \$0\.0080\)\. The run is paused/);
    expect(r.guard.meter.limits.sessionUsd).toBe(0.05);
    expect(r.events.filter((e) => e.type === 'spend_status').at(-1)).toMatchObject({ sessionUsd: 0.008, limits: { sessionUsd: 0.05 } });
  });

  it('declined, or answered with no higher limit, the run stops with the reason', async () => {
    for (const answer of [{ action: 'decline' as const }, { action: 'accept' as const, text: '0.001' }, { action: 'accept' as const, text: 'later' }]) {
      const r = rig([answer]);
      r.turn();
      r.turn();
      const v = await r.guard.beforeRequest({ step: 3, model: 'm', inputTokens: 1000, signal });
      expect(v.go).toBe(false);
      expect(v.go === false && v.reason).toMatch(/^Budget reached/);
    }
  });

  it('an empty answer doubles the limit; an unknown model is never stopped and counts as unpriced', async () => {
    const r = rig([{ action: 'accept', text: '' }]);
    r.turn();
    r.turn();
    expect(await r.guard.beforeRequest({ step: 3, model: 'm', inputTokens: 1000, signal })).toEqual({ go: true });
    expect(r.guard.meter.limits.sessionUsd).toBe(0.02);
    r.guard.responded({ inputTokens: 1, outputTokens: 1, costUsd: null, ttftMs: 1, durationMs: 1 });
    expect(await r.guard.beforeRequest({ step: 5, model: 'unknown-model', inputTokens: 10_000_000, signal })).toEqual({ go: true });
    expect(r.guard.meter.status()).toMatchObject({ sessionUsd: 0.008, unpricedTurns: 1 });
  });
});
