import type { EventInput, EventType, GlassboxEvent, GlassboxEventOf } from '../../../src-shared/events/event-types';

export type EventHandler<T extends EventType | '*'> = (
  event: T extends EventType ? GlassboxEventOf<T> : GlassboxEvent,
) => void | Promise<void>;

type Handler = (e: GlassboxEvent) => void | Promise<void>;

/** A function that removes what registered it. */
export type Disposer = () => void;

/**
 * Stamps events with seq/ts/session and delivers them to subscribers. Handlers run isolated:
 * one that throws (or rejects) is reported through `onHandlerError` and the rest still run.
 */
export class EventBus {
  private seq = 0;
  /**
   * Each type's handlers, in the order they subscribed. A list is replaced, never changed, when
   * one subscribes or leaves, so a delivery walks the list it started with and copies nothing.
   */
  private readonly handlers = new Map<string, readonly Handler[]>();

  constructor(
    public session: string,
    private readonly onHandlerError: (err: unknown, event: GlassboxEvent) => void = (err) =>
      console.error('[glassbox] event handler failed:', err),
    startSeq = 0,
  ) {
    this.seq = startSeq;
  }

  /** The last seq assigned. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Stamps and delivers an event; returns the stamped event. */
  emit(input: EventInput): GlassboxEvent {
    const event = { seq: ++this.seq, ts: Date.now(), session: this.session, ...input } as GlassboxEvent;
    this.deliver(event);
    return event;
  }

  /** Delivers an already-stamped event (used when replaying a session file into a view). */
  deliver(event: GlassboxEvent): void {
    const typed = this.handlers.get(event.type);
    if (typed) this.run(typed, event);
    const all = this.handlers.get('*');
    if (all) this.run(all, event);
  }

  /** Subscribes to one type, or '*' for all; returns the unsubscribe function. */
  subscribe<T extends EventType | '*'>(type: T, handler: EventHandler<T>): Disposer {
    const h = handler as Handler;
    const list = this.handlers.get(type) ?? [];
    if (!list.includes(h)) this.handlers.set(type, [...list, h]);
    return () => {
      const now = this.handlers.get(type);
      if (!now?.includes(h)) return;
      const rest = now.filter((x) => x !== h);
      if (rest.length) this.handlers.set(type, rest);
      else this.handlers.delete(type);
    };
  }

  private run(handlers: readonly Handler[], event: GlassboxEvent): void {
    for (const h of handlers) {
      try {
        const r = h(event);
        if (r && typeof (r as Promise<void>).catch === 'function') {
          (r as Promise<void>).catch((err) => this.onHandlerError(err, event));
        }
      } catch (err) {
        this.onHandlerError(err, event);
      }
    }
  }
}
