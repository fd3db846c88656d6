import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../events/event-types';
import { applyChatEvent, buildChat, emptyChat, type ChatItem } from './chat-items';
import { buildTimeAxis } from './time-axis';

// The model's thinking in the shared read models: the chat row streams it above the answer,
// the time axis gives it a lane of its own.

let seq = 0;
const at = (ts: number, input: EventInput): GlassboxEvent => ({ ...input, seq: ++seq, ts, session: 's' }) as GlassboxEvent;
const turn = (): GlassboxEvent[] => [
  at(0, { type: 'model_request', step: 1, request: {} }),
  at(1, { type: 'message_start', messageId: 'm', role: 'assistant' }),
  at(50, { type: 'thinking_update', messageId: 'm', delta: 'Let me ' }),
  at(80, { type: 'thinking_update', messageId: 'm', delta: 'think.\n\n[redacted]' }),
  at(120, { type: 'message_update', messageId: 'm', role: 'assistant', delta: 'Answer' }),
  at(130, { type: 'message_end', messageId: 'm', role: 'assistant', content: 'Answer', thinking: 'Let me think.\n\n[redacted]' }),
  at(140, { type: 'model_response', step: 1, response: {}, usage: { inputTokens: 1, outputTokens: 1, costUsd: null, ttftMs: 50, durationMs: 140 } }),
];

describe('thinking in the read models', () => {
  it('the chat row gathers thinking live, before any answer text, and keeps the whole at the end', () => {
    seq = 0;
    const events = turn();
    let state = emptyChat();
    const seen: Array<Extract<ChatItem, { kind: 'assistant' }>> = [];
    for (const e of events) {
      state = applyChatEvent(state, e);
      const row = state.items.find((i) => i.kind === 'assistant');
      if (row?.kind === 'assistant') seen.push(row);
    }
    expect(seen.map((r) => [r.thinking ?? '', r.text])).toEqual([
      ['', ''],
      ['Let me ', ''],
      ['Let me think.\n\n[redacted]', ''],
      ['Let me think.\n\n[redacted]', 'Answer'],
      ['Let me think.\n\n[redacted]', 'Answer'],
      ['Let me think.\n\n[redacted]', 'Answer'],
    ]);
    // A session opened from disk (deltas of finished messages left out) shows the same.
    const loaded = buildChat(events.filter((e) => e.type !== 'thinking_update' && e.type !== 'message_update')).items[0];
    expect(loaded).toMatchObject({ kind: 'assistant', text: 'Answer', thinking: 'Let me think.\n\n[redacted]', streaming: false });
  });

  it('a turn that only thought and called a tool still gets a row', () => {
    seq = 0;
    const only = buildChat([at(0, { type: 'message_end', messageId: 'x', role: 'assistant', content: '', thinking: 'hmm', toolCalls: [{ id: 'c', name: 't', arguments: '{}' }] })]);
    expect(only.items).toEqual([expect.objectContaining({ kind: 'assistant', thinking: 'hmm', text: '' })]);
  });

  it('the time axis puts thinking in its own lane, from the first to the last reasoning delta', () => {
    seq = 0;
    const axis = buildTimeAxis([at(0, { type: 'agent_start', task: 't' }), ...turn(), at(150, { type: 'agent_end', reason: 'finished' })]);
    expect(axis.lanes.map((l) => [l.id, l.label])).toEqual([['model', 'Model turns'], ['thinking', 'Thinking']]);
    expect(axis.spans.find((s) => s.kind === 'thinking')).toMatchObject({ lane: 'thinking', start: 50, end: 80, label: 'step 1 thinking' });
  });
});
