import { describe, expect, it } from 'vitest';
import { applyCallEvent, createCallIndex } from './call-index';
import { callTiming } from './call-timing';
import type { GlassboxEvent } from '../events/event-types';

const ev = (seq: number, ts: number, e: Record<string, unknown>) => ({ seq, ts, session: 's', ...e }) as GlassboxEvent;
const result = { output: 'ok', error: null, images: [], system: null };

describe('a call’s run time and approval wait', () => {
  it('takes both from the end event when it records the wait', () => {
    expect(callTiming({ durationMs: 40, waitMs: 8000 }, { askedAt: 0, answeredAt: 9999 })).toEqual({ durationMs: 40, waitMs: 8000 });
  });
  it('takes the wait out of an older file’s duration, from the approval’s events', () => {
    expect(callTiming({ durationMs: 8450 }, { askedAt: 1000, answeredAt: 9300 })).toEqual({ durationMs: 150, waitMs: 8300 });
    expect(callTiming({ durationMs: 5 })).toEqual({ durationMs: 5 });
    // Clocks that disagree never make a negative time.
    expect(callTiming({ durationMs: 10 }, { askedAt: 0, answeredAt: 50 })).toEqual({ durationMs: 0, waitMs: 50 });
  });
  it('the call index shows the run time and the wait, for new and old files alike', () => {
    for (const end of [
      { durationMs: 150, waitMs: 8300 },
      { durationMs: 8450 },
    ]) {
      const index = createCallIndex();
      for (const e of [
        ev(1, 0, { type: 'tool_execution_start', callId: 'c', tool: 'bash', args: {}, source: 'builtin' }),
        ev(2, 10, { type: 'approval_requested', requestId: 'r', callId: 'c', tool: 'bash', args: {} }),
        ev(3, 8310, { type: 'approval_resolved', requestId: 'r', callId: 'c', decision: 'allow', by: 'human' }),
        ev(4, 8460, { type: 'tool_execution_end', callId: 'c', tool: 'bash', result, ...end }),
      ])
        applyCallEvent(index, e);
      expect(index.byId.get('c')).toMatchObject({ durationMs: 150, waitMs: 8300, status: 'ok' });
    }
  });
});
