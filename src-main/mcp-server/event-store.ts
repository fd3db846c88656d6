import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/**
 * A bounded in-memory SSE event log for one MCP session, so a client whose stream dropped can
 * resume with `Last-Event-ID` (and the server sends SSE priming events). Oldest events are
 * forgotten first; a resume from a forgotten id replays nothing.
 */
export class McpEventStore implements EventStore {
  private readonly events = new Map<EventId, { streamId: StreamId; message: JSONRPCMessage }>();
  private seq = 0;

  constructor(private readonly maxEvents = 1_000) {}

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const id = `${streamId}_${++this.seq}`;
    this.events.set(id, { streamId, message });
    if (this.events.size > this.maxEvents) this.events.delete(this.events.keys().next().value as EventId);
    return id;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (!last) return '';
    let after = false;
    for (const [id, e] of this.events) {
      if (id === lastEventId) {
        after = true;
        continue;
      }
      // Priming events carry no message worth replaying; only this stream's events are resent.
      if (after && e.streamId === last.streamId) await send(id, e.message);
    }
    return last.streamId;
  }
}
