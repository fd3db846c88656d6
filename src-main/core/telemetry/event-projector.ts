import { ROOT_CONTEXT, TraceFlags, trace, type Context, type TraceState } from '@opentelemetry/api';
import type { EventType, GlassboxEvent } from '../../../src-shared/events/event-types';
import { messagesJson, outputJson } from './genai-messages';
import { randomIdWord } from './pinned-trace-ids';
import { ATTRIBUTE_VALUE_LIMIT, OP, spanIdHex, type McpServerFacts } from './span-events';
import type { SpanEventWriter } from './span-event-writer';
import { carrierOf, contextFromCarrier, type TraceCarrier } from './trace-carrier';

/**
 * The event types that make or change a span: the only ones the projector is given (a session
 * subscribes to these, so the rest of its events cost tracing nothing).
 */
export const SPAN_EVENT_TYPES = [
  'agent_start', 'agent_end', 'model_request', 'model_retry', 'model_response', 'model_error', 'turn_end', 'tool_execution_start', 'mcp_traffic',
  'tool_execution_end', 'approval_requested', 'approval_resolved', 'human_input_requested', 'human_input_resolved', 'compaction_end', 'mcp_server_status',
] as const satisfies readonly EventType[];

/** An event that makes or changes a span. */
export type SpanMakingEvent = Extract<GlassboxEvent, { type: (typeof SPAN_EVENT_TYPES)[number] }>;

type Ev<T extends SpanMakingEvent['type']> = Extract<SpanMakingEvent, { type: T }>;

const MAKES_SPANS: ReadonlySet<string> = new Set(SPAN_EVENT_TYPES);

/** True for the events the projector takes. */
export function makesSpans(e: GlassboxEvent): e is SpanMakingEvent {
  return MAKES_SPANS.has(e.type);
}

/** Where projected events go: a session's stream into the export (span-export.ts). */
export interface SpanEventSink {
  /** The batch being filled: events are written to it. */
  readonly writer: SpanEventWriter;
  /** True when one more span may start (the export's bound); false: drop it (counted by the sink). */
  admit(): boolean;
  /** `starts` spans were started by what was written since the last call. */
  wrote(starts: number): void;
}

/** What the projector needs. */
export interface EventProjectorOptions {
  /** The session's trace (runs are roots there when no parent is given). */
  traceId: string;
  /** The parent of the runs (`TRACEPARENT`). */
  parent?: Context;
  captureContent: boolean;
  /** Facts about an MCP server now (live); without it, none. */
  mcpServer?: (id: string) => McpServerFacts | undefined;
  /** A caller's context a tool call continues (`glassbox mcp serve`: from the request's `_meta`). */
  callParent?: (callId: string) => Context | undefined;
}

/**
 * The span ids an open run or tool call has, kept on the agent's thread for carriers: the span
 * id as two 32-bit numbers (its hex made only when a carrier needs it).
 */
interface OpenIds {
  traceId: string;
  hi: number;
  lo: number;
  flags: number;
  state: TraceState | undefined;
  /** The context the span lives in (its baggage goes out with a carrier). */
  base: Context;
  /** Its start was dropped (the export's bound): its later events are dropped too. */
  dropped: boolean;
}

/** A fresh open span's ids under `base` (its trace, flags and state), else a root of `traceId`. */
function idsUnder(base: Context, traceId: string): OpenIds {
  const p = trace.getSpanContext(base);
  const hi = randomIdWord();
  // A span id is never all zeros (1 in 2^64: the low half is drawn until it is not).
  let lo = randomIdWord();
  while (hi === 0 && lo === 0) lo = randomIdWord();
  return p
    ? { traceId: p.traceId, hi, lo, flags: p.traceFlags, state: p.traceState, base, dropped: false }
    : { traceId, hi, lo, flags: TraceFlags.SAMPLED, state: undefined, base: ROOT_CONTEXT, dropped: false };
}

/** Content as sent: cut at the attribute limit here, so no more than that leaves the thread. */
function cut(s: string): string {
  return s.length > ATTRIBUTE_VALUE_LIMIT ? s.slice(0, ATTRIBUTE_VALUE_LIMIT) : s;
}

function json(value: unknown): string {
  return cut(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** Stop reasons of both wire formats as the conventions' finish reasons. */
export function finishReason(stop: unknown): string | undefined {
  if (typeof stop !== 'string' || !stop) return undefined;
  if (stop === 'tool_calls' || stop === 'tool_use' || stop === 'function_call') return 'tool_call';
  if (stop === 'end_turn' || stop === 'stop_sequence') return 'stop';
  if (stop === 'max_tokens') return 'length';
  return stop;
}

/**
 * The agent thread's side of tracing: each event that makes or changes a span is written to the
 * session's stream as a few slots (span-events.ts, SpanEventWriter) — no span objects,
 * attributes or contexts are made here; EventSpans makes the spans on the export side. What
 * stays here is what a request leaving the process needs at once: the span ids of the running
 * run and of each running tool call (drawn here, sent with their start), from which `carrier`
 * makes an MCP request's `_meta`. Content (with capture on) becomes JSON here, from the redacted
 * event, before anything leaves.
 */
export class EventProjector {
  private run: OpenIds | null = null;
  private readonly tools = new Map<string, OpenIds>();
  private chatOpen = false;
  /** Approval and human-input spans whose start was dropped (the export's bound). */
  private readonly droppedRequests = new Set<string>();
  private chatDropped = false;
  private nextServed = 1;
  /** Spans started so far (the export side makes one of each). */
  started = 0;

  constructor(
    private readonly sink: SpanEventSink,
    private readonly opts: EventProjectorOptions,
  ) {}

  /** The carrier for a tool call's requests (its span), else the running run's; undefined outside both. */
  carrier(callId?: string): TraceCarrier | undefined {
    const open = (callId !== undefined ? this.tools.get(callId) : undefined) ?? this.run;
    if (!open) return undefined;
    const spanContext = { traceId: open.traceId, spanId: spanIdHex(open.hi, open.lo), traceFlags: open.flags, ...(open.state ? { traceState: open.state } : {}) };
    return carrierOf(trace.setSpanContext(open.base, spanContext));
  }

  /**
   * Takes one (redacted) event of the types that make spans (SPAN_EVENT_TYPES). Each type has a
   * small method of its own: small functions are optimized early by V8, where one large switch
   * stayed in its baseline tier through hundreds of agent steps.
   */
  handle(e: SpanMakingEvent): void {
    switch (e.type) {
      case 'agent_start':
        return this.runStart(e);
      case 'agent_end':
        return this.runEnd(e);
      case 'model_request':
        return this.chatStart(e);
      case 'model_retry':
        return this.chatRetry(e);
      case 'model_response':
        return this.chatEnd(e);
      case 'model_error':
        return this.chatError(e);
      case 'turn_end':
        return this.turnEnd(e);
      case 'tool_execution_start':
        return this.startTool(e);
      case 'mcp_traffic':
        return this.toolTraffic(e);
      case 'tool_execution_end':
        return this.toolEnd(e);
      case 'approval_requested':
        return this.approvalStart(e);
      case 'approval_resolved':
        return this.approvalEnd(e);
      case 'human_input_requested':
        return this.waitStart(e);
      case 'human_input_resolved':
        return this.waitEnd(e);
      case 'compaction_end':
        return this.compaction(e);
      case 'mcp_server_status':
        return this.mcpStatus(e);
      default: {
        // Every type of SPAN_EVENT_TYPES has its case above (a type added there without one fails to compile).
        const unhandled: never = e;
        return unhandled;
      }
    }
  }

  private runStart(e: Ev<'agent_start'>): void {
    const content = this.opts.captureContent;
    // A recorded run that continued a job's trace (exported after the fact) is that job's child again.
    const continues = this.opts.parent || e.traceparent === undefined ? undefined : contextFromCarrier(e);
    this.closeAll();
    const open = idsUnder(this.opts.parent ?? continues ?? ROOT_CONTEXT, this.opts.traceId);
    // Carriers name the run even when its span is dropped (the export's bound).
    this.run = open;
    if (!this.sink.admit()) return;
    const w = this.writer(7);
    w.num(OP.runStart);
    w.num(e.ts);
    w.text(open.traceId);
    w.id(open.hi, open.lo);
    w.ref(continues ? carrierOf(continues) : undefined);
    w.ref(content ? json(messagesJson([{ role: 'user', content: e.task }])) : undefined);
    return this.began();
  }

  private runEnd(e: Ev<'agent_end'>): void {
    const content = this.opts.captureContent;
    const u = e.usage;
    this.closeAll();
    const w = this.writer(8);
    w.num(OP.runEnd);
    w.num(e.ts);
    w.text(e.reason);
    w.opt(u?.inputTokens);
    w.opt(u?.outputTokens);
    w.opt(u?.costUsd);
    w.opt(u?.cachedInputTokens || undefined);
    w.ref(content && e.error ? json(e.error) : undefined);
    return this.sink.wrote(0);
  }

  private chatStart(e: Ev<'model_request'>): void {
    const content = this.opts.captureContent;
    if (!this.sink.admit()) {
      this.chatDropped = true;
      this.chatOpen = false;
      return;
    }
    this.chatDropped = false;
    this.chatOpen = true;
    const req = (e.request ?? {}) as { provider?: unknown; model?: unknown; endpoint?: unknown; newMessages?: unknown };
    const w = this.writer(6);
    w.num(OP.chatStart);
    w.num(e.ts);
    w.text(typeof req.model === 'string' ? req.model : 'unknown');
    this.optText(typeof req.provider === 'string' ? req.provider : undefined);
    this.optText(typeof req.endpoint === 'string' ? req.endpoint : undefined);
    w.ref(content ? json(messagesJson(req.newMessages)) : undefined);
    return this.began();
  }

  private chatRetry(e: Ev<'model_retry'>): void {
    if (this.chatDropped || !this.chatOpen) return;
    const w = this.writer(6);
    w.num(OP.chatRetry);
    w.num(e.ts);
    w.num(e.attempt);
    w.num(e.maxRetries);
    w.num(e.delayMs);
    w.opt(e.status);
    return this.sink.wrote(0);
  }

  private chatEnd(e: Ev<'model_response'>): void {
    const content = this.opts.captureContent;
    if (this.chatDropped || !this.chatOpen) return;
    this.chatOpen = false;
    const u = e.usage;
    const stop = finishReason((e.response as { stopReason?: unknown } | null)?.stopReason);
    const w = this.writer(11);
    w.num(OP.chatEnd);
    w.num(e.ts);
    this.optText(typeof e.model === 'string' ? e.model : undefined);
    this.optText(stop);
    w.opt(u?.inputTokens);
    w.opt(u?.outputTokens);
    w.opt(u?.ttftMs);
    w.opt(u?.cachedInputTokens || undefined);
    w.opt(u?.reasoningTokens || undefined);
    w.opt(u?.costUsd);
    w.ref(content ? json(outputJson(e.response, stop)) : undefined);
    return this.sink.wrote(0);
  }

  private chatError(e: Ev<'model_error'>): void {
    const content = this.opts.captureContent;
    if (this.chatDropped || !this.chatOpen) return;
    this.chatOpen = false;
    const w = this.writer(4);
    w.num(OP.chatError);
    w.num(e.ts);
    w.opt(e.status);
    w.ref(content ? json(e.message) : undefined);
    return this.sink.wrote(0);
  }

  private turnEnd(e: Ev<'turn_end'>): void {
    // A turn cut short (cancelled while streaming) ends its model span here.
    if (!this.chatOpen) return;
    this.chatOpen = false;
    const w = this.writer(2);
    w.num(OP.turnEnd);
    w.num(e.ts);
    return this.sink.wrote(0);
  }

  private toolTraffic(e: Ev<'mcp_traffic'>): void {
    const open = this.tools.get(e.callId);
    if (!open || open.dropped) return;
    const id = (e.request as { id?: unknown } | null)?.id;
    const w = this.writer(4);
    w.num(OP.toolTraffic);
    w.ref(e.callId);
    w.ref(typeof id === 'string' || typeof id === 'number' ? String(id) : undefined);
    this.optText(e.protocolVersion);
    return this.sink.wrote(0);
  }

  private toolEnd(e: Ev<'tool_execution_end'>): void {
    const content = this.opts.captureContent;
    const open = this.tools.get(e.callId);
    if (!open) return;
    this.tools.delete(e.callId);
    if (open.dropped) return;
    const error = e.result.error ?? null;
    const w = this.writer(6);
    w.num(OP.toolEnd);
    w.num(e.ts);
    w.ref(e.callId);
    w.bool(e.blocked === true);
    w.bool(error !== null);
    w.ref(content ? cut(error ?? e.result.output ?? '') : undefined);
    return this.sink.wrote(0);
  }

  private approvalStart(e: Ev<'approval_requested'>): void {
    const content = this.opts.captureContent;
    if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
    const w = this.writer(7);
    w.num(OP.approvalStart);
    w.num(e.ts);
    w.ref(e.requestId);
    w.ref(e.callId);
    w.text(e.tool);
    w.bool(e.escalation !== undefined && e.escalation !== null);
    w.ref(content ? json(e.args) : undefined);
    return this.began();
  }

  private approvalEnd(e: Ev<'approval_resolved'>): void {
    if (this.droppedRequests.delete(e.requestId)) return;
    const w = this.writer(5);
    w.num(OP.approvalEnd);
    w.num(e.ts);
    w.ref(e.requestId);
    w.text(e.decision);
    w.text(e.by);
    return this.sink.wrote(0);
  }

  private waitStart(e: Ev<'human_input_requested'>): void {
    const content = this.opts.captureContent;
    if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
    const w = this.writer(6);
    w.num(OP.waitStart);
    w.num(e.ts);
    w.ref(e.requestId);
    w.text(e.kind ?? 'text');
    this.optText(e.server);
    w.ref(content ? cut(e.question) : undefined);
    return this.began();
  }

  private waitEnd(e: Ev<'human_input_resolved'>): void {
    const content = this.opts.captureContent;
    if (this.droppedRequests.delete(e.requestId)) return;
    const w = this.writer(5);
    w.num(OP.waitEnd);
    w.num(e.ts);
    w.ref(e.requestId);
    w.text(e.action ?? (e.answer === null ? 'cancel' : 'accept'));
    w.ref(content && e.answer !== null ? cut(e.answer) : undefined);
    return this.sink.wrote(0);
  }

  private compaction(e: Ev<'compaction_end'>): void {
    if (!this.run) return;
    const w = this.writer(4);
    w.num(OP.compaction);
    w.num(e.ts);
    w.num(e.before);
    w.num(e.after);
    return this.sink.wrote(0);
  }

  private mcpStatus(e: Ev<'mcp_server_status'>): void {
    if (!e.protocolVersion) return;
    const w = this.writer(3);
    w.num(OP.mcpStatus);
    w.text(e.server);
    w.text(e.protocolVersion);
    return this.sink.wrote(0);
  }

  /**
   * A resource read or prompt `glassbox mcp serve` answers starts: a server span, a child of the
   * caller's span when `parent` names one, else in the session's trace. Returns its end.
   */
  served(method: 'resources/read' | 'prompts/get', target: string, parent: Context | undefined, ts: number): (ts: number, errorType?: string, message?: string) => void {
    if (!this.sink.admit()) return () => undefined;
    const id = this.nextServed++;
    const open = idsUnder(parent ?? ROOT_CONTEXT, this.opts.traceId);
    const w = this.writer(9);
    w.num(OP.servedStart);
    w.num(ts);
    w.num(id);
    w.text(method);
    w.ref(target);
    w.text(open.traceId);
    w.id(open.hi, open.lo);
    w.ref(parent ? carrierOf(parent) : undefined);
    this.began();
    return (end, errorType, message) => {
      const w = this.writer(5);
      w.num(OP.servedEnd);
      w.num(end);
      w.num(id);
      w.ref(errorType);
      w.ref(this.opts.captureContent && message !== undefined ? cut(message) : undefined);
      this.sink.wrote(0);
    };
  }

  /** Forgets the open run and calls (the export side ends their spans: `closeAll` there). */
  closeAll(): void {
    this.run = null;
    this.tools.clear();
    this.droppedRequests.clear();
    this.chatOpen = false;
    this.chatDropped = false;
  }

  /** The sink's writer with room for an event of `slots` slots. */
  private writer(slots: number): SpanEventWriter {
    const w = this.sink.writer;
    w.reserve(slots);
    return w;
  }

  /** A repeated string that may be absent. */
  private optText(s: string | undefined): void {
    if (s === undefined) this.sink.writer.ref(undefined);
    else this.sink.writer.text(s);
  }

  /** A span's start was written. */
  private began(): void {
    this.started++;
    this.sink.wrote(1);
  }

  private startTool(e: Ev<'tool_execution_start'>): void {
    const remote = this.opts.callParent?.(e.callId);
    // The parent EventSpans gives it: the caller's span, else the run, else the runs' parent, else a root.
    const run = this.run;
    let open: OpenIds;
    if (!remote && run) {
      const hi = randomIdWord();
      let lo = randomIdWord();
      while (hi === 0 && lo === 0) lo = randomIdWord();
      open = { traceId: run.traceId, hi, lo, flags: run.flags, state: run.state, base: run.base, dropped: false };
    } else open = idsUnder(remote ?? this.opts.parent ?? ROOT_CONTEXT, this.opts.traceId);
    this.tools.set(e.callId, open);
    if (!this.sink.admit()) {
      open.dropped = true;
      return;
    }
    const mcp = e.source.startsWith('mcp:') ? e.source.slice(4) : null;
    const w = this.writer(11);
    w.num(OP.toolStart);
    w.num(e.ts);
    w.ref(e.callId);
    w.text(e.tool);
    w.text(e.source);
    // The trace id only for a root span (a child's is its parent's).
    if (remote || run) w.ref(undefined);
    else w.text(open.traceId);
    w.id(open.hi, open.lo);
    w.ref(remote ? carrierOf(remote) : undefined);
    w.ref(mcp !== null ? (this.opts.mcpServer?.(mcp) ?? {}) : undefined);
    w.ref(this.opts.captureContent ? json(e.args) : undefined);
    this.began();
  }
}
