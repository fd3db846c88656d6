import type { EventInput, EventType, GlassboxEvent, GlassboxEventOf } from '../../../src-shared/events/event-types';

export type EventHandler<T extends EventType | '*'> = (
  event: T extends EventType ? GlassboxEventOf<T> : GlassboxEvent,
) => void | Promise<void>;

/** A function that removes what registered it. */
export type Disposer = () => void;

/**
 * Stamps events with seq/ts/session and delivers them to subscribers. Handlers run isolated:
 * one that throws (or rejects) is reported through `onHandlerError` and the rest still run.
 */
export class EventBus {
  private seq = 0;
  private readonly handlers = new Map<string, Set<(e: GlassboxEvent) => void | Promise<void>>>();

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
    for (const key of [event.type, '*']) {
      const set = this.handlers.get(key);
      if (!set) continue;
      for (const h of [...set]) {
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

  /** Subscribes to one type, or '*' for all; returns the unsubscribe function. */
  subscribe<T extends EventType | '*'>(type: T, handler: EventHandler<T>): Disposer {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as (e: GlassboxEvent) => void | Promise<void>;
    set.add(h);
    return () => {
      set.delete(h);
    };
  }
}
