import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { progressLine } from './run-command';

const end = (extra: Record<string, unknown>): GlassboxEvent =>
  ({ seq: 1, ts: 1, session: 's', type: 'message_end', messageId: 'm', role: 'assistant', content: '', ...extra }) as GlassboxEvent;

describe('glassbox run progress', () => {
  it('prints the model\'s thinking on one line before what it says with its tool calls', () => {
    expect(progressLine(end({ thinking: 'First\nI look.\n\n[redacted]', content: 'Looking.', toolCalls: [{ id: 'c', name: 'bash', arguments: '{}' }] }))).toBe('  (thinking) First I look. [redacted]\n  Looking.');
    expect(progressLine(end({ thinking: 'Done thinking.', content: 'The answer.' }))).toBe('  (thinking) Done thinking.');
    expect(progressLine(end({ content: 'The answer.' }))).toBeNull();
  });
});
