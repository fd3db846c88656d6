import { describe, expect, it } from 'vitest';
import { sendableMessages } from './sendable-messages';

describe('sendableMessages', () => {
  it('leaves out assistant messages with no text and no tool calls (a failed turn), keeps the rest in order', () => {
    const call = { id: 'c1', name: 'bash', arguments: '{}' };
    const sent = sendableMessages([
      { role: 'user', content: 'task' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: "  \n" },
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', toolCallId: 'c1', toolName: 'bash', content: 'ok' },
      { role: 'assistant', content: 'done' },
      { role: 'user', content: 'again' },
    ]);
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['user', 'task'],
      ['assistant', ''],
      ['tool', 'ok'],
      ['assistant', 'done'],
      ['user', 'again'],
    ]);
    expect((sent[1] as { toolCalls?: unknown[] }).toolCalls).toEqual([call]);
  });
  it('returns the same array when nothing is empty', () => {
    const msgs = [{ role: 'user' as const, content: 'x' }];
    expect(sendableMessages(msgs)).toBe(msgs);
  });
});
