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

/**
 * A span that only records: it is its own SpanRecord (handed to the sink as it is when it ends,
 * so a span costs one object and its attributes), and makes its SpanContext only when asked (a
 * child, an MCP request's carrier).
 */
class RecordedSpan implements Span, SpanRecord {
  private ended = false;
  private ctx: SpanContext | undefined;
  parentSpanId?: string;
  parentRemote?: boolean;
  traceState?: string;
  endMs: number;
  events?: Array<{ name: string; attributes?: Attributes; timeMs: number }>;
  status?: SpanStatus;
  /** The parent's TraceState, which a child's context carries on (serialized only for the record). */
  private readonly state: TraceState | undefined;

  constructor(
    public name: string,
    readonly kind: SpanKind,
    readonly traceId: string,
    readonly spanId: string,
    readonly traceFlags: number,
    readonly attributes: Attributes,
    readonly startMs: number,
    parent: SpanContext | undefined,
    private readonly sink: (r: SpanRecord) => void,
  ) {
    this.endMs = startMs;
    this.state = parent?.traceState;
    if (parent) {
      this.parentSpanId = parent.spanId;
      if (parent.isRemote) this.parentRemote = true;
      const state = parent.traceState?.serialize();
      if (state) this.traceState = state;
    }
  }

  spanContext(): SpanContext {
    return (this.ctx ??= { traceId: this.traceId, spanId: this.spanId, traceFlags: this.traceFlags, ...(this.state ? { traceState: this.state } : {}) });
  }

  setAttribute(key: string, value: SpanAttributeValue): this {
    if (!this.ended) this.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    if (!this.ended) Object.assign(this.attributes, attributes);
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const isTime = typeof attributesOrTime === 'number' || attributesOrTime instanceof Date || Array.isArray(attributesOrTime);
    const attributes = isTime ? undefined : (attributesOrTime as Attributes | undefined);
    (this.events ??= []).push({ name, ...(attributes ? { attributes } : {}), timeMs: ms(isTime ? (attributesOrTime as TimeInput) : time) });
    return this;
  }

  addLink(_link: Link): this {
    return this;
  }

  addLinks(_links: Link[]): this {
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (!this.ended) this.status = status;
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    this.ended = true;
    this.endMs = ms(endTime);
    this.sink(this);
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
    return new RecordedSpan(
      name,
      options.kind ?? 0,
      valid ? parent.traceId : this.ids.generateTraceId(),
      this.ids.generateSpanId(),
      valid ? parent.traceFlags : TraceFlags.SAMPLED,
      options.attributes ?? {},
      ms(options.startTime),
      valid ? parent : undefined,
      this.sink,
    );
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
