import { ROOT_CONTEXT, trace, type Tracer } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { RandomIdGenerator, type IdGenerator } from '@opentelemetry/sdk-trace-base';
import type { SpanRecord } from './span-record';

/** Ids for the SDK that are the recorded span's own while it is replayed (random otherwise). */
export class ReplayIds implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  private traceId: string | null = null;
  private spanId: string | null = null;

  /** Runs `start` with the next span's ids being these. */
  with<T>(traceId: string, spanId: string, start: () => T): T {
    this.traceId = traceId;
    this.spanId = spanId;
    try {
      return start();
    } finally {
      this.traceId = null;
      this.spanId = null;
    }
  }

  generateTraceId(): string {
    return this.traceId ?? this.random.generateTraceId();
  }

  generateSpanId(): string {
    return this.spanId ?? this.random.generateSpanId();
  }
}

/**
 * Turns recorded spans into SDK spans — same ids, parents, times, attributes, events and status
 * — so the SDK's sampler, span limits, batch processor and exporter do the rest. A child of a
 * parent that was not sampled is not recorded, as the SDK decides.
 */
export function replaySpans(tracer: Tracer, ids: ReplayIds, records: readonly SpanRecord[]): void {
  for (const r of records) {
    const parent = r.parentSpanId
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: r.traceId,
          spanId: r.parentSpanId,
          traceFlags: r.traceFlags,
          ...(r.parentRemote ? { isRemote: true } : {}),
          ...(r.traceState ? { traceState: new TraceState(r.traceState) } : {}),
        })
      : ROOT_CONTEXT;
    const span = ids.with(r.traceId, r.spanId, () => tracer.startSpan(r.name, { kind: r.kind, attributes: r.attributes, startTime: r.startMs }, parent));
    for (const ev of r.events ?? []) span.addEvent(ev.name, ev.attributes ?? {}, ev.timeMs);
    if (r.status) span.setStatus(r.status);
    span.end(r.endMs);
  }
}
