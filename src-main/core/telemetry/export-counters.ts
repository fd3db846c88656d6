import { createNoopMeter, type Attributes, type Counter, type Meter, type MeterProvider } from '@opentelemetry/api';

/** The SDK's self-observability counter of processed spans (`error.type` says how each ended). */
const PROCESSED = 'otel.sdk.processor.span.processed';

/** How many spans left, were dropped because the queue was full, or failed to export. */
export interface ExportCounts {
  /** Spans the receiver accepted. */
  exported: number;
  /** Spans dropped because the bounded queue was full (the receiver was down or slow). */
  dropped: number;
  /** Spans whose export failed after the exporter's retries. */
  failed: number;
}

/**
 * A meter provider that only counts what the batch span processor reports about itself
 * (`selfObsMeterProvider`): the SDK's own numbers of exported, dropped and failed spans,
 * without a metrics pipeline. Every other instrument is a no-op.
 */
export class ExportCounters implements MeterProvider {
  readonly counts: ExportCounts = { exported: 0, dropped: 0, failed: 0 };
  private readonly meter: Meter;

  constructor() {
    const noop = createNoopMeter();
    const counts = this.counts;
    const processed: Counter = {
      add(value: number, attributes?: Attributes) {
        const error = attributes?.['error.type'];
        if (error === undefined) counts.exported += value;
        else if (error === 'queue_full') counts.dropped += value;
        else counts.failed += value;
      },
    };
    this.meter = new Proxy(noop, {
      get(target, prop, receiver) {
        if (prop === 'createCounter') return (name: string, options?: unknown) => (name === PROCESSED ? processed : target.createCounter(name, options as never));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  }

  /** The meter (one for every name: only the processor asks). */
  getMeter(): Meter {
    return this.meter;
  }
}
