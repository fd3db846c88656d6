import type { Tracer } from '@opentelemetry/api';
import { EventSpans } from './event-spans';
import type { PinnedTraceIds } from './pinned-trace-ids';
import type { SpanSessionInit } from './span-export';
import { readSpanEvents, type SpanEventWire } from './span-events';
import { contextFromCarrier } from './trace-carrier';

/**
 * The export side of the sessions' streams: one EventSpans per open session, making SDK spans
 * (with the SDK tracer of the export: sampler, span limits, batch processor, exporter) from the
 * span events each session sends. Lives in the export worker, or beside the export on the
 * calling thread.
 */
export class SessionSpanStreams {
  private readonly sessions = new Map<number, EventSpans>();

  constructor(
    private readonly tracer: Tracer,
    private readonly ids: PinnedTraceIds,
  ) {}

  /** A session's stream opens. */
  open(session: number, init: SpanSessionInit): void {
    const parent = contextFromCarrier(init.parent);
    this.sessions.set(session, new EventSpans({ tracer: this.tracer, ids: this.ids, traceId: init.traceId, sessionId: init.sessionId, ...(parent ? { parent } : {}) }));
  }

  /** A batch of a session's span events; returns how many spans it started. */
  take(session: number, wire: SpanEventWire): number {
    const spans = this.sessions.get(session);
    if (!spans) return 0;
    const before = spans.started;
    for (const e of readSpanEvents(wire)) spans.handle(e);
    return spans.started - before;
  }

  /** A session's stream closes: its open spans end at `ts`. */
  close(session: number, ts: number): void {
    this.sessions.get(session)?.dispose(ts);
    this.sessions.delete(session);
  }
}
