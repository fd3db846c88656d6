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
});
