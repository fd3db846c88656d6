import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { appendChatEvent, emptyChat } from '../../../src-shared/read-models/chat-items';
import { buildChat } from '../../../src-shared/read-models/chat-items';
import { applyCallEvent, createCallIndex } from '../../../src-shared/read-models/call-index';
import { buildSessionView } from '../../../src-shared/read-models/session-view';
import type { PendingDialog } from '../../../src-shared/contract/views';
import { createAppStore } from './app-store';
import { emptySessionData, fromView, reduceEvent, type SessionData } from './event-reducer';

let seq = 0;
function ev(input: EventInput, session = 's1'): GlassboxEvent {
  seq++;
  return { seq, ts: 1000 + seq, session, ...input } as GlassboxEvent;
}

function run(events: GlassboxEvent[], start: SessionData = { ...emptySessionData(), sessionId: 's1' }): SessionData {
  let d = start;
  for (const e of events) d = { ...d, ...reduceEvent(d, e) };
  return d;
}

const A = 'assistant' as const;

describe('reduceEvent', () => {
  it('streams assistant text into one message and shows the user task first', () => {
    const d = run([
      ev({ type: 'agent_start', task: 'list files' }),
      ev({ type: 'message_start', messageId: 'm1', role: A }),
      ev({ type: 'message_update', messageId: 'm1', role: A, delta: 'Hel' }),
      ev({ type: 'message_update', messageId: 'm1', role: A, delta: 'lo' }),
    ]);
    expect(d.chat.items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(d.chat.items[1]).toMatchObject({ text: 'Hello', streaming: true });
    expect(d.agent.running).toBe(true);
    expect(d.title).toBe('list files');
    const done = run([ev({ type: 'message_end', messageId: 'm1', role: A, content: 'Hello!' })], d);
    expect(done.chat.items[1]).toMatchObject({ text: 'Hello!', streaming: false });
  });

  it('tracks a tool call from start through progress to its result', () => {
    const d = run([
      ev({ type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' }),
      ev({ type: 'tool_execution_update', callId: 'c1', kind: 'progress', progress: 1, total: 2 }),
    ]);
    expect(d.chat.items).toMatchObject([{ kind: 'call', callId: 'c1' }]);
    const running = d.calls.byId.get('c1')!;
    expect(running.status).toBe('running');
    expect(running.updates).toHaveLength(1);
    const v = d.callsVersion;
    const end = run([ev({ type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: { output: 'a\nb', error: null, images: [], system: null }, durationMs: 12 })], d);
    const call = end.calls.byId.get('c1')!;
    expect(call).toMatchObject({ status: 'ok', durationMs: 12, result: { output: 'a\nb' } });
    expect(call).not.toBe(running); // a new object, so cards re-render
    expect(end.callsVersion).toBeGreaterThan(v);
  });

  it('marks blocked, failed and denied calls', () => {
    const d = run([
      ev({ type: 'tool_execution_start', callId: 'b', tool: 'bash', args: {}, source: 'builtin' }),
      ev({ type: 'tool_execution_end', callId: 'b', tool: 'bash', result: { output: '[BLOCKED] no', error: null, images: [], system: null }, durationMs: 0, blocked: true }),
      ev({ type: 'tool_execution_start', callId: 'e', tool: 'mcp_x_y', args: {}, source: 'mcp:x' }),
      ev({ type: 'tool_execution_end', callId: 'e', tool: 'mcp_x_y', result: { output: null, error: 'boom', images: [], system: null }, durationMs: 3 }),
      ev({ type: 'tool_execution_start', callId: 'd', tool: 'bash', args: { command: 'rm -rf /' }, source: 'builtin' }),
      ev({ type: 'approval_requested', requestId: 'r1', callId: 'd', tool: 'bash', args: { command: 'rm -rf /' }, reasons: ['dangerous'] }),
    ]);
    expect(d.calls.byId.get('b')!.status).toBe('blocked');
    expect(d.calls.byId.get('e')!.status).toBe('error');
    expect(d.calls.byId.get('d')!.status).toBe('awaiting_approval');
    const denied = run([
      ev({ type: 'approval_resolved', requestId: 'r1', callId: 'd', decision: 'deny', by: 'human' }),
      ev({ type: 'tool_execution_end', callId: 'd', tool: 'bash', result: { output: null, error: 'Denied by the user.', images: [], system: null }, durationMs: 1 }),
    ], d);
    expect(denied.calls.byId.get('d')!.status).toBe('denied');
  });

  it('attaches raw MCP traffic and pairs model requests with responses per step', () => {
    const d = run([
      ev({ type: 'model_request', step: 1, request: { messages: [1] } }),
      ev({ type: 'model_response', step: 1, response: { content: 'x' }, usage: { inputTokens: 5, outputTokens: 2, costUsd: null, ttftMs: 1, durationMs: 2 } }),
      ev({ type: 'tool_execution_start', callId: 'm', tool: 'mcp_e_echo', args: { message: 'hi' }, source: 'mcp:e' }),
      ev({ type: 'mcp_traffic', callId: 'm', server: 'e', request: { jsonrpc: '2.0', method: 'tools/call' }, response: { jsonrpc: '2.0', result: {} } }),
    ]);
    expect(d.turns).toEqual([expect.objectContaining({ step: 1, request: { messages: [1] }, response: { content: 'x' }, usage: { inputTokens: 5, outputTokens: 2, costUsd: null, ttftMs: 1, durationMs: 2 } })]);
    expect(d.calls.byId.get('m')!.mcpTraffic).toMatchObject({ server: 'e', request: { method: 'tools/call' } });
  });

  it('a call started twice (a replay of the same id) is one card', () => {
    const start = { type: 'tool_execution_start', callId: 'same', tool: 'bash', args: {}, source: 'builtin' } as const;
    const d = run([ev(start), ev(start)]);
    expect(d.chat.items.filter((i) => i.kind === 'call')).toHaveLength(1);
  });

  it('ignores events of another session and events already seen', () => {
    const d = run([ev({ type: 'agent_start', task: 'x' })]);
    expect(reduceEvent(d, ev({ type: 'agent_start', task: 'y' }, 'other'))).toEqual({});
    const old = { ...d.chat.items[0] };
    expect(reduceEvent(d, { seq: 1, ts: 0, session: 's1', type: 'agent_end', reason: 'finished' } as GlassboxEvent)).toEqual({});
    expect(d.chat.items[0]).toEqual(old);
  });

  it('agent_end stops the run and shows why', () => {
    const d = run([ev({ type: 'agent_start', task: 'x' }), ev({ type: 'agent_end', reason: 'cancelled' })]);
    expect(d.agent.running).toBe(false);
    expect(d.chat.items.at(-1)).toMatchObject({ kind: 'end', reason: 'cancelled' });
  });

  it("the host's pre-reduced view loads the same view as the live events, and live events continue it", () => {
    const events = [
      ev({ type: 'agent_start', task: 'go' }),
      ev({ type: 'model_request', step: 1, request: { messages: [] } }),
      ev({ type: 'model_response', step: 1, response: { text: 'ok' }, usage: { inputTokens: 3, outputTokens: 1, costUsd: null, ttftMs: 1, durationMs: 2 } }),
      ev({ type: 'message_start', messageId: 'm', role: A }),
      ev({ type: 'message_update', messageId: 'm', role: A, delta: 'o' }),
      ev({ type: 'message_update', messageId: 'm', role: A, delta: 'k' }),
      ev({ type: 'message_end', messageId: 'm', role: A, content: 'ok' }),
      ev({ type: 'tool_execution_start', callId: 'c', tool: 'bash', args: { command: 'ls' }, source: 'builtin' }),
      ev({ type: 'tool_execution_end', callId: 'c', tool: 'bash', result: { output: 'o', error: null, images: [], system: null }, durationMs: 1 }),
      ev({ type: 'tool_execution_start', callId: 'd', tool: 'bash', args: { command: 'rm -rf /' }, source: 'builtin' }),
      ev({ type: 'approval_requested', requestId: 'r1', callId: 'd', tool: 'bash', args: { command: 'rm -rf /' }, reasons: ['dangerous'] }),
    ];
    const later = [
      ev({ type: 'approval_resolved', requestId: 'r1', callId: 'd', decision: 'deny', by: 'human' }),
      ev({ type: 'tool_execution_end', callId: 'd', tool: 'bash', result: { output: null, error: 'Denied by the user.', images: [], system: null }, durationMs: 1 }),
      ev({ type: 'message_start', messageId: 'm2', role: A }),
      ev({ type: 'message_update', messageId: 'm2', role: A, delta: 'done' }),
    ];
    const calls = createCallIndex();
    const chat = emptyChat();
    for (const e of events) {
      applyCallEvent(calls, e);
      appendChatEvent(chat, e);
    }
    // Through JSON, as it travels to the window.
    const view = JSON.parse(JSON.stringify(buildSessionView({ id: 's1', title: 'go', createdAt: 0, updatedAt: 0, eventCount: events.length }, { sessionId: 's1', running: false }, events, calls, chat))) as ReturnType<typeof buildSessionView>;
    const loaded = fromView(view);
    const live = run(events);
    expect(loaded.chat.items).toEqual(live.chat.items.map((i) => (i.kind === 'assistant' ? { ...i, streaming: false } : i)));
    expect([...loaded.calls.byId.values()]).toEqual([...live.calls.byId.values()]);
    expect(loaded.turns).toEqual(live.turns);
    expect(loaded.lastSeq).toBe(live.lastSeq);
    // Replaying the overlap changes nothing; new events apply on top (the approval finds its call).
    const after = run([...events, ...later], loaded);
    const liveAfter = run(later, live);
    expect(after.calls.byId.get('d')!.status).toBe('denied');
    expect(after.chat.items).toEqual(liveAfter.chat.items);
    expect([...after.calls.byId.values()]).toEqual([...liveAfter.calls.byId.values()]);
  });

  it('a tail view holds the last rows and what they need; the whole view then completes it', () => {
    const events: GlassboxEvent[] = [ev({ type: 'agent_start', task: 'go' })];
    for (let i = 0; i < 50; i++) {
      events.push(ev({ type: 'model_request', step: i + 1, request: { messages: [] } }));
      events.push(ev({ type: 'message_end', messageId: `m${i}`, role: A, content: `step ${i}` }));
      events.push(ev({ type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: { command: `echo ${i}` }, source: 'builtin' }));
      if (i !== 3) events.push(ev({ type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: { output: String(i), error: null, images: [], system: null }, durationMs: 1 }));
    }
    // An early call still waits for approval: it must come along with the tail.
    events.push(ev({ type: 'approval_requested', requestId: 'r3', callId: 'c3', tool: 'bash', args: { command: 'echo 3' }, reasons: ['asks'] }));
    const calls = createCallIndex();
    const chat = emptyChat();
    for (const e of events) {
      applyCallEvent(calls, e);
      appendChatEvent(chat, e);
    }
    const summary = { id: 's1', title: 'go', createdAt: 0, updatedAt: 0, eventCount: events.length };
    const state = { sessionId: 's1', running: true };
    const whole = buildSessionView(summary, state, events, calls, chat);
    const tail = buildSessionView(summary, state, events, calls, chat, 10);
    expect(whole.tail).toBeUndefined();
    expect(tail.tail).toEqual({ rows: whole.chat.length, calls: 50 });
    expect(tail.chat).toEqual(whole.chat.slice(-10));
    expect(tail.calls.map((c) => c.callId)).toEqual(['c3', 'c45', 'c46', 'c47', 'c48', 'c49']);
    expect(tail.approvals).toEqual([['r3', 'c3']]);
    expect(tail.turnEvents.map((e) => (e as { step: number }).step)).toEqual([46, 47, 48, 49, 50]);
    expect(tail.lastSeq).toBe(whole.lastSeq);
    // Small sessions need no second round trip.
    expect(buildSessionView(summary, state, events, calls, chat, 1000).tail).toBeUndefined();

    const store = createAppStore();
    store.getState().loadView(tail);
    expect(store.getState().earlierRows).toBe(whole.chat.length - 10);
    store.getState().selectCall('c48');
    store.getState().setPending([{ kind: 'approval', requestId: 'r3', callId: 'c3', tool: 'bash', args: { command: 'echo 3' }, reasons: ['asks'] } as PendingDialog]);
    // A live event arrives before the whole view: a whole view older than it is refused.
    store.getState().applyEvent(ev({ type: 'tool_execution_update', callId: 'c3', kind: 'log', message: 'later' }));
    expect(store.getState().completeView(whole)).toBe(false);
    expect(store.getState().completeView({ ...whole, summary: { ...summary, id: 'other' }, lastSeq: seq })).toBe(false);
    expect(store.getState().completeView({ ...whole, lastSeq: seq })).toBe(true);
    const done = store.getState();
    expect(done.chat.items).toHaveLength(whole.chat.length);
    expect(done.calls.order).toHaveLength(50);
    expect(done.earlierRows).toBe(0);
    expect(done.selectedCallId).toBe('c48');
    expect(done.pending).toHaveLength(1);
  });

  it('builds a 100,000-event session in one pass', () => {
    const events: GlassboxEvent[] = [];
    for (let i = 0; i < 25_000; i++) {
      events.push(ev({ type: 'tool_execution_start', callId: `c${i}`, tool: 'bash', args: { command: `echo ${i}` }, source: 'builtin' }));
      events.push(ev({ type: 'tool_execution_end', callId: `c${i}`, tool: 'bash', result: { output: String(i), error: null, images: [], system: null }, durationMs: 1 }));
      events.push(ev({ type: 'message_start', messageId: `m${i}`, role: A }));
      events.push(ev({ type: 'message_end', messageId: `m${i}`, role: A, content: `step ${i}` }));
    }
    const chat = buildChat(events);
    expect(chat.items).toHaveLength(50_000);
    // The test's timeout is a liveness bound, generous for a loaded machine: a quadratic rebuild
    // would take minutes (speed itself is bench/read-models.mjs's business).
  }, 60_000);
});
