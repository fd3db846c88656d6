import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ChatMessage } from '../llm/llm-types';
import type { ToolImage } from '../../../src-shared/events/tool-result';

/** One message in a shared, never-mutated list (a restore points back at an earlier tail). */
interface Node {
  msg: ChatMessage;
  prev: Node | null;
}
/** The conversation at one point: its last message, and the tool calls still waiting for a result. */
interface State {
  head: Node | null;
  pending: readonly { id: string; name: string }[];
}

/**
 * Rebuilds the conversation from a session's events (for `--session ID`, resume after a crash,
 * a restore to a checkpoint): every `message_end` in order. A tool call whose result was never
 * recorded (the process died while it ran) gets an error result, so the conversation stays
 * valid for the model. A `conversation_restored { toSeq }` sets the conversation back to what it
 * was right after event `toSeq` (rewound messages stay in the file but leave the conversation);
 * undoing one is another with `toSeq` just before it, so every point stays reachable.
 */
export function conversationFromEvents(events: GlassboxEvent[]): ChatMessage[] {
  const images = new Map<string, ToolImage[]>();
  for (const e of events) {
    if (e.type === 'tool_execution_end' && e.result.images?.length && !e.replayOf) images.set(e.callId, e.result.images);
  }
  let state: State = { head: null, pending: [] };
  /** The state after each message or restore, in seq order (a restore looks its target up here). */
  const snapshots: { seq: number; state: State }[] = [];
  const push = (msg: ChatMessage): void => {
    state = { ...state, head: { msg, prev: state.head } };
  };
  const closeOpen = (): void => {
    for (const c of state.pending) push({ role: 'tool', toolCallId: c.id, toolName: c.name, content: 'Error: no result was recorded for this call (the run was interrupted).', isError: true });
    state = { ...state, pending: [] };
  };
  const at = (seq: number): State => {
    let found: State = { head: null, pending: [] };
    for (const s of snapshots) {
      if (s.seq > seq) break;
      found = s.state;
    }
    return found;
  };
  for (const e of events) {
    if (e.type === 'conversation_restored') {
      state = at(e.toSeq);
    } else if (e.type === 'message_end') {
      if (e.role === 'tool' && e.toolCallId) {
        const imgs = images.get(e.toolCallId);
        push({ role: 'tool', toolCallId: e.toolCallId, toolName: e.toolName ?? '', content: e.content, ...(imgs ? { images: imgs } : {}), ...(e.isError ? { isError: true } : {}) });
        state = { ...state, pending: state.pending.filter((c) => c.id !== e.toolCallId) };
      } else {
        closeOpen();
        if (e.role === 'assistant') {
          push({
            role: 'assistant',
            content: e.content,
            ...(e.toolCalls?.length ? { toolCalls: e.toolCalls } : {}),
            ...(e.thinking ? { thinking: e.thinking } : {}),
            ...(e.reasoning ? { reasoning: e.reasoning } : {}),
          });
          if (e.toolCalls?.length) state = { ...state, pending: e.toolCalls.map((c) => ({ id: c.id, name: c.name })) };
        } else if (e.role === 'user') push({ role: 'user', content: e.content });
        else if (e.role === 'system') push({ role: 'system', content: e.content });
      }
    } else continue;
    if (typeof e.seq === 'number') snapshots.push({ seq: e.seq, state });
  }
  closeOpen();
  const out: ChatMessage[] = [];
  for (let n = state.head; n; n = n.prev) out.push(n.msg);
  return out.reverse();
}
