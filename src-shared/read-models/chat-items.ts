import type { GlassboxEvent } from '../events/event-types';
import type { ModelUsage } from '../events/model-usage';
import { forkChangeLines } from './fork-change-text';

/** One row of the conversation. */
export type ChatItem =
  /** `fork`: this run is a fork's (its parent, the step forked at, what changed); `continues`: no new user message. */
  | { kind: 'user'; key: string; text: string; ts: number; fork?: { parent: string; forkedAt: number; what: string; continues: boolean; changes: string[] } }
  | {
      kind: 'assistant';
      key: string;
      messageId: string;
      /** The seq of its first event (a fork from this model turn names it). */
      seq?: number;
      text: string;
      /** The model's reasoning shown above the answer (streams in before it); `[redacted]` marks a redacted block. */
      thinking?: string;
      streaming: boolean;
      ts: number;
      /** The turn's usage line (tokens, cost, timing) and model, once its model_response arrived. */
      usage?: Partial<ModelUsage>;
      model?: string;
    }
  | { kind: 'call'; key: string; callId: string; ts: number }
  | { kind: 'end'; key: string; reason: 'finished' | 'max_steps' | 'cancelled' | 'error' | 'budget'; error?: string; ts: number }
  | { kind: 'note'; key: string; text: string; ts: number }
  /** The conversation went back to right after event `toSeq` (`undoOf`: this takes that restore back). */
  | { kind: 'restored'; key: string; seq: number; toSeq: number; undoOf?: number; ts: number };

/** The conversation: rows plus where each streaming message sits, for O(1) appends. */
export interface ChatState {
  items: ChatItem[];
  /**
   * messageId (and `call:<callId>`) → index in items. Updated in place (a lookup aid, like the
   * call index) so a long session does not copy a map per event; `items` stays immutable.
   */
  messageIndex: Map<string, number>;
}

/** A conversation with no rows. */
export function emptyChat(): ChatState {
  return { items: [], messageIndex: new Map() };
}

/** A conversation from rows built elsewhere (the host's `sessions.view`): one pass to index them. */
export function chatFromItems(items: ChatItem[]): ChatState {
  const messageIndex = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.kind === 'assistant') messageIndex.set(it.messageId, i);
    else if (it.kind === 'call') messageIndex.set(`call:${it.callId}`, i);
  }
  return { items, messageIndex };
}

/** The row an event adds or changes, given the current rows (null: no change). Pure. */
function itemFor(state: ChatState, e: GlassboxEvent): { index: number; item: ChatItem } | null {
  switch (e.type) {
    case 'agent_start':
      // A retry sends the same conversation again: no second copy of the user's message.
      if (e.retry) return { index: -1, item: { kind: 'note', key: `n${e.seq}`, text: 'Retried: the conversation as it was, sent again.', ts: e.ts } };
      return {
        index: -1,
        item: {
          kind: 'user',
          key: `u${e.seq}`,
          text: e.task,
          ts: e.ts,
          ...(e.parent && e.forkedAt !== undefined ? { fork: { parent: e.parent, forkedAt: e.forkedAt, what: e.changed?.what ?? 'none', continues: e.continues === true, changes: forkChangeLines(e.changed) } } : {}),
        },
      };
    case 'message_start':
      if (e.role !== 'assistant') return null;
      return { index: -1, item: { kind: 'assistant', key: `m${e.messageId}`, messageId: e.messageId, seq: e.seq, text: '', streaming: true, ts: e.ts } };
    case 'message_update': {
      if (e.role !== 'assistant') return null;
      const i = state.messageIndex.get(e.messageId);
      if (i === undefined) {
        return { index: -1, item: { kind: 'assistant', key: `m${e.messageId}`, messageId: e.messageId, seq: e.seq, text: e.delta, streaming: true, ts: e.ts } };
      }
      const prev = state.items[i] as Extract<ChatItem, { kind: 'assistant' }>;
      return { index: i, item: { ...prev, text: prev.text + e.delta } };
    }
    case 'thinking_update': {
      const i = state.messageIndex.get(e.messageId);
      if (i === undefined) {
        return { index: -1, item: { kind: 'assistant', key: `m${e.messageId}`, messageId: e.messageId, text: '', thinking: e.delta, streaming: true, ts: e.ts } };
      }
      const prev = state.items[i] as Extract<ChatItem, { kind: 'assistant' }>;
      return { index: i, item: { ...prev, thinking: (prev.thinking ?? '') + e.delta } };
    }
    case 'message_end': {
      if (e.role !== 'assistant') return null;
      const i = state.messageIndex.get(e.messageId);
      if (i === undefined) {
        if (!e.content && !e.thinking) return null;
        return { index: -1, item: { kind: 'assistant', key: `m${e.messageId}`, messageId: e.messageId, seq: e.seq, text: e.content, ...(e.thinking ? { thinking: e.thinking } : {}), streaming: false, ts: e.ts } };
      }
      const prev = state.items[i] as Extract<ChatItem, { kind: 'assistant' }>;
      const thinking = e.thinking || prev.thinking;
      return { index: i, item: { ...prev, text: e.content || prev.text, ...(thinking ? { thinking } : {}), streaming: false } };
    }
    case 'tool_execution_start':
      return { index: -1, item: { kind: 'call', key: `c${e.callId}`, callId: e.callId, ts: e.ts } };
    case 'agent_end':
      return { index: -1, item: { kind: 'end', key: `e${e.seq}`, reason: e.reason, ...(e.error ? { error: e.error } : {}), ts: e.ts } };
    case 'model_response': {
      // The turn's message is the last assistant row (its tool calls' rows may follow it).
      if (!e.usage && !e.model) return null;
      for (let i = state.items.length - 1; i >= 0 && i >= state.items.length - 200; i--) {
        const it = state.items[i]!;
        if (it.kind === 'user') return null;
        if (it.kind !== 'assistant') continue;
        return { index: i, item: { ...it, ...(e.usage ? { usage: e.usage } : {}), ...(e.model ? { model: e.model } : {}) } };
      }
      return null;
    }
    case 'conversation_restored':
      return { index: -1, item: { kind: 'restored', key: `r${e.seq}`, seq: e.seq, toSeq: e.toSeq, ...(e.undoOf !== undefined ? { undoOf: e.undoOf } : {}), ts: e.ts } };
    case 'compaction_end':
      return { index: -1, item: { kind: 'note', key: `n${e.seq}`, text: `Context compacted: ~${e.before} → ~${e.after} tokens`, ts: e.ts } };
    default:
      return null;
  }
}

/** Applies one live event; returns a new state when something changed, else the same one. Pure. */
export function applyChatEvent(state: ChatState, e: GlassboxEvent): ChatState {
  const change = itemFor(state, e);
  if (!change) return state;
  const added = change.item;
  if (change.index < 0 && added.kind === 'call' && state.messageIndex.has(`call:${added.callId}`)) return state;
  const items = state.items.slice();
  if (change.index >= 0) items[change.index] = change.item;
  else {
    items.push(added);
    if (added.kind === 'assistant') state.messageIndex.set(added.messageId, items.length - 1);
    if (added.kind === 'call') state.messageIndex.set(`call:${added.callId}`, items.length - 1);
  }
  return { items, messageIndex: state.messageIndex };
}

/**
 * Applies one event by mutating `state` (no copies): for building a conversation in one pass
 * (buildChat) and for the host, which keeps the rows of the open session as events arrive.
 */
export function appendChatEvent(state: ChatState, e: GlassboxEvent): void {
  const change = itemFor(state, e);
  if (!change) return;
  if (change.index >= 0) {
    state.items[change.index] = change.item;
    return;
  }
  const added = change.item;
  if (added.kind === 'call') {
    if (state.messageIndex.has(`call:${added.callId}`)) return;
    state.messageIndex.set(`call:${added.callId}`, state.items.length);
  }
  state.items.push(added);
  if (added.kind === 'assistant') state.messageIndex.set(added.messageId, state.items.length - 1);
}

/** The rows with no message marked as streaming (a session that is not running streams nothing). */
export function settledItems(items: ChatItem[]): ChatItem[] {
  if (!items.some((it) => it.kind === 'assistant' && it.streaming)) return items;
  return items.map((it) => (it.kind === 'assistant' && it.streaming ? { ...it, streaming: false } : it));
}

/** Builds the conversation from a whole session at once (mutably, in one pass: fast for 100k events). */
export function buildChat(events: readonly GlassboxEvent[]): ChatState {
  const state = emptyChat();
  for (const e of events) appendChatEvent(state, e);
  // A session loaded from disk streams nothing any more.
  state.items = settledItems(state.items);
  return state;
}

/**
 * The rows a conversation restore left out of the agent's conversation (shown dimmed), and the
 * turn ends restored to (each shows a *Restored to here* marker): for every restore not undone,
 * the rows after its target turn's end up to the restore. O(rows), no copies.
 */
export function rewoundRows(items: readonly ChatItem[]): { rewound: Set<string>; targets: Set<string> } {
  const rewound = new Set<string>();
  const targets = new Set<string>();
  const restores = items.filter((it): it is Extract<ChatItem, { kind: 'restored' }> => it.kind === 'restored');
  if (!restores.length) return { rewound, targets };
  const undone = new Set(restores.map((r) => r.undoOf).filter((n): n is number => n !== undefined));
  const indexOf = new Map<string, number>();
  items.forEach((it, i) => indexOf.set(it.key, i));
  for (const r of restores) {
    if (r.undoOf !== undefined || undone.has(r.seq)) continue;
    const from = indexOf.get(`e${r.toSeq}`);
    const to = indexOf.get(r.key);
    if (from === undefined || to === undefined) continue;
    targets.add(items[from]!.key);
    for (let i = from + 1; i < to; i++) rewound.add(items[i]!.key);
  }
  return { rewound, targets };
}
