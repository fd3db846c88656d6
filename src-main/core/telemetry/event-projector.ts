import { ROOT_CONTEXT, TraceFlags, trace, type Context, type TraceState } from '@opentelemetry/api';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { messagesJson, outputJson } from './genai-messages';
import { randomSpanId } from './pinned-trace-ids';
import { ATTRIBUTE_VALUE_LIMIT, OP, type McpServerFacts, type SpanEventWire } from './span-events';
import { carrierOf, contextFromCarrier, type TraceCarrier } from './trace-carrier';

/** Where projected events go: a session's stream into the export (span-export.ts). */
export interface SpanEventSink {
  /** The batch being filled: events are appended to it. */
  readonly wire: SpanEventWire;
  /** True when one more span may start (the export's bound); false: drop it (counted by the sink). */
  admit(): boolean;
  /** `starts` spans were started by what was appended since the last call. */
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

/** The span ids an open run or tool call has, kept on the agent's thread for carriers. */
interface OpenIds {
  traceId: string;
  spanId: string;
  flags: number;
  state: TraceState | undefined;
  /** The context the span lives in (its baggage goes out with a carrier). */
  base: Context;
}

function idsUnder(base: Context, traceId: string, spanId: string): OpenIds {
  const p = trace.getSpanContext(base);
  return p ? { traceId: p.traceId, spanId, flags: p.traceFlags, state: p.traceState, base } : { traceId, spanId, flags: TraceFlags.SAMPLED, state: undefined, base: ROOT_CONTEXT };
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
 * The agent thread's side of tracing: each event that makes or changes a span is appended to the
 * session's stream as a few values (span-events.ts) — no span objects, attributes or contexts are
 * made here; EventSpans makes the spans on the export side. What stays here is what a request
 * leaving the process needs at once: the span ids of the running run and of each running tool
 * call (drawn here, sent with their start), from which `carrier` makes an MCP request's `_meta`.
 * Content (with capture on) becomes JSON here, from the redacted event, before anything leaves.
 */
export class EventProjector {
  private run: OpenIds | null = null;
  private readonly tools = new Map<string, OpenIds>();
  private chatOpen = false;
  /** Starts dropped (the export's bound): their later events are dropped too. */
  private readonly droppedCalls = new Set<string>();
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
    const spanContext = { traceId: open.traceId, spanId: open.spanId, traceFlags: open.flags, ...(open.state ? { traceState: open.state } : {}) };
    return carrierOf(trace.setSpanContext(open.base, spanContext));
  }

  /** Takes one (redacted) event; events that make no span are ignored. */
  handle(e: GlassboxEvent): void {
    const w = this.sink.wire;
    const content = this.opts.captureContent;
    switch (e.type) {
      case 'agent_start': {
        // A recorded run that continued a job's trace (exported after the fact) is that job's child again.
        const continues = this.opts.parent || e.traceparent === undefined ? undefined : contextFromCarrier(e);
        this.closeAll();
        const open = idsUnder(this.opts.parent ?? continues ?? ROOT_CONTEXT, this.opts.traceId, randomSpanId());
        // Carriers name the run even when its span is dropped (the export's bound).
        this.run = open;
        if (!this.sink.admit()) return;
        w.push(OP.runStart, e.ts, open.traceId, open.spanId, continues ? carrierOf(continues) : undefined, content ? json(messagesJson([{ role: 'user', content: e.task }])) : undefined);
        return this.began();
      }
      case 'agent_end': {
        const u = e.usage;
        this.closeAll();
        w.push(OP.runEnd, e.ts, e.reason, u?.inputTokens, u?.outputTokens, u?.costUsd, u?.cachedInputTokens || undefined, content && e.error ? json(e.error) : undefined);
        return this.sink.wrote(0);
      }
      case 'model_request': {
        if (!this.sink.admit()) {
          this.chatDropped = true;
          this.chatOpen = false;
          return;
        }
        this.chatDropped = false;
        this.chatOpen = true;
        const req = (e.request ?? {}) as { provider?: unknown; model?: unknown; endpoint?: unknown; newMessages?: unknown };
        w.push(OP.chatStart, e.ts, typeof req.model === 'string' ? req.model : 'unknown', typeof req.provider === 'string' ? req.provider : undefined, typeof req.endpoint === 'string' ? req.endpoint : undefined, content ? json(messagesJson(req.newMessages)) : undefined);
        return this.began();
      }
      case 'model_retry':
        if (this.chatDropped || !this.chatOpen) return;
        w.push(OP.chatRetry, e.ts, e.attempt, e.maxRetries, e.delayMs, e.status);
        return this.sink.wrote(0);
      case 'model_response': {
        if (this.chatDropped || !this.chatOpen) return;
        this.chatOpen = false;
        const u = e.usage;
        const stop = finishReason((e.response as { stopReason?: unknown } | null)?.stopReason);
        w.push(OP.chatEnd, e.ts, e.model, stop, u?.inputTokens, u?.outputTokens, u?.ttftMs, u?.cachedInputTokens || undefined, u?.reasoningTokens || undefined, u?.costUsd ?? undefined);
        w.push(content ? json(outputJson(e.response, stop)) : undefined);
        return this.sink.wrote(0);
      }
      case 'model_error':
        if (this.chatDropped || !this.chatOpen) return;
        this.chatOpen = false;
        w.push(OP.chatError, e.ts, e.status, content ? json(e.message) : undefined);
        return this.sink.wrote(0);
      case 'turn_end':
        // A turn cut short (cancelled while streaming) ends its model span here.
        if (!this.chatOpen) return;
        this.chatOpen = false;
        w.push(OP.turnEnd, e.ts);
        return this.sink.wrote(0);
      case 'tool_execution_start':
        return this.startTool(e);
      case 'mcp_traffic': {
        if (!this.tools.has(e.callId) || this.droppedCalls.has(e.callId)) return;
        const id = (e.request as { id?: unknown } | null)?.id;
        w.push(OP.toolTraffic, e.callId, typeof id === 'string' || typeof id === 'number' ? String(id) : undefined, e.protocolVersion);
        return this.sink.wrote(0);
      }
      case 'tool_execution_end': {
        if (!this.tools.delete(e.callId) || this.droppedCalls.delete(e.callId)) return;
        const error = e.result.error ?? null;
        w.push(OP.toolEnd, e.ts, e.callId, e.blocked === true, error !== null, content ? cut(error ?? e.result.output ?? '') : undefined);
        return this.sink.wrote(0);
      }
      case 'approval_requested':
        if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
        w.push(OP.approvalStart, e.ts, e.requestId, e.callId, e.tool, e.escalation !== undefined && e.escalation !== null, content ? json(e.args) : undefined);
        return this.began();
      case 'approval_resolved':
        if (this.droppedRequests.delete(e.requestId)) return;
        w.push(OP.approvalEnd, e.ts, e.requestId, e.decision, e.by);
        return this.sink.wrote(0);
      case 'human_input_requested':
        if (!this.sink.admit()) return void this.droppedRequests.add(e.requestId);
        w.push(OP.waitStart, e.ts, e.requestId, e.kind ?? 'text', e.server, content ? cut(e.question) : undefined);
        return this.began();
      case 'human_input_resolved':
        if (this.droppedRequests.delete(e.requestId)) return;
        w.push(OP.waitEnd, e.ts, e.requestId, e.action ?? (e.answer === null ? 'cancel' : 'accept'), content && e.answer !== null ? cut(e.answer) : undefined);
        return this.sink.wrote(0);
      case 'compaction_end':
        if (!this.run) return;
        w.push(OP.compaction, e.ts, e.before, e.after);
        return this.sink.wrote(0);
      case 'mcp_server_status':
        if (!e.protocolVersion) return;
        w.push(OP.mcpStatus, e.server, e.protocolVersion);
        return this.sink.wrote(0);
      default:
        return;
    }
  }

  /**
   * A resource read or prompt `glassbox mcp serve` answers starts: a server span, a child of the
   * caller's span when `parent` names one, else in the session's trace. Returns its end.
   */
  served(method: 'resources/read' | 'prompts/get', target: string, parent: Context | undefined, ts: number): (ts: number, errorType?: string, message?: string) => void {
    if (!this.sink.admit()) return () => undefined;
    const id = this.nextServed++;
    const open = idsUnder(parent ?? ROOT_CONTEXT, this.opts.traceId, randomSpanId());
    this.sink.wire.push(OP.servedStart, ts, id, method, target, open.traceId, open.spanId, parent ? carrierOf(parent) : undefined);
    this.began();
    return (end, errorType, message) => {
      this.sink.wire.push(OP.servedEnd, end, id, errorType, this.opts.captureContent && message !== undefined ? cut(message) : undefined);
      this.sink.wrote(0);
    };
  }

  /** Forgets the open run and calls (the export side ends their spans: `closeAll` there). */
  closeAll(): void {
    this.run = null;
    this.tools.clear();
    this.droppedCalls.clear();
    this.droppedRequests.clear();
    this.chatOpen = false;
    this.chatDropped = false;
  }

  /** A span's start was appended. */
  private began(): void {
    this.started++;
    this.sink.wrote(1);
  }

  private startTool(e: Extract<GlassboxEvent, { type: 'tool_execution_start' }>): void {
    const remote = this.opts.callParent?.(e.callId);
    // The parent EventSpans gives it: the caller's span, else the run, else the runs' parent, else a root.
    const base = remote ?? this.run?.base ?? this.opts.parent ?? ROOT_CONTEXT;
    const spanId = randomSpanId();
    const open: OpenIds = !remote && this.run ? { traceId: this.run.traceId, spanId, flags: this.run.flags, state: this.run.state, base } : idsUnder(base, this.opts.traceId, spanId);
    this.tools.set(e.callId, open);
    if (!this.sink.admit()) {
      this.droppedCalls.add(e.callId);
      return;
    }
    const mcp = e.source.startsWith('mcp:') ? e.source.slice(4) : null;
    const content = this.opts.captureContent;
    // The trace id only for a root span (a child's is its parent's).
    this.sink.wire.push(OP.toolStart, e.ts, e.callId, e.tool, e.source, remote || this.run ? undefined : open.traceId, spanId, remote ? carrierOf(remote) : undefined, mcp !== null ? (this.opts.mcpServer?.(mcp) ?? {}) : undefined, content ? json(e.args) : undefined);
    this.began();
  }
}
