import type { GlassboxEvent } from '../events/event-types';
import type { CallIndex } from './call-index';
import { buildChat, settledItems, type ChatItem, type ChatState } from './chat-items';
import type { AgentState, CallDetail, SessionSummary, SessionView } from '../contract/views';

function isTurnEvent(e: GlassboxEvent): boolean {
  return e.type === 'model_request' || e.type === 'model_response';
}

/**
 * The window's view of a session (sessions.view), from its events and its call index: the
 * rows (kept by the caller as events arrived, else built in one pass), the calls as the index
 * holds them, the model turns' events. Pure apart from reading its inputs.
 *
 * With `tail`, only the last `tail` rows and what they need (their calls, the calls still
 * waiting or running, the model turns since the first of those rows), marked with `tail` so
 * the window knows to fetch the rest: a session of any size paints its last screen at once.
 */
export function buildSessionView(
  summary: SessionSummary,
  state: AgentState,
  events: readonly GlassboxEvent[],
  calls: CallIndex,
  chat?: ChatState,
  tail?: number,
): SessionView {
  // A copy: the caller's rows keep changing after this view has been handed out.
  const all = chat ? (state.running ? chat.items : settledItems(chat.items)) : buildChat(events).items;
  const lastSeq = events.at(-1)?.seq ?? 0;
  if (tail !== undefined && tail >= 0 && all.length > tail) return tailView(summary, state, events, calls, all, tail, lastSeq);
  return {
    summary,
    state,
    chat: all.slice(),
    calls: calls.order.map((id) => calls.byId.get(id)!),
    approvals: [...calls.approvals],
    turnEvents: events.filter(isTurnEvent),
    lastSeq,
  };
}

function tailView(
  summary: SessionSummary,
  state: AgentState,
  events: readonly GlassboxEvent[],
  calls: CallIndex,
  all: readonly ChatItem[],
  tail: number,
  lastSeq: number,
): SessionView {
  const rows = all.slice(all.length - tail);
  const wanted = new Set<string>();
  for (const r of rows) if (r.kind === 'call') wanted.add(r.callId);
  // Calls that can still change (a dialog may be waiting on one) come along wherever they sit.
  for (const [, c] of calls.byId) if (c.status === 'running' || c.status === 'awaiting_approval') wanted.add(c.callId);
  const picked: CallDetail[] = [];
  for (const id of calls.order) if (wanted.has(id)) picked.push(calls.byId.get(id)!);
  const since = rows[0]?.ts ?? 0;
  const turnEvents: GlassboxEvent[] = [];
  // Newest first, back to the model request behind the first row: a tail costs what it holds,
  // not the session.
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (!isTurnEvent(e)) continue;
    turnEvents.push(e);
    if (e.ts < since && e.type === 'model_request') break;
  }
  turnEvents.reverse();
  return {
    summary,
    state,
    chat: rows,
    calls: picked,
    approvals: [...calls.approvals].filter(([, callId]) => wanted.has(callId)),
    turnEvents,
    lastSeq,
    tail: { rows: all.length, calls: calls.order.length },
  };
}
