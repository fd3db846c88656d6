import type { ExportCounts } from './export-counters';
import type { SpanEventSink } from './span-event-writer';
import type { TraceCarrier } from './trace-carrier';
import type { OtlpTarget } from './config';

/** How long `glassbox run` waits at exit for the last spans to leave. */
export const EXIT_FLUSH_MS = 5_000;

/** What the export side needs to make a session's spans. */
export interface SpanSessionInit {
  /** The session's trace (runs are roots there when no parent is given). */
  traceId: string;
  sessionId: string;
  /** The parent of the session's runs (`TRACEPARENT`), as it would travel. */
  parent?: TraceCarrier;
}

/** A session's span events on their way to the export side, where its spans are made (EventSpans). */
export interface SpanEventStream extends SpanEventSink {
  /** Hands over what was appended now (it is also handed over in batches, and by a flush). */
  post(): void;
  /** Ends the session's spans still open, at `ts`, and closes the stream. */
  close(ts: number): void;
}

/**
 * Where a session's spans go: the export that makes, encodes and sends them (in a worker thread,
 * or on this thread when none could start). The agent's thread only appends each session's span
 * events to its stream (EventProjector).
 */
export interface SpanExport {
  /** Opens a session's stream. */
  openSession(init: SpanSessionInit): SpanEventStream;
  /** Where spans go (for logs: the URL, never the headers). */
  readonly target: OtlpTarget;
  /** Where spans are built, encoded and sent: a worker thread, or the agent's own thread. */
  readonly thread: 'worker' | 'main';
  /** Spans exported, dropped (queue full) and failed so far. */
  counts(): ExportCounts;
  /** Sends what is queued; resolves false when it took longer than `timeoutMs` (the rest is left behind). */
  flush(timeoutMs?: number): Promise<boolean>;
  /** Flushes (bounded) and stops. */
  shutdown(timeoutMs?: number): Promise<void>;
}

/** One export per target in this process (sessions of a window share it). */
const open = new Map<string, Promise<SpanExport>>();

/**
 * The process's export for a target, opened on first use: in a worker thread, so span building,
 * OTLP encoding and sending never take the agent's thread; on this thread when no worker can
 * start (the exporter packages load only now, either way).
 */
export function spanExportFor(target: OtlpTarget): Promise<SpanExport> {
  const key = JSON.stringify([target.protocol, target.url, target.headers, target.serviceName, target.resourceAttributes, target.maxQueueSize]);
  let p = open.get(key);
  if (!p) {
    p = (async () => {
      const { WorkerSpanExport } = await import('./worker-span-export');
      try {
        return await WorkerSpanExport.start(target);
      } catch {
        const { OtlpPipeline } = await import('./otlp-pipeline');
        return OtlpPipeline.open(target);
      }
    })();
    open.set(key, p);
    p.catch(() => open.delete(key));
  }
  return p;
}
