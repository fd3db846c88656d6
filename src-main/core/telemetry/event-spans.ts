import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { PinnedTraceIds } from './pinned-trace-ids';
import type { McpServerFacts, SpanEvent } from './span-events';
import { ATTR, SPAN, SPAN_EVENT } from './span-names';
import { contextFromCarrier } from './trace-carrier';

type Ev<K extends SpanEvent['op']> = Extract<SpanEvent, { op: K }>;

/** What the translator needs. */
export interface EventSpansOptions {
  tracer: Tracer;
  ids: PinnedTraceIds;
  /** The trace runs land in when no parent is given (the session's, see traceIdForSession). */
  traceId: string;
  sessionId: string;
  /** The parent of the runs (`TRACEPARENT` of a CI job); else runs are roots in `traceId`. */
  parent?: Context;
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

/**
 * Makes a session's spans from its span events (span-events.ts), on the export side — in the
 * export worker for a live session, on the calling thread for a session exported after the
 * fact: `invoke_agent` per run, `chat {model}` per model turn, `execute_tool {name}` per tool
 * call (MCP attributes on the same span for MCP tools), `approval {tool}` and `human_input` for
 * the waits on a person, `resources/read` / `prompts/get` for what `glassbox mcp serve`
 * answers, retries and compaction as span events. Times are the events' own; runs, tool calls
 * and served requests keep the span ids the agent's thread drew (their MCP requests carried them).
 */
export class EventSpans {
  private run: Open | null = null;
  private chat: Span | null = null;
  private readonly tools = new Map<string, OpenTool>();
  private readonly approvals = new Map<string, Span>();
  private readonly waits = new Map<string, Span>();
  private readonly served = new Map<number, Span>();
  private readonly protocolVersions = new Map<string, string>();
  private readonly chatNames = new NameCache(SPAN.chat);
  private readonly toolNames = new NameCache(SPAN.executeTool);
  /** Spans started so far. */
  started = 0;

  constructor(private readonly opts: EventSpansOptions) {}

  /** Takes one event. */
  handle(e: SpanEvent): void {
    switch (e.op) {
      case 'run_start':
        return this.startRun(e);
      case 'run_end':
        return this.endRun(e);
      case 'chat_start':
        return this.startChat(e);
      case 'chat_retry':
        this.chat?.addEvent(
          SPAN_EVENT.retry,
          { 'glassbox.retry.attempt': e.attempt, 'glassbox.retry.max': e.maxRetries, 'glassbox.retry.delay_ms': e.delayMs, [ATTR.errorType]: e.status !== undefined ? String(e.status) : 'error' },
          e.ts,
        );
        return;
      case 'chat_end':
        return this.endChat(e);
      case 'chat_error':
        if (this.chat) {
          this.chat.setAttribute(ATTR.errorType, e.status !== undefined ? String(e.status) : 'model_error');
          this.chat.setStatus({ code: SpanStatusCode.ERROR, ...(e.message !== undefined ? { message: e.message } : {}) });
          this.chat.end(e.ts);
          this.chat = null;
        }
        return;
      case 'turn_end':
        this.chat?.end(e.ts);
        this.chat = null;
        return;
      case 'tool_start':
        return this.startTool(e);
      case 'tool_traffic': {
        const open = this.tools.get(e.callId);
        if (open && e.requestId !== undefined) open.span.setAttribute(ATTR.jsonrpcRequestId, e.requestId);
        if (open && e.protocolVersion) open.span.setAttribute(ATTR.mcpProtocolVersion, e.protocolVersion);
        return;
      }
      case 'tool_end':
        return this.endTool(e);
      case 'approval_start':
        return this.startApproval(e);
      case 'approval_end': {
        const span = take(this.approvals, e.requestId);
        if (!span) return;
        span.setAttributes({ [ATTR.approvalDecision]: e.decision, [ATTR.approvalBy]: e.by });
        span.end(e.ts);
        return;
      }
      case 'wait_start':
        return this.startWait(e);
      case 'wait_end': {
        const span = take(this.waits, e.requestId);
        if (!span) return;
        span.setAttribute(ATTR.humanAction, e.action);
        if (e.answer !== undefined) span.setAttribute(ATTR.humanAnswer, e.answer);
        span.end(e.ts);
        return;
      }
      case 'compaction':
        this.run?.span.addEvent(SPAN_EVENT.compaction, { 'glassbox.compaction.before_tokens': e.before, 'glassbox.compaction.after_tokens': e.after }, e.ts);
        return;
      case 'mcp_status':
        this.protocolVersions.set(e.server, e.protocolVersion);
        return;
      case 'served_start':
        return this.startServed(e);
      case 'served_end': {
        const span = take(this.served, e.id);
        if (!span) return;
        if (e.errorType !== undefined) {
          span.setAttribute(ATTR.errorType, e.errorType);
          span.setStatus({ code: SpanStatusCode.ERROR, ...(e.message !== undefined ? { message: e.message } : {}) });
        }
        span.end(e.ts);
        return;
      }
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

  /** Ends the served requests still open too (the session is gone). */
  dispose(ts: number = Date.now()): void {
    this.closeAll(ts);
    for (const span of this.served.values()) span.end(ts);
    this.served.clear();
  }

  private startSpan(name: string, kind: SpanKind, attributes: Attributes, ts: number, parent: Context): Span {
    this.started++;
    return this.opts.tracer.startSpan(name, { kind, attributes, startTime: ts }, parent);
  }

  /** A root span of the session's trace, or a child of the given parent; `ids` are the span's own when given. */
  private startRoot(name: string, kind: SpanKind, attributes: Attributes, ts: number, parent?: Context, ids?: { traceId?: string; spanId: string }): Open {
    const ctx = parent ?? this.opts.parent ?? ROOT_CONTEXT;
    const start = (): Open => new Open(this.startSpan(name, kind, attributes, ts, ctx), ctx);
    if (ids) return this.opts.ids.withIds(ids.traceId ?? this.opts.traceId, ids.spanId, start);
    return ctx === ROOT_CONTEXT ? this.opts.ids.withTraceId(this.opts.traceId, start) : start();
  }

  private startRun(e: Ev<'run_start'>): void {
    if (this.run) this.closeAll(e.ts);
    const attributes: Attributes = { [ATTR.operationName]: 'invoke_agent', [ATTR.conversationId]: this.opts.sessionId, [ATTR.sessionId]: this.opts.sessionId };
    if (e.task !== undefined) attributes[ATTR.inputMessages] = e.task;
    const continued = this.opts.parent ? undefined : contextFromCarrier(e.continues);
    this.run = this.startRoot(SPAN.invokeAgent, SpanKind.INTERNAL, attributes, e.ts, continued, e);
  }

  private endRun(e: Ev<'run_end'>): void {
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
      run.span.setStatus({ code: SpanStatusCode.ERROR, ...(e.error !== undefined ? { message: e.error } : {}) });
    }
    this.closeAll(e.ts);
  }

  private startChat(e: Ev<'chat_start'>): void {
    const attributes: Attributes = { [ATTR.operationName]: 'chat', [ATTR.requestModel]: e.model };
    if (e.provider !== undefined) attributes[ATTR.providerName] = e.provider;
    const where = endpointAttributes(e.endpoint);
    if (where) {
      attributes[ATTR.serverAddress] = where.address;
      attributes[ATTR.serverPort] = where.port;
    }
    if (e.input !== undefined) attributes[ATTR.inputMessages] = e.input;
    this.chat?.end(e.ts);
    const parent = this.run?.ctx;
    const name = this.chatNames.get(e.model);
    this.chat = parent ? this.startSpan(name, SpanKind.CLIENT, attributes, e.ts, parent) : this.startRoot(name, SpanKind.CLIENT, attributes, e.ts).span;
  }

  private endChat(e: Ev<'chat_end'>): void {
    const span = this.chat;
    if (!span) return;
    this.chat = null;
    const u = e.usage;
    if (e.model) span.setAttribute(ATTR.responseModel, e.model);
    if (e.finishReason) span.setAttribute(ATTR.finishReasons, [e.finishReason]);
    if (u) {
      span.setAttribute(ATTR.inputTokens, u.inputTokens);
      span.setAttribute(ATTR.outputTokens, u.outputTokens);
      span.setAttribute(ATTR.timeToFirstChunk, u.ttftMs / 1000);
      if (u.cachedInputTokens) span.setAttribute(ATTR.cacheReadTokens, u.cachedInputTokens);
      if (u.reasoningTokens) span.setAttribute(ATTR.reasoningTokens, u.reasoningTokens);
      if (typeof u.costUsd === 'number') span.setAttribute(ATTR.costUsd, u.costUsd);
    }
    if (e.output !== undefined) span.setAttribute(ATTR.outputMessages, e.output);
    span.end(e.ts);
  }

  private mcpAttributes(server: string, facts: McpServerFacts): Attributes {
    const version = facts.protocolVersion ?? this.protocolVersions.get(server);
    const out: Attributes = { [ATTR.mcpMethodName]: 'tools/call', [ATTR.mcpServer]: server };
    if (version) out[ATTR.mcpProtocolVersion] = version;
    if (facts.sessionId) out[ATTR.mcpSessionId] = facts.sessionId;
    if (facts.transport) out[ATTR.networkTransport] = facts.transport;
    const where = facts.url ? endpointAttributes(facts.url) : undefined;
    if (where) {
      out[ATTR.serverAddress] = where.address;
      out[ATTR.serverPort] = where.port;
    }
    return out;
  }

  private startTool(e: Ev<'tool_start'>): void {
    const remote = contextFromCarrier(e.remote);
    const mcp = e.source.startsWith('mcp:') ? e.source.slice(4) : null;
    const attributes: Attributes = mcp ? this.mcpAttributes(mcp, e.mcp ?? {}) : {};
    attributes[ATTR.operationName] = 'execute_tool';
    attributes[ATTR.toolName] = e.tool;
    attributes[ATTR.toolCallId] = e.callId;
    attributes[ATTR.toolType] = e.source === 'builtin' ? 'function' : 'extension';
    attributes[ATTR.toolSource] = e.source;
    if (remote) attributes[ATTR.mcpMethodName] = 'tools/call';
    if (e.args !== undefined) attributes[ATTR.toolCallArguments] = e.args;
    const kind = mcp ? SpanKind.CLIENT : SpanKind.INTERNAL;
    let open: OpenTool;
    if (remote) {
      const root = this.startRoot(SPAN.servedToolCall(e.tool), SpanKind.SERVER, attributes, e.ts, remote, e);
      open = new OpenTool(root.span, root.parentContext, e.tool);
    } else if (this.run) {
      const parent = this.run.ctx;
      open = new OpenTool(
        this.opts.ids.withIds(null, e.spanId, () => this.startSpan(this.toolNames.get(e.tool), kind, attributes, e.ts, parent)),
        parent,
        e.tool,
      );
    } else {
      const root = this.startRoot(this.toolNames.get(e.tool), kind, attributes, e.ts, undefined, e);
      open = new OpenTool(root.span, root.parentContext, e.tool);
    }
    this.tools.set(e.callId, open);
  }

  private endTool(e: Ev<'tool_end'>): void {
    const open = take(this.tools, e.callId);
    if (!open) return;
    const span = open.span;
    if (e.blocked) span.setAttribute(ATTR.toolBlocked, true);
    if (e.failed || e.blocked) {
      span.setAttribute(ATTR.errorType, e.blocked ? 'blocked' : 'tool_error');
      span.setStatus({ code: SpanStatusCode.ERROR, ...(e.text !== undefined ? { message: e.text } : {}) });
    }
    if (e.text !== undefined) span.setAttribute(ATTR.toolCallResult, e.failed ? `Error: ${e.text}` : e.text);
    span.end(e.ts);
  }

  private startApproval(e: Ev<'approval_start'>): void {
    const parent = this.tools.get(e.callId)?.ctx ?? this.run?.ctx;
    const attributes: Attributes = { [ATTR.toolName]: e.tool, [ATTR.toolCallId]: e.callId };
    if (e.escalation) attributes[ATTR.approvalEscalation] = true;
    if (e.args !== undefined) attributes[ATTR.toolCallArguments] = e.args;
    const span = parent ? this.startSpan(SPAN.approval(e.tool), SpanKind.INTERNAL, attributes, e.ts, parent) : this.startRoot(SPAN.approval(e.tool), SpanKind.INTERNAL, attributes, e.ts).span;
    this.approvals.set(e.requestId, span);
  }

  private startWait(e: Ev<'wait_start'>): void {
    // The question belongs to the call asking it: the latest call still running, else the run.
    let parent = this.run?.ctx;
    for (const t of this.tools.values()) parent = t.ctx;
    const attributes: Attributes = { [ATTR.humanKind]: e.kind };
    if (e.server !== undefined) attributes[ATTR.mcpServer] = e.server;
    if (e.question !== undefined) attributes[ATTR.humanQuestion] = e.question;
    const span = parent ? this.startSpan(SPAN.humanInput, SpanKind.INTERNAL, attributes, e.ts, parent) : this.startRoot(SPAN.humanInput, SpanKind.INTERNAL, attributes, e.ts).span;
    this.waits.set(e.requestId, span);
  }

  private startServed(e: Ev<'served_start'>): void {
    const attributes: Attributes = { [ATTR.mcpMethodName]: e.method, [e.method === 'resources/read' ? ATTR.mcpResourceUri : ATTR.promptName]: e.target };
    const name = e.method === 'resources/read' ? e.method : `${e.method} ${e.target}`;
    const parent = contextFromCarrier(e.parent) ?? ROOT_CONTEXT;
    this.served.set(e.id, this.opts.ids.withIds(e.traceId, e.spanId, () => this.startSpan(name, SpanKind.SERVER, attributes, e.ts, parent)));
  }
}

/** What is open under `key`, removed from `open` (undefined when nothing is). */
function take<K, V>(open: Map<K, V>, key: K): V | undefined {
  const span = open.get(key);
  open.delete(key);
  return span;
}
