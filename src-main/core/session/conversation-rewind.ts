import type { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ChatMessage } from '../llm/llm-types';
import { conversationFromEvents } from './conversation-from-events';

/** The events the conversation is rebuilt from. */
const KEPT = new Set(['message_end', 'tool_execution_end', 'conversation_restored']);

/**
 * Sets a live session's conversation back to an earlier point: records `conversation_restored`
 * and rebuilds the agent's messages from the session's events the same way `--session ID` does,
 * so the window, a resumed run and the next model request agree. Keeps the events it needs
 * (unredacted, as the agent saw them) from the start of the session or the resumed file.
 */
export class ConversationRewind {
  private readonly events: GlassboxEvent[];
  private readonly off: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly setMessages: (messages: ChatMessage[]) => void,
    private readonly running: () => boolean,
    resumed: readonly GlassboxEvent[] = [],
  ) {
    this.events = resumed.filter((e) => KEPT.has(e.type));
    this.off = bus.subscribe('*', (e) => {
      if (KEPT.has(e.type)) this.events.push(e);
    });
  }

  /**
   * The conversation back to right after event `toSeq` (`undoOf`: the restore this takes back).
   * Refused while a run is going: its next request would mix both conversations.
   */
  restore(toSeq: number, opts: { checkpointId?: string; undoOf?: number } = {}): { seq: number; messages: number } {
    if (this.running()) throw new Error('A run is going: wait for it to end or cancel it before restoring the conversation.');
    if (!Number.isInteger(toSeq) || toSeq < 0 || toSeq > this.bus.lastSeq) throw new Error(`no event ${String(toSeq)} in this session to restore the conversation to`);
    if (opts.undoOf !== undefined && !this.events.some((e) => e.type === 'conversation_restored' && e.seq === opts.undoOf)) throw new Error(`no conversation restore ${String(opts.undoOf)} to undo`);
    const e = this.bus.emit({ type: 'conversation_restored', toSeq, ...(opts.checkpointId ? { checkpointId: opts.checkpointId } : {}), ...(opts.undoOf !== undefined ? { undoOf: opts.undoOf } : {}) });
    const messages = conversationFromEvents(this.events);
    this.setMessages(messages);
    return { seq: e.seq, messages: messages.length };
  }

  dispose(): void {
    this.off();
  }
}
