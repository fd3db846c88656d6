import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../../src-shared/events/event-types';
import { emptySessionData, reduceEvent, type SessionData } from '../event-reducer';
import { FrameBatch, reduceEvents } from './frame-batch';

let seq = 0;
const ev = (input: EventInput): GlassboxEvent => ({ seq: ++seq, ts: 1000 + seq, session: 's1', ...input }) as GlassboxEvent;
const A = 'assistant' as const;
const start = (): SessionData => ({ ...emptySessionData(), sessionId: 's1' });
const oneByOne = (d: SessionData, events: GlassboxEvent[]) => events.reduce((s, e) => ({ ...s, ...reduceEvent(s, e) }), d);

/** A batch whose frames are run by hand, applying into `state.d`. */
function harness() {
  const frames: (() => void)[] = [];
  const state = { d: start(), updates: 0 };
  const batch = new FrameBatch(
    (events) => {
      state.d = { ...state.d, ...reduceEvents(state.d, events) };
      state.updates++;
    },
    (run) => frames.push(run),
  );
  const frame = () => frames.splice(0).forEach((f) => f());
  return { batch, state, frame };
}

describe('reduceEvents', () => {
  it('gives what applying each event in turn gives', () => {
    const events = [
      ev({ type: 'agent_start', task: 'go' }),
      ev({ type: 'message_start', messageId: 'm', role: A }),
      ev({ type: 'message_update', messageId: 'm', role: A, delta: 'Hel' }),
      ev({ type: 'message_update', messageId: 'm', role: A, delta: 'lo' }),
      ev({ type: 'message_end', messageId: 'm', role: A, content: 'Hello' }),
    ];
    const d = start();
    expect({ ...d, ...reduceEvents(d, events) }).toEqual(oneByOne(d, events));
  });
});

describe('FrameBatch', () => {
  it('applies a frame’s text deltas as one update, with the text exact', () => {
    const { batch, state, frame } = harness();
    batch.push(ev({ type: 'message_start', messageId: 'm', role: A }));
    expect(state.updates).toBe(1);
    for (const w of ['a ', 'b ', 'c']) batch.push(ev({ type: 'message_update', messageId: 'm', role: A, delta: w }));
    expect(state.updates).toBe(1); // held until the frame
    expect(state.d.chat.items[0]).toMatchObject({ text: '' });
    frame();
    expect(state.updates).toBe(2);
    expect(state.d.chat.items[0]).toMatchObject({ text: 'a b c', streaming: true });
  });

  it('applies held deltas before any other event, at once, in order', () => {
    const { batch, state, frame } = harness();
    batch.push(ev({ type: 'message_start', messageId: 'm', role: A }));
    batch.push(ev({ type: 'message_update', messageId: 'm', role: A, delta: 'par' }));
    batch.push(ev({ type: 'message_update', messageId: 'm', role: A, delta: 'tial' }));
    batch.push(ev({ type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' }));
    // No frame yet: the call's row is there, after the message with all its text.
    expect(state.d.chat.items.map((i) => i.kind)).toEqual(['assistant', 'call']);
    expect(state.d.chat.items[0]).toMatchObject({ text: 'partial' });
    frame(); // the scheduled frame finds nothing left
    expect(state.updates).toBe(2);
  });

  it('flush() applies what is held (a session switch does that first)', () => {
    const { batch, state } = harness();
    batch.push(ev({ type: 'message_start', messageId: 'm', role: A }));
    batch.push(ev({ type: 'message_update', messageId: 'm', role: A, delta: 'x' }));
    batch.flush();
    expect(state.d.chat.items[0]).toMatchObject({ text: 'x' });
  });
});
