import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { conversationFromEvents } from './conversation-from-events';

describe('conversationFromEvents', () => {
  it('rebuilds user/assistant/tool/system messages in order, with tool images, and answers calls left open by a crash', () => {
    const bus = new EventBus('s');
    const ev: GlassboxEvent[] = [];
    bus.subscribe('*', (e) => void ev.push(e));
    const img = { data: 'AAAA', mimeType: 'image/png' };
    bus.emit({ type: 'message_end', messageId: 'm1', role: 'user', content: 'task' });
    bus.emit({ type: 'message_end', messageId: 'm2', role: 'assistant', content: 'look', toolCalls: [{ id: 'c1', name: 'shot', arguments: '{}' }] });
    bus.emit({ type: 'tool_execution_end', callId: 'c1', tool: 'shot', result: { output: 'ok', error: null, images: [img], system: null }, durationMs: 1 });
    bus.emit({ type: 'message_end', messageId: 'm3', role: 'tool', content: 'ok', toolCallId: 'c1', toolName: 'shot' });
    bus.emit({ type: 'message_end', messageId: 'm4', role: 'system', content: 'nudge' });
    bus.emit({ type: 'message_end', messageId: 'm5', role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'bash', arguments: '{}' }, { id: 'c3', name: 'bash', arguments: '{}' }] });
    bus.emit({ type: 'message_end', messageId: 'm6', role: 'tool', content: 'first done', toolCallId: 'c2', toolName: 'bash' });
    // killed here: c3 never answered
    const msgs = conversationFromEvents(ev);
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'system', 'assistant', 'tool', 'tool']);
    expect(msgs[2]).toMatchObject({ toolCallId: 'c1', images: [img] });
    expect(msgs[6]).toMatchObject({ role: 'tool', toolCallId: 'c3', isError: true, content: expect.stringContaining('interrupted') });
  });

  it('a conversation_restored goes back to the messages as they were at its toSeq; undoing it (toSeq just before it) brings the rewound turns back', () => {
    const bus = new EventBus('s');
    const ev: GlassboxEvent[] = [];
    bus.subscribe('*', (e) => void ev.push(e));
    const turn = (n: number) => {
      bus.emit({ type: 'message_end', messageId: `u${n}`, role: 'user', content: `task ${n}` });
      bus.emit({ type: 'message_end', messageId: `a${n}`, role: 'assistant', content: `done ${n}` });
      return bus.emit({ type: 'agent_end', reason: 'finished' }).seq;
    };
    const end1 = turn(1);
    turn(2);
    turn(3);
    const texts = () => conversationFromEvents(ev).map((m) => m.content);
    expect(texts()).toEqual(['task 1', 'done 1', 'task 2', 'done 2', 'task 3', 'done 3']);
    const restore = bus.emit({ type: 'conversation_restored', toSeq: end1, checkpointId: 'abc' }).seq;
    expect(texts()).toEqual(['task 1', 'done 1']);
    // The next turn continues from turn 1: the rewound ones stay out.
    turn(4);
    expect(texts()).toEqual(['task 1', 'done 1', 'task 4', 'done 4']);
    // Undoing the restore: the conversation just before it, turn 4 is rewound in its place.
    bus.emit({ type: 'conversation_restored', toSeq: restore - 1, undoOf: restore });
    expect(texts()).toEqual(['task 1', 'done 1', 'task 2', 'done 2', 'task 3', 'done 3']);
    // Nothing was deleted from the events.
    expect(ev.filter((e) => e.type === 'message_end')).toHaveLength(8);
  });
});
