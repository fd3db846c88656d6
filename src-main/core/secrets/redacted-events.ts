import { EventBus, type Disposer, type EventHandler } from '../events/event-bus';
import type { EventType, GlassboxEvent } from '../../../src-shared/events/event-types';
import type { SecretRedactor } from './redactor';

/** Anything events can be read from: the bus itself, or its redacted side. */
export interface EventSource {
  subscribe<T extends EventType | '*'>(type: T, handler: EventHandler<T>): Disposer;
}

/**
 * A session's events on their way out of the process — to the session file, the window,
 * `--json` output — with the session's secrets hidden. Each event is redacted once, here, for
 * every reader (copy on write: an event holding no secret is passed on as it is); the readers
 * redact nothing themselves.
 *
 * `message_update` and `thinking_update` deltas pass untouched: the agent redacts them at the
 * source with a StreamRedactor (a key split across two deltas is invisible to a whole-event
 * pass), and only the agent emits them.
 */
export class RedactedEvents implements EventSource {
  private readonly out: EventBus;
  private offBus: Disposer | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly redactor: SecretRedactor,
  ) {
    this.out = new EventBus(bus.session);
  }

  /** Subscribes to one type, or '*' for all, of the redacted events; returns the unsubscribe function. */
  subscribe<T extends EventType | '*'>(type: T, handler: EventHandler<T>): Disposer {
    // One subscription to the bus for every reader, made with the first one.
    this.offBus ??= this.bus.subscribe('*', (e) => this.out.deliver(this.redact(e)));
    return this.out.subscribe(type, handler);
  }

  /** The event as readers outside the process may see it. */
  redact(e: GlassboxEvent): GlassboxEvent {
    if (!this.redactor.active || e.type === 'message_update' || e.type === 'thinking_update') return e;
    return this.redactor.redactValue(e);
  }
}
