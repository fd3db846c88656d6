import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../events/event-types';
import { buildPairAxis, pairTime, sideOfLane } from './pair-axis';

const ok = { output: 'x', error: null, system: null, images: [] };
const ev = (session: string, seq: number, ts: number, input: EventInput): GlassboxEvent => ({ ...input, seq, ts, session }) as GlassboxEvent;

/** One step of a run: a model turn, then a bash call, from `ts` on. */
function step(session: string, seq: number, ts: number, n: number, callId: string): GlassboxEvent[] {
  return [
    ev(session, seq, ts, { type: 'turn_start', step: n }),
    ev(session, seq + 1, ts, { type: 'model_request', step: n, request: {} }),
    ev(session, seq + 2, ts + 50, { type: 'model_response', step: n, response: {}, model: 'm', usage: { inputTokens: 1, outputTokens: 1, costUsd: null, ttftMs: 10, durationMs: 50 } }),
    ev(session, seq + 3, ts + 50, { type: 'tool_execution_start', callId, tool: 'bash', args: {}, source: 'builtin' }),
    ev(session, seq + 4, ts + 150, { type: 'tool_execution_end', callId, tool: 'bash', result: ok, durationMs: 100 }),
    ev(session, seq + 5, ts + 150, { type: 'turn_end', step: n }),
  ];
}

describe('buildPairAxis: two sessions on one time axis', () => {
  // The parent ran at T; its fork was made a day later from its second step on. The fork's file
  // starts with the parent's events before the fork point, unchanged (their session is the parent's).
  const T = 1_700_000_000_000;
  const DAY = 86_400_000;
  const parent = [ev('P', 1, T, { type: 'agent_start', task: 't' }), ...step('P', 2, T, 1, 'p1'), ...step('P', 8, T + 200, 2, 'p2'), ev('P', 14, T + 400, { type: 'agent_end', reason: 'finished' })];
  const copied = parent.filter((e) => e.seq < 8);
  const fork = [
    ...copied,
    ev('F', 8, T + DAY, { type: 'agent_start', task: 't', parent: 'P', forkedAt: 8, changed: { what: 'none' } } as EventInput),
    ...step('F', 9, T + DAY + 10, 2, 'f2'),
    ...step('F', 15, T + DAY + 300, 3, 'f3'),
    ev('F', 21, T + DAY + 500, { type: 'agent_end', reason: 'finished' }),
  ];

  it("puts A's lanes above B's, each counted from its own start, and a fork's own run right after its copied history", () => {
    const { axis, a, b } = buildPairAxis({ id: 'P', events: parent }, { id: 'F', events: fork });
    expect(axis.lanes.map((l) => l.id)).toEqual(['A:model', 'A:shell', 'B:model', 'B:shell']);
    expect(axis.lanes.map((l) => l.label)).toEqual(['A · Model turns', 'A · Shell', 'B · Model turns', 'B · Shell']);
    expect(axis.start).toBe(0);
    const bars = (lane: string) => axis.spans.filter((s) => s.lane === lane).map((s) => [s.callId ?? s.label, s.start, s.end]);
    expect(bars('A:shell')).toEqual([['p1', 50, 150], ['p2', 250, 350]]);
    // The copied first step sits where the parent's did; the fork's own steps follow it at once
    // (the day between is closed), so its second step lines up with the parent's second step.
    expect(bars('B:shell')).toEqual([['p1', 50, 150], ['f2', 210, 310], ['f3', 500, 600]]);
    expect(axis.end).toBe(650);
    expect(b.ownFromSeq).toBe(8);
    expect(a.ownFromSeq).toBeUndefined();
    // An entry of either session maps onto the axis as its bars did.
    expect(pairTime(b, 12, T + DAY + 160)).toBe(310);
    expect(pairTime(b, 5, T + 50)).toBe(50);
    expect(pairTime(a, 12, T + 350)).toBe(350);
    expect(sideOfLane('B:shell')).toBe('B');
    expect(sideOfLane('shell')).toBeNull();
  });

  it('two unrelated runs both start at 0; the input events are left as they were', () => {
    const other = [ev('Q', 1, T + 5 * DAY, { type: 'agent_start', task: 't' }), ...step('Q', 2, T + 5 * DAY + 30, 1, 'q1'), ev('Q', 8, T + 5 * DAY + 200, { type: 'agent_end', reason: 'finished' })];
    const before = JSON.stringify(other);
    const { axis } = buildPairAxis({ id: 'P', events: parent }, { id: 'Q', events: other });
    expect(axis.spans.filter((s) => s.lane === 'B:shell').map((s) => [s.start, s.end])).toEqual([[80, 180]]);
    expect(JSON.stringify(other)).toBe(before);
    // Bars of both, by start.
    const starts = axis.spans.map((s) => s.start);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });
});
