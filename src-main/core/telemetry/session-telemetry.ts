import { trace, type Context } from '@opentelemetry/api';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { EventSource } from '../secrets/redacted-events';
import { EventProjector } from './event-projector';
import { keepShape } from './kept-shapes';
import { SPAN_EVENT_TYPES, type SpanMakingEvent } from './span-making-events';
import type { ExportCounts } from './export-counters';
import { EXIT_FLUSH_MS, spanExportFor, type SpanEventStream, type SpanExport } from './span-export';
import type { McpServerFacts } from './span-events';
import { traceIdForSession } from './pinned-trace-ids';
import { carrierOf, contextFromCarrier, type TraceCarrier } from './trace-carrier';
import type { TelemetrySettings } from './config';

/** How often at most a growing drop count is reported as a warning. */
const DROP_REPORT_EVERY_MS = 10_000;
/** How often at most the drop count is looked at during a run. */
const DROP_CHECK_EVERY_MS = 1_000;
/**
 * Span-making events wait in a queue on the agent's thread until this many have come, or
 * QUEUE_MS after the first, and are then projected together: the tracing code runs a few
 * hundred events at a time with its code and data in the CPU's caches, where projected one at
 * a time, between the agent's own work, it ran cold and cost three times as much (bench/otel.mjs).
 */
const QUEUE_AT = 256;
const QUEUE_MS = 50;

/** What the window and `glassbox run` show about a session's tracing. */
export interface TelemetryStatus {
  /** True when spans are being exported. */
  exporting: boolean;
  /** The collector URL (never its headers), when exporting. */
  endpoint?: string;
  protocol?: string;
  /** The trace the session's runs land in (its own, or the `TRACEPARENT` job's). */
  traceId: string;
  /** `telemetry.traceUrl` with the trace id filled in. */
  traceUrl?: string;
  /** Spans exported, dropped (queue full) and failed so far, by this process. */
  counts: ExportCounts;
  /** Where spans are built and sent, when exporting: a worker thread, or the agent's thread. */
  exportThread?: 'worker' | 'main';
}

/** What a session's telemetry needs. */
export interface SessionTelemetryOptions {
  settings: TelemetrySettings;
  sessionId: string;
  /** The session's events as they leave the process (secrets hidden): what content capture may show. */
  events: EventSource;
  /** The parent of the session's runs (`TRACEPARENT` of `glassbox run`). */
  parent?: Context;
  /**
   * The trace an earlier run of this (resumed) session continued, as its file recorded it: the
   * session's trace is that one, and runs without a parent of their own start there.
   */
  recorded?: TraceCarrier;
  /** Facts about an MCP server of the session now. */
  mcpServer?: (id: string) => McpServerFacts | undefined;
  /** Warnings (export could not start, spans dropped) for the session's log. */
  warn: (message: string) => void;
  /** The export to use instead of the process's one for the target (benchmarks compare them). */
  spanExport?: () => Promise<SpanExport>;
}

/**
 * A session's OpenTelemetry side, kept out of the classes it observes: it subscribes to the
 * session's redacted events and hands each that makes a span to the export as a few values
 * (EventProjector; the spans are made on the export side, in its worker), hands out the trace
 * context an MCP request carries, takes the caller's context of a call `glassbox mcp serve`
 * answers, and reports what the export does. With export off it still knows the session's
 * trace id.
 */
export class SessionTelemetry {
  /** The trace the session's runs land in. */
  readonly traceId: string;
  /**
   * The trace context the runs continue (`TRACEPARENT`, checked and rewritten in canonical
   * form; baggage left out), which each run records on its `agent_start`.
   */
  readonly continues: { traceparent: string; tracestate?: string } | undefined;
  private pipeline: SpanExport | null = null;
  private stream: SpanEventStream | null = null;
  private spans: EventProjector | null = null;
  private readonly callParents = new Map<string, Context>();
  private readonly off: () => void;
  /** Events not projected yet (QUEUE_AT); whatever reads the projection drains it first. */
  private queue: SpanMakingEvent[] = [];
  private queueTimer: NodeJS.Timeout | null = null;
  private readonly drainLater = (): void => {
    this.queueTimer = null;
    this.drain();
  };
  private reportedDrops = 0;
  // Times (ms since the epoch) are doubles from the start: one number representation (kept-shapes.ts).
  private lastDropReport = -Infinity;
  private lastDropCheck = -Infinity;

  constructor(private readonly opts: SessionTelemetryOptions) {
    const parentTrace = opts.parent ? trace.getSpanContext(opts.parent)?.traceId : undefined;
    const recordedTrace = opts.recorded ? contextFromCarrier(opts.recorded) : undefined;
    this.traceId = parentTrace ?? (recordedTrace && trace.getSpanContext(recordedTrace)?.traceId) ?? traceIdForSession(opts.sessionId);
    const given = opts.parent ? carrierOf(opts.parent) : undefined;
    this.continues = given ? { traceparent: given.traceparent, ...(given.tracestate ? { tracestate: given.tracestate } : {}) } : undefined;
    // Only the types that make spans: the session's other events (messages, deltas, logs) never reach tracing.
    if (opts.settings.otlp) {
      const handle = (e: SpanMakingEvent): void => this.handle(e);
      const offs = SPAN_EVENT_TYPES.map((type) => opts.events.subscribe(type, handle as (e: GlassboxEvent) => void));
      this.off = () => offs.forEach((off) => off());
    } else this.off = () => undefined;
  }

  /** Opens the export (when on). A failure is a warning and leaves export off: the session goes on. */
  async ready(): Promise<void> {
    const target = this.opts.settings.otlp;
    if (!target || this.pipeline) return;
    try {
      this.pipeline = await (this.opts.spanExport?.() ?? spanExportFor(target));
    } catch (err) {
      this.opts.warn(`OpenTelemetry export to ${target.url} could not start: ${(err as Error).message}`);
      return;
    }
    const parent = this.opts.parent ? carrierOf(this.opts.parent) : undefined;
    this.stream = this.pipeline.openSession({ traceId: this.traceId, sessionId: this.opts.sessionId, ...(parent ? { parent } : {}) });
    this.spans = new EventProjector(this.stream, {
      traceId: this.traceId,
      ...(this.opts.parent ? { parent: this.opts.parent } : {}),
      captureContent: this.opts.settings.captureContent,
      ...(this.opts.mcpServer ? { mcpServer: this.opts.mcpServer } : {}),
      callParent: (callId) => this.callParents.get(callId),
    });
  }

  /** True when spans are exported. */
  get exporting(): boolean {
    return this.pipeline !== null;
  }

  /**
   * The trace context an MCP request carries in `params._meta`: the tool call's span for a
   * request made for a call, the running run's otherwise; undefined when not exporting.
   */
  carrier(callId?: string): TraceCarrier | undefined {
    this.drain();
    return this.spans?.carrier(callId);
  }

  /**
   * A call `glassbox mcp serve` is about to run continues the caller's trace (`_meta`'s
   * `traceparent`, `tracestate`, `baggage`); returns the function that forgets it.
   */
  continueCall(callId: string, meta: unknown): () => void {
    const ctx = this.spans ? contextFromCarrier(meta as Record<string, unknown> | undefined) : undefined;
    if (!ctx) return () => undefined;
    this.callParents.set(callId, ctx);
    // The call's start is projected (it reads its parent) before the parent is forgotten.
    return () => {
      this.drain();
      this.callParents.delete(callId);
    };
  }

  /**
   * A resource read or prompt `glassbox mcp serve` answers: a server span (`resources/read`,
   * `prompts/get {name}`) around `answer`, a child of the caller's span when the request's
   * `_meta` names one, else in the session's trace. Without export, just `answer`.
   */
  async served<T>(method: 'resources/read' | 'prompts/get', target: string, meta: unknown, answer: () => Promise<T>): Promise<T> {
    const spans = this.spans;
    if (!spans) return answer();
    this.drain();
    const end = spans.served(method, target, contextFromCarrier(meta as Record<string, unknown> | undefined), Date.now());
    try {
      const out = await answer();
      end(Date.now());
      return out;
    } catch (err) {
      end(Date.now(), err instanceof Error && err.name !== 'Error' ? err.name : 'error', (err as Error).message);
      throw err;
    }
  }

  /** What the window shows. */
  status(): TelemetryStatus {
    const target = this.pipeline?.target;
    const traceUrl = this.opts.settings.traceUrl?.replaceAll('{traceId}', this.traceId);
    return {
      exporting: this.exporting,
      ...(target && this.pipeline ? { endpoint: target.url, protocol: target.protocol, exportThread: this.pipeline.thread } : {}),
      traceId: this.traceId,
      ...(traceUrl ? { traceUrl } : {}),
      counts: this.pipeline?.counts() ?? { exported: 0, dropped: 0, failed: 0 },
    };
  }

  /** Sends what is queued, waiting at most `timeoutMs`; false when some was left behind. */
  async flush(timeoutMs = EXIT_FLUSH_MS): Promise<boolean> {
    this.drain();
    return this.pipeline ? this.pipeline.flush(timeoutMs) : true;
  }

  /**
   * Ends open spans and flushes, waiting at most `OTEL_BSP_EXPORT_TIMEOUT` (5 s unless set) and
   * warning when spans were left unsent; the process's pipeline stays for other sessions.
   */
  async dispose(timeoutMs = this.opts.settings.otlp?.exitFlushMs ?? EXIT_FLUSH_MS): Promise<void> {
    this.off();
    this.drain();
    this.spans?.closeAll();
    this.spans = null;
    this.stream?.close(Date.now());
    this.stream = null;
    const sent = await this.flush(timeoutMs);
    if (!sent) this.opts.warn(`OpenTelemetry: spans still unsent after ${timeoutMs} ms were left behind (the collector at ${this.pipeline?.target.url ?? ''} is slow or not reachable; OTEL_BSP_EXPORT_TIMEOUT sets how long the end of a session waits)`);
    this.reportDrops(true);
  }

  private handle(e: SpanMakingEvent): void {
    if (!this.spans) return;
    const queued = this.queue.push(e);
    if (queued >= QUEUE_AT) this.drain();
    else if (queued === 1) {
      this.queueTimer = setTimeout(this.drainLater, QUEUE_MS);
      this.queueTimer.unref();
    }
  }

  /** Projects the queued events, in order. */
  private drain(): void {
    if (this.queueTimer) clearTimeout(this.queueTimer);
    this.queueTimer = null;
    const spans = this.spans;
    const queue = this.queue;
    if (!spans || queue.length === 0) return;
    this.queue = [];
    let turnEnded = false;
    for (const e of queue) {
      try {
        spans.handle(e);
      } catch (err) {
        // As the bus isolates a handler: one event that cannot be traced loses its span, nothing else.
        this.opts.warn(`OpenTelemetry: a ${e.type} event could not be traced: ${(err as Error).message}`);
      }
      if (e.type === 'turn_end' || e.type === 'agent_end') turnEnded = true;
    }
    // Drops are looked at once a turn's spans were asked for (at most once a second).
    if (turnEnded) this.reportDrops(false);
  }

  /** A warning when spans were dropped since the last one (at most every 10 s, and at the end). */
  private reportDrops(final: boolean): void {
    const now = Date.now();
    // The counts are looked at once a second at most during a run (not every turn).
    if (!final && now - this.lastDropCheck < DROP_CHECK_EVERY_MS) return;
    this.lastDropCheck = now;
    const dropped = this.pipeline?.counts().dropped ?? 0;
    if (dropped <= this.reportedDrops) return;
    if (!final && now - this.lastDropReport < DROP_REPORT_EVERY_MS) return;
    this.lastDropReport = now;
    const more = dropped - this.reportedDrops;
    this.reportedDrops = dropped;
    const url = this.pipeline?.target.url ?? '';
    // Not from inside the bus's delivery of the event being handled.
    setImmediate(() => this.opts.warn(`OpenTelemetry: ${more} span(s) dropped (${dropped} in all): the collector at ${url} is not keeping up or not reachable; the agent did not wait for it`));
  }
}

// The shape the event handler is optimized for outlives every session (kept-shapes.ts).
keepShape(new SessionTelemetry({ settings: { otlp: null, captureContent: false }, sessionId: 'kept-shape', events: { subscribe: () => () => undefined }, warn: () => undefined }));
