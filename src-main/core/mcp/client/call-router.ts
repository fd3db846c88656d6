import type { ToolContext } from '../../tools/tool';
import { McpTaskBoard } from './task-board';

/** MCP log levels → Glassbox's. */
export function mapLogLevel(level: string): 'debug' | 'info' | 'warn' | 'error' {
  if (level === 'debug') return 'debug';
  if (level === 'info' || level === 'notice') return 'info';
  if (level === 'warning') return 'warn';
  return 'error';
}

interface Pending {
  callId: string;
  ctx: ToolContext;
  request?: unknown;
}

type Msg = { id?: string | number; method?: string; params?: Record<string, unknown> & { _meta?: { progressToken?: string | number; traceparent?: unknown } }; result?: { resultType?: unknown } };

/**
 * Which tool call each message of one server belongs to. A call is known by the trace context
 * in its request's `_meta` (unique per call, and kept on the retries of 2026 input rounds), so
 * what is sent for it — the request, the retries — is tagged with its callId, and so are the
 * answers and progress that come back. A server's questions (elicitation, sampling, roots)
 * belong to the call whose input round is open (2026), else to the latest running call (a
 * 2025 server→client request carries no link to the call it serves); a log line no request
 * names goes to the latest running call too.
 *
 * No AsyncLocalStorage on purpose: on Node 20 it turns on promise hooks for the whole
 * process, which cost every promise — ten times what the rest of an MCP call's own code costs.
 */
export class McpCallRouter {
  /** Calls in flight, by callId. */
  readonly running = new Map<string, ToolContext>();
  /** The calls running as tasks (2025-11-25), by task id: status notifications go there. */
  readonly tasks = new McpTaskBoard();
  private readonly byTrace = new Map<string, Pending>();
  private readonly byRequestId = new Map<string | number, Pending>();
  private readonly byProgressToken = new Map<string | number, Pending>();
  /** Calls (or '' for a request of no call) whose 2026 input round is being answered, latest last. */
  private readonly inRound: string[] = [];

  constructor(
    private readonly server: string,
    /** Protocol revision in use, for the `mcp_traffic` events. */
    private readonly protocolVersion: () => string | undefined,
    /** A log line no call can take. */
    private readonly log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void,
  ) {}

  /** Runs `fn` as the call `ctx`, whose requests carry `traceparent` in their `_meta`. */
  async run<T>(ctx: ToolContext, traceparent: string, fn: () => Promise<T>): Promise<T> {
    this.running.set(ctx.callId, ctx);
    this.byTrace.set(traceparent, { callId: ctx.callId, ctx });
    try {
      return await fn();
    } finally {
      this.running.delete(ctx.callId);
      this.byTrace.delete(traceparent);
      if (this.byRequestId.size) for (const [id, p] of this.byRequestId) if (p.callId === ctx.callId) this.byRequestId.delete(id);
      if (this.byProgressToken.size) for (const [t, p] of this.byProgressToken) if (p.callId === ctx.callId) this.byProgressToken.delete(t);
      if (this.inRound.length) {
        const i = this.inRound.lastIndexOf(ctx.callId);
        if (i >= 0) this.inRound.splice(i, 1);
      }
    }
  }

  /** The call whose requests carry this `traceparent` (undefined: a request of no call). */
  callOf(traceparent: unknown): string | undefined {
    return typeof traceparent === 'string' ? this.byTrace.get(traceparent)?.callId : undefined;
  }

  /** The call a server's question belongs to (undefined: a request of no call, e.g. browsing resources). */
  current(): ToolContext | undefined {
    if (this.inRound.length) {
      const id = this.inRound[this.inRound.length - 1];
      return id ? this.running.get(id) : undefined;
    }
    let last: ToolContext | undefined;
    for (const c of this.running.values()) last = c;
    return last;
  }

  /** Tags an outgoing message; returns its callId. */
  outgoing(message: unknown): string | undefined {
    const m = message as Msg;
    if (m.method === 'notifications/cancelled') return this.byRequestId.get(m.params?.requestId as string | number)?.callId;
    if (m.method === undefined || m.id === undefined) return undefined;
    const trace = m.params?._meta?.traceparent;
    const p = typeof trace === 'string' ? this.byTrace.get(trace) : undefined;
    // A retry carries the answers of its round: that round is closed.
    if (m.params?.inputResponses !== undefined) {
      const i = this.inRound.lastIndexOf(p?.callId ?? '');
      if (i >= 0) this.inRound.splice(i, 1);
    }
    if (!p) return undefined;
    // Only a caller that can receive traffic keeps requests alive (`mcp_traffic` goes out through ctx.emit).
    if (p.ctx.emit) {
      const pending: Pending = { callId: p.callId, ctx: p.ctx, request: message };
      this.byRequestId.set(m.id, pending);
      const token = m.params?._meta?.progressToken;
      if (token !== undefined) this.byProgressToken.set(token, pending);
    } else this.byRequestId.set(m.id, p);
    return p.callId;
  }

  /**
   * Attaches progress, log lines and the raw response to the running call; returns the callId
   * of an incoming message. Done before the SDK sees the message: it handles notifications a
   * tick after responses, so the last progress or log line would otherwise come after the end.
   */
  incoming(message: unknown): string | undefined {
    const m = message as Msg;
    if (m.method === 'notifications/progress') {
      const p = m.params ?? {};
      const t = this.byProgressToken.get(p.progressToken as string | number);
      if (!t) return undefined;
      t.ctx.emit?.({
        type: 'tool_execution_update',
        callId: t.callId,
        kind: 'progress',
        progress: Number(p.progress),
        ...(typeof p.total === 'number' ? { total: p.total } : {}),
        ...(typeof p.message === 'string' ? { message: p.message } : {}),
      });
      return t.callId;
    }
    if (m.method === 'notifications/tasks/status') return this.tasks.statusArrived(m.params);
    if (m.method === 'notifications/message') {
      const p = m.params ?? {};
      const level = typeof p.level === 'string' ? p.level : 'info';
      const text = (typeof p.logger === 'string' ? `${p.logger}: ` : '') + (typeof p.data === 'string' ? p.data : JSON.stringify(p.data));
      const call = this.current();
      if (call?.emit) call.emit({ type: 'tool_execution_update', callId: call.callId, kind: 'log', level, message: text });
      else this.log(mapLogLevel(level), text);
      return call?.callId;
    }
    if (m.method !== undefined) return m.id !== undefined ? this.current()?.callId : undefined;
    if (m.id === undefined) return undefined;
    const t = this.byRequestId.get(m.id);
    if (m.result?.resultType === 'input_required') this.inRound.push(t?.callId ?? '');
    if (!t) return undefined;
    this.byRequestId.delete(m.id);
    if (t.request !== undefined) {
      const protocolVersion = this.protocolVersion();
      t.ctx.emit?.({ type: 'mcp_traffic', callId: t.callId, server: this.server, request: t.request, response: message, ...(protocolVersion ? { protocolVersion } : {}) });
    }
    return t.callId;
  }
}
