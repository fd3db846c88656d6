import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { buildChat } from '../../../src-shared/read-models/chat-items';
import { modelOf, turnsTotals } from './chat/selectors';
import { emptySessionData, reduceEvent, type SessionData } from './event-reducer';

let seq = 0;
const ev = (input: EventInput): GlassboxEvent => ({ ...input, seq: ++seq, ts: 1000 + seq, session: 's1' }) as GlassboxEvent;
const usage = (inputTokens: number, outputTokens: number, costUsd: number | null) => ({ inputTokens, outputTokens, costUsd, ttftMs: 10, durationMs: 20 });

function session(): GlassboxEvent[] {
  seq = 0;
  return [
    ev({ type: 'agent_start', task: 'go' }),
    ev({ type: 'model_request', step: 1, request: { model: 'gpt-x' } }),
    ev({ type: 'message_start', messageId: 'm1', role: 'assistant' }),
    ev({ type: 'message_end', messageId: 'm1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'bash', arguments: '{}' }] }),
    ev({ type: 'model_response', step: 1, response: { text: '' }, model: 'gpt-x', usage: usage(100, 5, 0.01) }),
    ev({ type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: {}, source: 'builtin' }),
    ev({ type: 'model_request', step: 2, request: { model: 'gpt-x' } }),
    ev({ type: 'message_start', messageId: 'm2', role: 'assistant' }),
    ev({ type: 'message_end', messageId: 'm2', role: 'assistant', content: 'done' }),
    ev({ type: 'model_response', step: 2, response: { text: 'done' }, model: 'gpt-x', usage: usage(200, 7, null) }),
  ];
}

describe('usage of model turns in the window', () => {
  it('puts each turn usage on its message row, live and in one pass alike', () => {
    const events = session();
    let d: SessionData = emptySessionData();
    for (const e of events) d = { ...d, ...reduceEvent(d, e) };
    for (const items of [d.chat.items, buildChat(events).items]) {
      const rows = items.filter((r) => r.kind === 'assistant');
      expect(rows.map((r) => r.kind === 'assistant' && r.usage?.inputTokens)).toEqual([100, 200]);
    }
    expect(d.turns.map((t) => [t.model, t.endTs !== undefined])).toEqual([['gpt-x', true], ['gpt-x', true]]);
    const t = turnsTotals(d.turns);
    expect(t).toMatchObject({ turns: 2, inputTokens: 300, outputTokens: 12, costUsd: 0.01, costUnknownTurns: 1 });
    expect(modelOf(d.turns)).toBe('gpt-x');
  });
});
