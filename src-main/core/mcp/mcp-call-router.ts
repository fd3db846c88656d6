import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolContext } from '../tools/tool';

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
  request: unknown;
}

/**
 * Which tool call each message of one server belongs to. A call runs inside `run()`, so what
 * the SDK sends on its behalf — the request, the retries of 2026 input rounds — is tagged
 * with its callId, and so are the answers, progress and the server's questions (elicitation,
 * sampling, roots) that arrive for it. What cannot be tied to a request (a stdio server's
 * log line, a 2025 server→client request over stdio) goes to the latest running call.
 */
export class McpCallRouter {
  private readonly scope = new AsyncLocalStorage<string>();
  /** Calls in flight, by callId. */
  readonly running = new Map<string, ToolContext>();
  private readonly byRequestId = new Map<string | number, Pending>();
  private readonly byProgressToken = new Map<string | number, Pending>();

  constructor(
    private readonly server: string,
    /** Protocol revision in use, for the `mcp_traffic` events. */
    private readonly protocolVersion: () => string | undefined,
    /** A log line no call can take. */
    private readonly log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void,
  ) {}

  /** Runs `fn` as the call `ctx` (its messages are tagged with its callId). */
  run<T>(ctx: ToolContext, fn: () => Promise<T>): Promise<T> {
    this.running.set(ctx.callId, ctx);
    return this.scope.run(ctx.callId, fn).finally(() => {
      this.running.delete(ctx.callId);
      if (this.byRequestId.size) for (const [id, p] of this.byRequestId) if (p.callId === ctx.callId) this.byRequestId.delete(id);
      if (this.byProgressToken.size) for (const [t, p] of this.byProgressToken) if (p.callId === ctx.callId) this.byProgressToken.delete(t);
    });
  }

  /** Runs `fn` for no call (browsing resources and prompts): what it causes is nobody's call. */
  runDetached<T>(fn: () => Promise<T>): Promise<T> {
    return this.scope.run('', fn);
  }

  /** The call the current code runs for, else the latest one running. */
  current(): ToolContext | undefined {
    const id = this.scope.getStore();
    if (id === '') return undefined;
    const ctx = id ? this.running.get(id) : undefined;
    if (ctx) return ctx;
    let last: ToolContext | undefined;
    for (const c of this.running.values()) last = c;
    return last;
  }

  /** Tags an outgoing message; returns its callId. */
  outgoing(message: unknown): string | undefined {
    const id = this.scope.getStore();
    if (!id) return undefined;
    const ctx = this.running.get(id);
    if (!ctx) return undefined;
    const m = message as { id?: string | number; method?: string; params?: { _meta?: { progressToken?: string | number } } };
    // Only a caller that can receive traffic keeps requests alive (`mcp_traffic` goes out through ctx.emit).
    if (m.method !== undefined && m.id !== undefined && ctx.emit) {
      const p: Pending = { callId: id, ctx, request: message };
      if (m.method === 'tools/call') this.byRequestId.set(m.id, p);
      const token = m.params?._meta?.progressToken;
      if (token !== undefined) this.byProgressToken.set(token, p);
    }
    return id;
  }

  /**
   * Attaches progress, log lines and the raw response to the running call; returns the callId
   * of an incoming message. Done before the SDK sees the message: it handles notifications a
   * tick after responses, so the last progress or log line would otherwise come after the end.
   */
  incoming(message: unknown): string | undefined {
    const m = message as { id?: string | number; method?: string; params?: Record<string, unknown> };
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
    if (m.method === 'notifications/message') {
      const p = m.params ?? {};
      const level = typeof p.level === 'string' ? p.level : 'info';
      const text = (typeof p.logger === 'string' ? `${p.logger}: ` : '') + (typeof p.data === 'string' ? p.data : JSON.stringify(p.data));
      const call = this.current();
      if (call?.emit) call.emit({ type: 'tool_execution_update', callId: call.callId, kind: 'log', level, message: text });
      else this.log(mapLogLevel(level), text);
      return call?.callId;
    }
    if (m.id !== undefined && m.method === undefined) {
      const t = this.byRequestId.get(m.id);
      if (t) {
        this.byRequestId.delete(m.id);
        const protocolVersion = this.protocolVersion();
        t.ctx.emit?.({ type: 'mcp_traffic', callId: t.callId, server: this.server, request: t.request, response: message, ...(protocolVersion ? { protocolVersion } : {}) });
        return t.callId;
      }
    }
    return this.scope.getStore();
  }
}
