import { createRequire } from 'node:module';
import type { MeterProvider, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ExportCounters, type ExportCounts } from './export-counters';
import { PinnedTraceIds } from './pinned-trace-ids';
import { SessionSpanStreams } from './session-span-streams';
import { SpanEventWriter } from './span-event-writer';
import { ATTRIBUTE_VALUE_LIMIT } from './span-events';
import { EXIT_FLUSH_MS, type SpanEventStream, type SpanExport, type SpanSessionInit } from './span-export';
import type { OtlpTarget } from './config';

/** Spans waiting to be sent; past this many, new ones are dropped (and counted), never waited for. */
export const MAX_QUEUED_SPANS = 2048;
/** Spans per export request. */
export const EXPORT_BATCH = 256;
/** How long one export request may take (a stalled receiver costs no more than this per batch). */
export const EXPORT_TIMEOUT_MS = 10_000;

/** The instrumentation scope of Glassbox's spans. */
export const TRACER_NAME = 'glassbox';

async function exporterFor(target: OtlpTarget): Promise<SpanExporter> {
  const common = { url: target.url, timeoutMillis: EXPORT_TIMEOUT_MS };
  if (target.protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter({ ...common, headers: target.headers });
  }
  if (target.protocol === 'grpc') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-grpc');
    // gRPC headers are Metadata from the exporter's own grpc-js (resolved from it, so both agree).
    const here = createRequire(import.meta.url);
    const grpc = createRequire(here.resolve('@opentelemetry/exporter-trace-otlp-grpc'))('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
    const metadata = new grpc.Metadata();
    for (const [k, v] of Object.entries(target.headers)) metadata.set(k.toLowerCase(), v);
    const insecure = target.url.startsWith('http:');
    return new OTLPTraceExporter({ ...common, metadata, ...(insecure ? { credentials: grpc.credentials.createInsecure() } : {}) });
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter({ ...common, headers: target.headers });
}

/**
 * One OTLP export pipeline: a tracer provider with the service's resource, a batch span
 * processor with a bounded queue (full: new spans are dropped and counted, the agent never
 * waits), and the official OTLP exporter of the protocol (its own retries with backoff).
 * No global registration and no context manager: spans get their parents explicitly, so
 * nothing turns on async hooks for the whole process.
 *
 * It runs in the export worker (worker-span-export.ts), which feeds its tracer from the
 * sessions' streams; used directly it is the export on the calling thread (a recorded session's
 * export, or when no worker can start), its streams making spans as events arrive.
 */
export class OtlpPipeline implements SpanExport {
  readonly thread = 'main';
  private readonly streams: SessionSpanStreams;
  private nextSession = 1;

  private constructor(
    /** The SDK's tracer (spans get the ids `ids` pins). */
    readonly sdkTracer: Tracer,
    /** Lets a span take the ids it was given (a root its session's trace id). */
    readonly ids: PinnedTraceIds,
    private readonly counters: ExportCounters,
    private readonly provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> },
    /** Where spans go (for logs: the URL, never the headers). */
    readonly target: OtlpTarget,
  ) {
    this.streams = new SessionSpanStreams(sdkTracer, ids);
  }

  /** A session's stream, its spans made on this thread as each event is appended. */
  openSession(init: SpanSessionInit): SpanEventStream {
    const session = this.nextSession++;
    const streams = this.streams;
    streams.open(session, init);
    let closed = false;
    // Small: each event is read back at once, and its buffer reused.
    const writer = new SpanEventWriter(64);
    const stream: SpanEventStream = {
      writer,
      admit: () => !closed,
      wrote: () => stream.post(),
      post: () => {
        if (writer.length) streams.take(session, writer.take(true));
      },
      close: (ts) => {
        if (closed) return;
        stream.post();
        closed = true;
        streams.close(session, ts);
      },
    };
    return stream;
  }

  /** Builds the pipeline for a target (the exporter packages load only now). */
  static async open(target: OtlpTarget, opts: { scheduledDelayMs?: number; maxQueuedSpans?: number } = {}): Promise<OtlpPipeline> {
    const [{ BasicTracerProvider, BatchSpanProcessor }, { resourceFromAttributes }] = await Promise.all([import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/resources')]);
    const exporter = await exporterFor(target);
    const counters = new ExportCounters();
    const ids = new PinnedTraceIds();
    const queue = opts.maxQueuedSpans ?? target.maxQueueSize ?? MAX_QUEUED_SPANS;
    // `selfObsMeterProvider` is how the SDK reports its own drops (an option its BufferConfig type does not list yet).
    const processorConfig: { maxQueueSize: number; maxExportBatchSize: number; scheduledDelayMillis: number; exportTimeoutMillis: number; selfObsMeterProvider: MeterProvider } = {
      maxQueueSize: queue,
      maxExportBatchSize: Math.min(EXPORT_BATCH, queue),
      scheduledDelayMillis: opts.scheduledDelayMs ?? 1000,
      exportTimeoutMillis: EXPORT_TIMEOUT_MS,
      selfObsMeterProvider: counters,
    };
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ ...target.resourceAttributes, 'service.name': target.serviceName }),
      idGenerator: ids,
      spanLimits: { attributeValueLengthLimit: ATTRIBUTE_VALUE_LIMIT },
      spanProcessors: [new BatchSpanProcessor(exporter, processorConfig)],
    });
    // The batch processor's flush sends only the spans it still holds: a batch its timer already
    // handed to the exporter may still be on its way (a slow collector, a loaded machine), and a
    // process exiting then lost it (a run's every span, once). The exporter's flush waits for those.
    const sending = { forceFlush: () => provider.forceFlush().then(() => exporter.forceFlush?.()), shutdown: () => provider.shutdown() };
    return new OtlpPipeline(provider.getTracer(TRACER_NAME), ids, counters, sending, target);
  }

  /** Spans exported, dropped (queue full) and failed so far. */
  counts(): ExportCounts {
    return { ...this.counters.counts };
  }

  /** Sends what is queued; resolves false when it took longer than `timeoutMs` (the rest is left behind). */
  async flush(timeoutMs = EXIT_FLUSH_MS): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((r) => {
      timer = setTimeout(() => r(false), timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([this.provider.forceFlush().then(() => true as const, () => false as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Flushes (bounded) and stops the exporter. */
  async shutdown(timeoutMs = EXIT_FLUSH_MS): Promise<void> {
    await this.flush(timeoutMs);
    await Promise.race([this.provider.shutdown().catch(() => undefined), new Promise((r) => setTimeout(r, 200).unref())]);
  }
}
