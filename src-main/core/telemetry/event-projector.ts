import { ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';
import { contentJson, cutContent, finishReason, messagesJson, outputJson } from './genai-messages';
import { childOf, idsUnder, type OpenIds } from './open-span-ids';
import { keepShape } from './kept-shapes';
import { OP, spanIdHex, type McpServerFacts } from './span-events';
import { SpanEventWriter, type SpanEventSink } from './span-event-writer';
import type { SpanMakingEvent } from './span-making-events';
import { carrierOf, contextFromCarrier, type TraceCarrier } from './trace-carrier';

type Ev<T extends SpanMakingEvent['type']> = Extract<SpanMakingEvent, { type: T }>;

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
  // The options as fields, each set in every instance: the per-event methods read no object of a shape of its own (kept-shapes.ts).
  private readonly traceId: string;
  private readonly parent: Context | undefined;
  private readonly captureContent: boolean;
  private readonly mcpServer: EventProjectorOptions['mcpServer'];
  private readonly callParent: EventProjectorOptions['callParent'];

  constructor(private readonly sink: SpanEventSink, opts: EventProjectorOptions) {
    ({ traceId: this.traceId, parent: this.parent, captureContent: this.captureContent, mcpServer: this.mcpServer, callParent: this.callParent } = opts);
  }

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
      case 'agent_start': return this.runStart(e);
      case 'agent_end': return this.runEnd(e);
      case 'model_request': return this.chatStart(e);
      case 'model_retry': return this.chatRetry(e);
      case 'model_response': return this.chatEnd(e);
      case 'model_error': return this.chatError(e);
      case 'turn_end': return this.turnEnd(e);
      case 'tool_execution_start': return this.startTool(e);
      case 'mcp_traffic': return this.toolTraffic(e);
      case 'tool_execution_end': return this.toolEnd(e);
      case 'approval_requested': return this.approvalStart(e);
      case 'approval_resolved': return this.approvalEnd(e);
      case 'human_input_requested': return this.waitStart(e);
      case 'human_input_resolved': return this.waitEnd(e);
      case 'compaction_end': return this.compaction(e);
      case 'mcp_server_status': return this.mcpStatus(e);
      default: {
        // Every type of SPAN_EVENT_TYPES has its case above (a type added there without one fails to compile).
        const unhandled: never = e;
        return unhandled;
      }
    }
  }

  private runStart(e: Ev<'agent_start'>): void {
    const content = this.captureContent;
    // A recorded run that continued a job's trace (exported after the fact) is that job's child again.
    const continues = this.parent || e.traceparent === undefined ? undefined : contextFromCarrier(e);
    this.closeAll();
    const open = idsUnder(this.parent ?? continues ?? ROOT_CONTEXT, this.traceId);
    // Carriers name the run even when its span is dropped (the export's bound).
    this.run = open;
    if (!this.sink.admit()) return;
    const w = this.writer(7);
    w.num(OP.runStart);
    w.num(e.ts);
    w.text(open.traceId);
    w.id(open.hi, open.lo);
    w.ref(continues ? carrierOf(continues) : undefined);
    w.ref(content ? contentJson(messagesJson([{ role: 'user', content: e.task }])) : undefined);
    return this.began();
  }

  private runEnd(e: Ev<'agent_end'>): void {
    const content = this.captureContent;
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
    w.ref(content && e.error ? contentJson(e.error) : undefined);
    return this.sink.wrote(0);
  }

  private chatStart(e: Ev<'model_request'>): void {
    const content = this.captureContent;
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
    w.ref(content ? contentJson(messagesJson(req.newMessages)) : undefined);
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
    const content = this.captureContent;
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
    w.ref(content ? contentJson(outputJson(e.response, stop)) : undefined);
    return this.sink.wrote(0);
  }

  private chatError(e: Ev<'model_error'>): void {
    const content = this.captureContent;
    if (this.chatDropped || !this.chatOpen) return;
    this.chatOpen = false;
    const w = this.writer(4);
    w.num(OP.chatError);
    w.num(e.ts);
    w.opt(e.status);
    w.ref(content ? contentJson(e.message) : undefined);
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
    const content = this.captureContent;
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
    w.ref(content ? cutContent(error ?? e.result.output ?? '') : undefined);
    return this.sink.wrote(0);
  }

  private approvalStart(e: Ev<'approval_requested'>): void {
    const content = this.captureContent;
    if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
    const w = this.writer(7);
    w.num(OP.approvalStart);
    w.num(e.ts);
    w.ref(e.requestId);
    w.ref(e.callId);
    w.text(e.tool);
    w.bool(e.escalation !== undefined && e.escalation !== null);
    w.ref(content ? contentJson(e.args) : undefined);
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
    const content = this.captureContent;
    if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
    const w = this.writer(6);
    w.num(OP.waitStart);
    w.num(e.ts);
    w.ref(e.requestId);
    w.text(e.kind ?? 'text');
    this.optText(e.server);
    w.ref(content ? cutContent(e.question) : undefined);
    return this.began();
  }

  private waitEnd(e: Ev<'human_input_resolved'>): void {
    const content = this.captureContent;
    if (this.droppedRequests.delete(e.requestId)) return;
    const w = this.writer(5);
    w.num(OP.waitEnd);
    w.num(e.ts);
    w.ref(e.requestId);
    w.text(e.action ?? (e.answer === null ? 'cancel' : 'accept'));
    w.ref(content && e.answer !== null ? cutContent(e.answer) : undefined);
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
    const open = idsUnder(parent ?? ROOT_CONTEXT, this.traceId);
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
      w.ref(this.captureContent && message !== undefined ? cutContent(message) : undefined);
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
    const remote = this.callParent?.(e.callId);
    // The parent EventSpans gives it: the caller's span, else the run, else the runs' parent, else a root.
    const run = this.run;
    let open: OpenIds;
    if (!remote && run) open = childOf(run);
    else open = idsUnder(remote ?? this.parent ?? ROOT_CONTEXT, this.traceId);
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
    w.ref(mcp !== null ? (this.mcpServer?.(mcp) ?? {}) : undefined);
    w.ref(this.captureContent ? contentJson(e.args) : undefined);
    this.began();
  }
}

// The shape the per-event methods are optimized for outlives every session (kept-shapes.ts).
keepShape(new EventProjector({ writer: new SpanEventWriter(0), admit: () => false, wrote: () => undefined }, { traceId: '0'.repeat(32), captureContent: false }));
