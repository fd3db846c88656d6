import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import { diffSessions } from '../../../../src-shared/read-models/session-diff';
import { compareRows, timelineLanes } from './rows';

/** A session of `n` one-call steps; `out(i)` is step i's result. */
function session(id: string, n: number, out: (i: number) => string): GlassboxEvent[] {
  const ev: Record<string, unknown>[] = [{ type: 'agent_start', task: 'task' }];
  for (let i = 1; i <= n; i++) {
    ev.push({ type: 'turn_start', step: i });
    ev.push({ type: 'message_end', messageId: `m${i}`, role: 'assistant', content: '', toolCalls: [{ id: `c${i}`, name: 'bash', arguments: `{"command":"echo ${i}"}` }] });
    ev.push({ type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: { command: `echo ${i}` }, source: 'builtin' });
    ev.push({ type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: { output: out(i), error: null, images: [], system: null }, durationMs: 1 });
    ev.push({ type: 'turn_end', step: i });
  }
  ev.push({ type: 'agent_end', reason: 'finished' });
  return ev.map((e, k) => ({ ...e, seq: k + 1, ts: 1000 + k * 10, session: id }) as GlassboxEvent);
}

describe('the compare view rows', () => {
  it('folds the same steps, keeps the differing ones, and marks the first divergence on both lanes', () => {
    const d = diffSessions('a', session('a', 10, String), 'b', session('b', 11, (i) => (i >= 7 ? `other ${i}` : String(i))));
    expect(d.firstDivergence).toBe(7);
    expect(d.divergence).toContain('the result of bash');
    const rows = compareRows(d);
    expect(rows[0]).toEqual({ kind: 'same', from: 1, to: 6 });
    expect(rows.slice(1).map((r) => (r.kind === 'step' ? `${r.pair.index}:${r.pair.status}` : 'fold'))).toEqual(['7:changed', '8:changed', '9:changed', '10:changed', '11:only-right']);
    const lanes = timelineLanes(d);
    expect(lanes.left).toHaveLength(10);
    expect(lanes.right).toHaveLength(11);
    expect(lanes.right.at(-1)!.start + lanes.right.at(-1)!.width).toBeLessThanOrEqual(1.0001);
  });
});
