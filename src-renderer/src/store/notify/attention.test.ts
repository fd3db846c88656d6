import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../../src-shared/events/event-types';
import { attentionFor, badgedTitle } from './attention';

const ev = (input: EventInput): GlassboxEvent => ({ ...input, seq: 1, ts: 1, session: 's' }) as GlassboxEvent;

describe('what asks for the user while the window is away', () => {
  it('a finished, failed or step-limited run, an approval and a question; not a run the user stopped', () => {
    expect(attentionFor(ev({ type: 'agent_end', reason: 'finished' }), 'Fix it')).toMatchObject({ title: 'Run finished', body: 'Fix it' });
    expect(attentionFor(ev({ type: 'agent_end', reason: 'error', error: 'model unreachable' }), 'Fix it')).toMatchObject({ title: 'Run failed', body: 'Fix it: model unreachable' });
    expect(attentionFor(ev({ type: 'agent_end', reason: 'max_steps' }), 'Fix it')?.title).toMatch(/step limit/);
    expect(attentionFor(ev({ type: 'agent_end', reason: 'cancelled' }), 'Fix it')).toBeNull();
    expect(attentionFor(ev({ type: 'approval_requested', requestId: 'r', callId: 'c', tool: 'bash', args: {}, reasons: ['rm -rf build'] }), 'x')).toMatchObject({ title: 'Approval needed', body: 'bash: rm -rf build' });
    expect(attentionFor(ev({ type: 'human_input_requested', requestId: 'q', question: 'Which branch?' }), 'x')).toMatchObject({ title: 'The agent has a question', body: 'Which branch?' });
    expect(attentionFor(ev({ type: 'tool_execution_start', callId: 'c', tool: 'bash', args: {}, source: 'builtin' }), 'x')).toBeNull();
  });
  it('badges the title with the count', () => {
    expect(badgedTitle('Fix it', 0)).toBe('Fix it — Glassbox');
    expect(badgedTitle('Fix it', 2)).toBe('(2) Fix it — Glassbox');
  });
});
