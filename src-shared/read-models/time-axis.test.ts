import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../events/event-types';
import { buildTimeAxis } from './time-axis';

let seq = 0;
const at = (ts: number, input: EventInput): GlassboxEvent => ({ ...input, seq: ++seq, ts, session: 's' }) as GlassboxEvent;
const ok = { output: 'x', error: null, system: null, images: [] };

describe('buildTimeAxis', () => {
  it('puts parallel read-only calls side by side, an approval wait as a gap, and marks the critical path', () => {
    seq = 0;
    const events = [
      at(0, { type: 'agent_start', task: 't' }),
      at(0, { type: 'model_request', step: 1, request: {} }),
      at(40, { type: 'message_update', messageId: 'm', role: 'assistant', delta: 'x' }),
      at(100, { type: 'model_response', step: 1, response: {}, model: 'gpt', usage: { inputTokens: 1, outputTokens: 1, costUsd: null, ttftMs: 30, durationMs: 100 } }),
      at(100, { type: 'tool_execution_start', callId: 'r1', tool: 'str_replace_editor', args: {}, source: 'builtin' }),
      at(101, { type: 'tool_execution_start', callId: 'r2', tool: 'mcp_fs_read', args: {}, source: 'mcp:fs' }),
      at(102, { type: 'tool_execution_start', callId: 'r3', tool: 'grep', args: {}, source: 'builtin' }),
      at(103, { type: 'tool_execution_start', callId: 'r4', tool: 'glob', args: {}, source: 'builtin' }),
      at(300, { type: 'tool_execution_end', callId: 'r3', tool: 'grep', result: ok, durationMs: 198 }),
      at(400, { type: 'tool_execution_end', callId: 'r4', tool: 'glob', result: ok, durationMs: 297 }),
      at(150, { type: 'tool_execution_end', callId: 'r1', tool: 'str_replace_editor', result: ok, durationMs: 50 }),
      at(160, { type: 'tool_execution_end', callId: 'r2', tool: 'mcp_fs_read', result: ok, durationMs: 59 }),
      at(400, { type: 'tool_execution_start', callId: 'b1', tool: 'bash', args: {}, source: 'builtin' }),
      at(401, { type: 'approval_requested', requestId: 'q1', callId: 'b1', tool: 'bash', args: {} }),
      at(2000, { type: 'approval_resolved', requestId: 'q1', callId: 'b1', decision: 'allow', by: 'human' }),
      at(2100, { type: 'tool_execution_end', callId: 'b1', tool: 'bash', result: ok, durationMs: 1700 }),
      at(2100, { type: 'agent_end', reason: 'finished' }),
    ];
    const axis = buildTimeAxis(events);
    expect(axis.lanes.map((l) => l.id)).toEqual(['model', 'waits', 'tools', 'shell', 'edits', 'mcp:fs']);
    const by = (id: string) => axis.spans.find((s) => s.callId === id && s.kind === 'call')!;
    // grep and glob overlap: two rows of the tools lane.
    expect([by('r3').row, by('r4').row].sort()).toEqual([0, 1]);
    expect(by('r3').start < by('r4').end && by('r4').start < by('r3').end).toBe(true);
    // The bash call runs from the approval on; the wait is its own bar.
    expect(by('b1')).toMatchObject({ lane: 'shell', start: 2000, end: 2100 });
    expect(axis.spans.find((s) => s.kind === 'approval')).toMatchObject({ lane: 'waits', start: 401, end: 2000 });
    const model = axis.spans.find((s) => s.kind === 'model')!;
    expect(model).toMatchObject({ start: 0, end: 100, firstToken: 30, turnKey: 't2' });
    // Critical path: the model turn → glob (the longest read) → the approval → bash.
    expect(axis.spans.filter((s) => s.critical).map((s) => s.label)).toEqual(['step 1 · gpt', 'glob', 'approve bash: allow by human', 'bash']);
  });

  // How fast is measured by bench/read-models.mjs, not here: a wall-clock bound fails on a busy machine.
  it('lays out 10,000 calls, every one on the critical path', () => {
    seq = 0;
    const events: GlassboxEvent[] = [];
    for (let i = 0; i < 10_000; i++) {
      events.push(at(i * 10, { type: 'model_request', step: i, request: {} }), at(i * 10 + 4, { type: 'model_response', step: i, response: {} }));
      events.push(at(i * 10 + 5, { type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: {}, source: 'builtin' }), at(i * 10 + 9, { type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: ok, durationMs: 4 }));
    }
    const axis = buildTimeAxis(events);
    expect(axis.spans).toHaveLength(20_000);
    expect(axis.spans.filter((s) => s.critical)).toHaveLength(20_000);
  });
});
