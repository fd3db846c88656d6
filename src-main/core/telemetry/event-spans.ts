import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { GlassboxEvent, GlassboxEventOf } from '../../../src-shared/events/event-types';
import { messagesJson, outputJson } from './genai-messages';
import type { PinnedTraceIds } from './pinned-trace-ids';
import { ATTR, SPAN, SPAN_EVENT } from './span-names';
import { carrierOf, contextFromCarrier, type TraceCarrier } from './trace-carrier';

/** What is known about an MCP server at call time (live sessions ask the connection). */
export interface McpServerFacts {
  protocolVersion?: string;
  /** The Streamable HTTP session id (`Mcp-Session-Id`). */
  sessionId?: string;
  /** `pipe` for stdio, `tcp` for HTTP and SSE. */
  transport?: 'pipe' | 'tcp';
  url?: string;
}

/** What the translator needs. */
export interface EventSpansOptions {
  tracer: Tracer;
  ids: PinnedTraceIds;
  /** The trace runs land in when no parent is given (the session's, see traceIdForSession). */
  traceId: string;
  sessionId: string;
  /** The parent of the runs (`TRACEPARENT` of a CI job); else runs are roots in `traceId`. */
  parent?: Context;
  /** Message and tool content as span attributes (already redacted: events come from RedactedEvents). */
  captureContent: boolean;
  /** Facts about an MCP server now (live); without it, what the events said. */
  mcpServer?: (id: string) => McpServerFacts | undefined;
  /** A caller's context a tool call continues (`glassbox mcp serve`: from the request's `_meta`). */
  callParent?: (callId: string) => Context | undefined;
}

/** An open span and its parent; the context with it (what children and carriers need) is made on first use. */
class Open {
  private made: Context | undefined;

  constructor(
    readonly span: Span,
    private readonly parent: Context,
  ) {}

  get ctx(): Context {
    return (this.made ??= trace.setSpan(this.parent, this.span));
  }

  /** The context the span was started in. */
  get parentContext(): Context {
    return this.parent;
  }
}

/** An open tool call. */
class OpenTool extends Open {
  constructor(
    span: Span,
    parent: Context,
    readonly tool: string,
  ) {
    super(span, parent);
  }
}

/** Span names per tool (or model): the same few strings every step, made once. */
class NameCache {
  private readonly names = new Map<string, string>();

  constructor(private readonly make: (name: string) => string) {}

  get(name: string): string {
    let out = this.names.get(name);
    if (out === undefined) {
      if (this.names.size > 256) this.names.clear();
      out = this.make(name);
      this.names.set(name, out);
    }
    return out;
  }
}

/** Stop reasons of both wire formats as the conventions' finish reasons. */
function finishReason(stop: unknown): string | undefined {
  if (typeof stop !== 'string' || !stop) return undefined;
  if (stop === 'tool_calls' || stop === 'tool_use' || stop === 'function_call') return 'tool_call';
  if (stop === 'end_turn' || stop === 'stop_sequence') return 'stop';
  if (stop === 'max_tokens') return 'length';
  return stop;
}

/** `server.address` / `server.port` of the endpoints seen (a session has one or two: parsed once each); null: not a URL. */
const endpoints = new Map<string, { address: string; port: number } | null>();

function endpointAttributes(endpoint: unknown): { address: string; port: number } | null {
  if (typeof endpoint !== 'string') return null;
  let out = endpoints.get(endpoint);
  if (out === undefined) {
    const u = URL.canParse(endpoint) ? new URL(endpoint) : null;
    out = u ? { address: u.hostname, port: u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80 } : null;
    if (endpoints.size > 64) endpoints.clear();
    endpoints.set(endpoint, out);
  }
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * Turns a session's events into spans, live (subscribed to the session's redacted events) or
 * after the fact (a session file): `invoke_agent` per run, `chat {model}` per model turn,
 * `execute_tool {name}` per tool call (MCP attributes on the same span for MCP tools),
 * `approval {tool}` and `human_input` for the waits on a person, retries and compaction as
 * span events. Times are the events' own, so both ways give the same spans.
 */
export class EventSpans {
  private run: Open | null = null;
  private chat: Span | null = null;
  private readonly tools = new Map<string, OpenTool>();
  private readonly approvals = new Map<string, Span>();
  private readonly waits = new Map<string, Span>();
  private readonly protocolVersions = new Map<string, string>();
  private readonly content: boolean;
  private readonly chatNames = new NameCache(SPAN.chat);
  private readonly toolNames = new NameCache(SPAN.executeTool);

  constructor(private readonly opts: EventSpansOptions) {
    this.content = opts.captureContent;
  }

  /** The carrier for a tool call's requests (its span), else the running run's; undefined outside both. */
  carrier(callId?: string): TraceCarrier | undefined {
    const open = (callId !== undefined ? this.tools.get(callId) : undefined) ?? this.run;
    return open ? carrierOf(open.ctx) : undefined;
  }

  /** Takes one event. */
  handle(e: GlassboxEvent): void {
    switch (e.type) {
      case 'agent_start':
        return this.startRun(e);
      case 'agent_end':
        return this.endRun(e);
      case 'model_request':
        return this.startChat(e);
      case 'model_retry':
        this.chat?.addEvent(
          SPAN_EVENT.retry,
          { 'glassbox.retry.attempt': e.attempt, 'glassbox.retry.max': e.maxRetries, 'glassbox.retry.delay_ms': e.delayMs, [ATTR.errorType]: e.status !== undefined ? String(e.status) : 'error' },
          e.ts,
        );
        return;
      case 'model_response':
        return this.endChat(e);
      case 'model_error':
        if (this.chat) {
          this.chat.setAttribute(ATTR.errorType, e.status !== undefined ? String(e.status) : 'model_error');
          this.chat.setStatus({ code: SpanStatusCode.ERROR, ...(this.content ? { message: e.message } : {}) });
          this.chat.end(e.ts);
          this.chat = null;
        }
        return;
      case 'turn_end':
        // A turn cut short (cancelled while streaming) ends its model span here.
        this.chat?.end(e.ts);
        this.chat = null;
        return;
      case 'tool_execution_start':
        return this.startTool(e);
      case 'mcp_traffic': {
        const open = this.tools.get(e.callId);
        const id = (e.request as { id?: unknown } | null)?.id;
        if (open && (typeof id === 'string' || typeof id === 'number')) open.span.setAttribute(ATTR.jsonrpcRequestId, String(id));
        if (open && e.protocolVersion) open.span.setAttribute(ATTR.mcpProtocolVersion, e.protocolVersion);
        return;
      }
      case 'tool_execution_end':
        return this.endTool(e);
      case 'approval_requested':
        return this.startApproval(e);
      case 'approval_resolved': {
        const span = this.approvals.get(e.requestId);
        if (!span) return;
        this.approvals.delete(e.requestId);
        span.setAttributes({ [ATTR.approvalDecision]: e.decision, [ATTR.approvalBy]: e.by });
        span.end(e.ts);
        return;
      }
      case 'human_input_requested':
        return this.startWait(e);
      case 'human_input_resolved': {
        const span = this.waits.get(e.requestId);
        if (!span) return;
        this.waits.delete(e.requestId);
        span.setAttribute(ATTR.humanAction, e.action ?? (e.answer === null ? 'cancel' : 'accept'));
        if (this.content && e.answer !== null) span.setAttribute(ATTR.humanAnswer, e.answer);
        span.end(e.ts);
        return;
      }
      case 'compaction_end':
        this.run?.span.addEvent(SPAN_EVENT.compaction, { 'glassbox.compaction.before_tokens': e.before, 'glassbox.compaction.after_tokens': e.after }, e.ts);
        return;
      case 'mcp_server_status':
        if (e.protocolVersion) this.protocolVersions.set(e.server, e.protocolVersion);
        return;
      default:
        return;
    }
  }

  /** Ends whatever is still open (the session closes mid-run, or a file ends without agent_end). */
  closeAll(ts: number = Date.now()): void {
    for (const span of [...this.approvals.values(), ...this.waits.values()]) span.end(ts);
    for (const t of this.tools.values()) t.span.end(ts);
    this.chat?.end(ts);
    this.run?.span.end(ts);
    this.approvals.clear();
    this.waits.clear();
    this.tools.clear();
    this.chat = null;
    this.run = null;
  }

  /** A root span of the session's trace, or a child of the given parent. */
  private startRoot(name: string, kind: SpanKind, attributes: Attributes, ts: number, parent?: Context): Open {
    const start = (ctx: Context): Open => new Open(this.opts.tracer.startSpan(name, { kind, attributes, startTime: ts }, ctx), ctx);
    if (parent) return start(parent);
    if (this.opts.parent) return start(this.opts.parent);
    return this.opts.ids.withTraceId(this.opts.traceId, () => start(ROOT_CONTEXT));
  }

  private startRun(e: GlassboxEventOf<'agent_start'>): void {
    if (this.run) this.endRunSpan(e.ts);
    const attributes: Attributes = { [ATTR.operationName]: 'invoke_agent', [ATTR.conversationId]: this.opts.sessionId, [ATTR.sessionId]: this.opts.sessionId };
    if (this.content) attributes[ATTR.inputMessages] = messagesJson([{ role: 'user', content: e.task }]);
    // A recorded run that continued a job's trace (exported after the fact) is that job's child again.
    const continued = this.opts.parent ? undefined : contextFromCarrier(e.traceparent !== undefined ? e : undefined);
    this.run = this.startRoot(SPAN.invokeAgent, SpanKind.INTERNAL, attributes, e.ts, continued);
  }

  private endRunSpan(ts: number): void {
    if (!this.run) return;
    this.closeAll(ts);
  }

  private endRun(e: GlassboxEventOf<'agent_end'>): void {
    const run = this.run;
    if (!run) return;
    const u = e.usage;
    run.span.setAttribute(ATTR.endReason, e.reason);
    if (u) {
      run.span.setAttributes({ [ATTR.inputTokens]: u.inputTokens, [ATTR.outputTokens]: u.outputTokens, [ATTR.costUsd]: u.costUsd });
      if (u.cachedInputTokens) run.span.setAttribute(ATTR.cacheReadTokens, u.cachedInputTokens);
    }
    if (e.reason === 'error') {
      run.span.setAttribute(ATTR.errorType, 'agent_error');
      run.span.setStatus({ code: SpanStatusCode.ERROR, ...(this.content && e.error ? { message: e.error } : {}) });
    }
    this.endRunSpan(e.ts);
  }

  private startChat(e: GlassboxEventOf<'model_request'>): void {
    const req = (e.request ?? {}) as { provider?: unknown; model?: unknown; endpoint?: unknown; newMessages?: unknown };
    const model = typeof req.model === 'string' ? req.model : 'unknown';
    // Plain assignments (no spreads): this runs on the agent's thread every model turn.
    const attributes: Attributes = {};
    attributes[ATTR.operationName] = 'chat';
    attributes[ATTR.requestModel] = model;
    if (typeof req.provider === 'string') attributes[ATTR.providerName] = req.provider;
    const where = endpointAttributes(req.endpoint);
    if (where) {
      attributes[ATTR.serverAddress] = where.address;
      attributes[ATTR.serverPort] = where.port;
    }
    if (this.content) attributes[ATTR.inputMessages] = messagesJson(req.newMessages);
    this.chat?.end(e.ts);
    const parent = this.run?.ctx;
    const name = this.chatNames.get(model);
    this.chat = parent ? this.opts.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes, startTime: e.ts }, parent) : this.startRoot(name, SpanKind.CLIENT, attributes, e.ts).span;
  }

  private endChat(e: GlassboxEventOf<'model_response'>): void {
    const span = this.chat;
    if (!span) return;
    this.chat = null;
    const u = e.usage;
    const reason = finishReason((e.response as { stopReason?: unknown } | null)?.stopReason);
    if (e.model) span.setAttribute(ATTR.responseModel, e.model);
    if (reason) span.setAttribute(ATTR.finishReasons, [reason]);
    if (u) {
      span.setAttribute(ATTR.inputTokens, u.inputTokens);
      span.setAttribute(ATTR.outputTokens, u.outputTokens);
      span.setAttribute(ATTR.timeToFirstChunk, u.ttftMs / 1000);
      if (u.cachedInputTokens) span.setAttribute(ATTR.cacheReadTokens, u.cachedInputTokens);
      if (u.reasoningTokens) span.setAttribute(ATTR.reasoningTokens, u.reasoningTokens);
      if (typeof u.costUsd === 'number') span.setAttribute(ATTR.costUsd, u.costUsd);
    }
    if (this.content) span.setAttribute(ATTR.outputMessages, outputJson(e.response, reason));
    span.end(e.ts);
  }

  private mcpAttributes(server: string): Attributes {
    const facts = this.opts.mcpServer?.(server);
    const version = facts?.protocolVersion ?? this.protocolVersions.get(server);
    const out: Attributes = { [ATTR.mcpMethodName]: 'tools/call', [ATTR.mcpServer]: server };
    if (version) out[ATTR.mcpProtocolVersion] = version;
    if (facts?.sessionId) out[ATTR.mcpSessionId] = facts.sessionId;
    if (facts?.transport) out[ATTR.networkTransport] = facts.transport;
    const where = facts?.url ? endpointAttributes(facts.url) : undefined;
    if (where) {
      out[ATTR.serverAddress] = where.address;
      out[ATTR.serverPort] = where.port;
    }
    return out;
  }

  private startTool(e: GlassboxEventOf<'tool_execution_start'>): void {
    const remote = this.opts.callParent?.(e.callId);
    const mcp = e.source.startsWith('mcp:') ? e.source.slice(4) : null;
    // Plain assignments (no spreads): this runs on the agent's thread for every tool call.
    const attributes: Attributes = mcp ? this.mcpAttributes(mcp) : {};
    attributes[ATTR.operationName] = 'execute_tool';
    attributes[ATTR.toolName] = e.tool;
    attributes[ATTR.toolCallId] = e.callId;
    attributes[ATTR.toolType] = e.source === 'builtin' ? 'function' : 'extension';
    attributes[ATTR.toolSource] = e.source;
    if (remote) attributes[ATTR.mcpMethodName] = 'tools/call';
    if (this.content) attributes[ATTR.toolCallArguments] = text(e.args);
    const kind = mcp ? SpanKind.CLIENT : SpanKind.INTERNAL;
    let open: OpenTool;
    if (remote) {
      const root = this.startRoot(SPAN.servedToolCall(e.tool), SpanKind.SERVER, attributes, e.ts, remote);
      open = new OpenTool(root.span, root.parentContext, e.tool);
    } else if (this.run) {
      const parent = this.run.ctx;
      open = new OpenTool(this.opts.tracer.startSpan(this.toolNames.get(e.tool), { kind, attributes, startTime: e.ts }, parent), parent, e.tool);
    } else {
      const root = this.startRoot(this.toolNames.get(e.tool), kind, attributes, e.ts);
      open = new OpenTool(root.span, root.parentContext, e.tool);
    }
    this.tools.set(e.callId, open);
  }

  private endTool(e: GlassboxEventOf<'tool_execution_end'>): void {
    const open = this.tools.get(e.callId);
    if (!open) return;
    this.tools.delete(e.callId);
    const span = open.span;
    if (e.blocked) span.setAttribute(ATTR.toolBlocked, true);
    const error = e.result.error ?? null;
    if (error !== null || e.blocked) {
      span.setAttribute(ATTR.errorType, e.blocked ? 'blocked' : 'tool_error');
      span.setStatus({ code: SpanStatusCode.ERROR, ...(this.content ? { message: error ?? e.result.output ?? '' } : {}) });
    }
    if (this.content) span.setAttribute(ATTR.toolCallResult, error !== null ? `Error: ${error}` : (e.result.output ?? ''));
    span.end(e.ts);
  }

  private startApproval(e: GlassboxEventOf<'approval_requested'>): void {
    const parent = this.tools.get(e.callId)?.ctx ?? this.run?.ctx;
    const attributes: Attributes = { [ATTR.toolName]: e.tool, [ATTR.toolCallId]: e.callId, ...(e.escalation ? { [ATTR.approvalEscalation]: true } : {}) };
    if (this.content) attributes[ATTR.toolCallArguments] = text(e.args);
    const span = parent ? this.opts.tracer.startSpan(SPAN.approval(e.tool), { attributes, startTime: e.ts }, parent) : this.startRoot(SPAN.approval(e.tool), SpanKind.INTERNAL, attributes, e.ts).span;
    this.approvals.set(e.requestId, span);
  }

  private startWait(e: GlassboxEventOf<'human_input_requested'>): void {
    // The question belongs to the call asking it: the latest call still running, else the run.
    let parent = this.run?.ctx;
    for (const t of this.tools.values()) parent = t.ctx;
    const attributes: Attributes = { [ATTR.humanKind]: e.kind ?? 'text', ...(e.server ? { [ATTR.mcpServer]: e.server } : {}) };
    if (this.content) attributes[ATTR.humanQuestion] = e.question;
    const span = parent ? this.opts.tracer.startSpan(SPAN.humanInput, { attributes, startTime: e.ts }, parent) : this.startRoot(SPAN.humanInput, SpanKind.INTERNAL, attributes, e.ts).span;
    this.waits.set(e.requestId, span);
  }
}
