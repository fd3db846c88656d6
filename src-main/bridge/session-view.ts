import type { GlassboxEvent } from '../core/events/event-types';
import type { CallIndex } from './call-index';
import { buildChat, settledItems, type ChatState } from './chat-items';
import type { AgentState, SessionSummary, SessionView } from './contract';

/**
 * The window's view of a session (sessions.view), from its events and its call index: the
 * rows (kept by the caller as events arrived, else built in one pass), the calls as the index
 * holds them, the model turns' events. Pure apart from reading its inputs.
 */
export function buildSessionView(summary: SessionSummary, state: AgentState, events: readonly GlassboxEvent[], calls: CallIndex, chat?: ChatState): SessionView {
  // A copy: the caller's rows keep changing after this view has been handed out.
  const rows = chat ? (state.running ? chat.items : settledItems(chat.items)).slice() : buildChat(events).items;
  return {
    summary,
    state,
    chat: rows,
    calls: calls.order.map((id) => calls.byId.get(id)!),
    approvals: [...calls.approvals],
    turnEvents: events.filter((e) => e.type === 'model_request' || e.type === 'model_response'),
    lastSeq: events.at(-1)?.seq ?? 0,
  };
}
