import {
  INVALID_SPANID,
  INVALID_TRACEID,
  TraceFlags,
  context as contextApi,
  trace,
  type Attributes,
  type Context,
  type Exception,
  type Link,
  type Span,
  type SpanAttributeValue,
  type SpanContext,
  type SpanKind,
  type SpanOptions,
  type SpanStatus,
  type TimeInput,
  type Tracer,
  type TraceState,
} from '@opentelemetry/api';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

/**
 * A finished span as plain data (structured-cloneable): what the agent's thread makes and the
 * export side turns into an SDK span (span-replay.ts) with these very ids and times.
 */
export interface SpanRecord {
  name: string;
  kind: SpanKind;
  traceId: string;
  spanId: string;
  /** The W3C trace flags (sampled or not), the parent's for a child span. */
  traceFlags: number;
  /** The parent's span id (absent for a root span) and whether it is another process's. */
  parentSpanId?: string;
  parentRemote?: boolean;
  /** The parent's `tracestate`, serialized. */
  traceState?: string;
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events?: Array<{ name: string; attributes?: Attributes; timeMs: number }>;
  status?: SpanStatus;
}

/** The longest attribute value (content is cut there; backends refuse larger ones). */
export const ATTRIBUTE_VALUE_LIMIT = 64 * 1024;

function ms(t: TimeInput | undefined): number {
  if (t === undefined) return Date.now();
  if (typeof t === 'number') return t;
  if (t instanceof Date) return t.getTime();
  return t[0] * 1000 + t[1] / 1e6;
}

function cut(attributes: Attributes): Attributes {
  for (const k in attributes) {
    const v = attributes[k];
    if (typeof v === 'string' && v.length > ATTRIBUTE_VALUE_LIMIT) attributes[k] = v.slice(0, ATTRIBUTE_VALUE_LIMIT);
  }
  return attributes;
}

/** A span that only records: its fields become a SpanRecord when it ends. */
class RecordedSpan implements Span {
  private ended = false;
  private readonly record: SpanRecord;

  constructor(
    private readonly ctx: SpanContext,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    startMs: number,
    parent: SpanContext | undefined,
    private readonly sink: (r: SpanRecord) => void,
  ) {
    this.record = { name, kind, traceId: ctx.traceId, spanId: ctx.spanId, traceFlags: ctx.traceFlags, startMs, endMs: startMs, attributes };
    if (parent) {
      this.record.parentSpanId = parent.spanId;
      if (parent.isRemote) this.record.parentRemote = true;
      const state = parent.traceState?.serialize();
      if (state) this.record.traceState = state;
    }
  }

  spanContext(): SpanContext {
    return this.ctx;
  }

  setAttribute(key: string, value: SpanAttributeValue): this {
    if (!this.ended) this.record.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    if (!this.ended) Object.assign(this.record.attributes, attributes);
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const isTime = typeof attributesOrTime === 'number' || attributesOrTime instanceof Date || Array.isArray(attributesOrTime);
    const attributes = isTime ? undefined : (attributesOrTime as Attributes | undefined);
    (this.record.events ??= []).push({ name, ...(attributes ? { attributes } : {}), timeMs: ms(isTime ? (attributesOrTime as TimeInput) : time) });
    return this;
  }

  addLink(_link: Link): this {
    return this;
  }

  addLinks(_links: Link[]): this {
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (!this.ended) this.record.status = status;
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.record.name = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    this.ended = true;
    this.record.endMs = ms(endTime);
    cut(this.record.attributes);
    this.sink(this.record);
  }

  isRecording(): boolean {
    return !this.ended;
  }

  recordException(exception: Exception, time?: TimeInput): void {
    const message = typeof exception === 'string' ? exception : (exception.message ?? '');
    this.addEvent('exception', { 'exception.message': message }, time);
  }
}

/**
 * A tracer for the agent's thread that only records: a span is a plain object with its ids (from
 * `ids`, so a root span can take its session's trace id) and becomes a SpanRecord handed to
 * `sink` when it ends. No sampling, limits, processors or encoding here: the export side does
 * all that with the SDK, off the agent's path. A child keeps its parent's trace flags and
 * `tracestate`, so what an MCP request carries is what the SDK would have carried.
 */
export class RecordingTracer implements Tracer {
  constructor(
    private readonly ids: IdGenerator,
    private readonly sink: (r: SpanRecord) => void,
  ) {}

  startSpan(name: string, options: SpanOptions = {}, ctx: Context = contextApi.active()): Span {
    const parent = options.root ? undefined : trace.getSpanContext(ctx);
    // Parents are this tracer's spans or contexts a carrier was checked into (trace-carrier.ts):
    // only the invalid (all-zero) context is left to tell apart.
    const valid = parent !== undefined && parent.traceId !== INVALID_TRACEID && parent.spanId !== INVALID_SPANID;
    const spanContext: SpanContext = {
      traceId: valid ? parent.traceId : this.ids.generateTraceId(),
      spanId: this.ids.generateSpanId(),
      traceFlags: valid ? parent.traceFlags : TraceFlags.SAMPLED,
      ...(valid && parent.traceState ? { traceState: parent.traceState as TraceState } : {}),
    };
    return new RecordedSpan(spanContext, name, options.kind ?? 0, options.attributes ?? {}, ms(options.startTime), valid ? parent : undefined, this.sink);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: unknown[]): ReturnType<F> {
    const fn = rest.at(-1) as F;
    const options = (rest.length > 1 ? rest[0] : undefined) as SpanOptions | undefined;
    const ctx = (rest.length > 2 ? rest[1] : undefined) as Context | undefined;
    const parentCtx = ctx ?? contextApi.active();
    const span = this.startSpan(name, options, parentCtx);
    return contextApi.with(trace.setSpan(parentCtx, span), fn as (s: Span) => ReturnType<F>, undefined, span);
  }
}
