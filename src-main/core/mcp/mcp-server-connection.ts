import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type ElicitResult,
  type JSONRPCMessage,
  type Tool as RemoteTool,
} from '@modelcontextprotocol/sdk/types.js';
import { ConfigError, expandEnv, type McpServerConfig } from '../config/config';
import type { HumanInputPort, JsonSchema, ToolContext } from '../tools/tool';
import { errorResult, type ToolResult } from '../../../src-shared/events/tool-result';
import { McpCallSignal } from './mcp-call-signal';
import { mcpResultToToolResult } from './mcp-content';
import { resolveTransportKind, type McpTransportKind } from './mcp-transport-kind';

/** Lines of a stdio server's stderr kept for "why it failed". */
export const STDERR_TAIL_LINES = 200;
/** Default per-call timeout (`timeoutMs`, docs/mcp.md). */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
/** The least time a server gets to answer initialize and tools/list. */
export const MIN_HANDSHAKE_TIMEOUT_MS = 10_000;
/** The most time a server gets to answer initialize and tools/list. */
export const MAX_HANDSHAKE_TIMEOUT_MS = 30_000;
/** Delays between reconnect attempts after a lost connection. */
export const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** Connection state of one server (the `mcp_server_status` event). */
export type McpConnectionStatus = 'connecting' | 'connected' | 'error' | 'disconnected';

/** What a connection reports to whoever owns it (the manager). */
export interface McpConnectionListener {
  status(conn: McpServerConnection): void;
  /** The server's tool list changed (first connect, list_changed, reconnect). */
  toolsChanged(conn: McpServerConnection): void;
  /** A notification that belongs to no running call (server log lines between calls). */
  log(conn: McpServerConnection, level: 'debug' | 'info' | 'warn' | 'error', message: string): void;
}

/** What one connection needs. */
export interface McpConnectionOptions {
  id: string;
  config: McpServerConfig;
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** False for configs Glassbox built itself (the browser server): nothing to expand. */
  expandVariables: boolean;
  listener: McpConnectionListener;
  /** Used for elicitation when the running call has no port of its own. */
  humanInput?: HumanInputPort;
  clientVersion?: string;
}

/** The SDK's progress callback: progress is routed in observeIncoming (one shared no-op, not a closure per call). */
function ignoreProgress(): void {}

function errMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function mapLogLevel(level: string): 'debug' | 'info' | 'warn' | 'error' {
  if (level === 'debug') return 'debug';
  if (level === 'info' || level === 'notice') return 'info';
  if (level === 'warning') return 'warn';
  return 'error';
}

/**
 * One configured MCP server: connects over stdio, SSE or Streamable HTTP (a bare `url` tries
 * Streamable HTTP, then SSE), keeps its instructions, tools and stderr tail, calls tools with a
 * timeout reset by progress and cancellation forwarded, reconnects with backoff when the
 * transport closes under it, and explains every failure in words a user can act on.
 */
export class McpServerConnection {
  readonly id: string;
  config: McpServerConfig;
  status: McpConnectionStatus = 'disconnected';
  /** Short error for events and lists. */
  lastError?: string;
  /** The longer explanation: exit code and stderr tail, HTTP status, handshake step. */
  whyFailed?: string;
  instructions?: string;
  tools: RemoteTool[] = [];
  /** The transport actually in use (`http` or `sse` once a bare url resolved). */
  transportKind: McpTransportKind | 'unknown' = 'unknown';
  private readonly stderrLines: string[] = [];
  private stderrPartial = '';
  private client?: Client;
  private transport?: Transport;
  private child?: ChildProcess;
  private exitInfo?: { code: number | null; signal: NodeJS.Signals | null };
  private closing = false;
  private generation = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private connectPromise?: Promise<void>;
  /** Calls in flight, by callId (their contexts: no wrapper object per call). */
  private readonly running = new Map<string, ToolContext>();
  private pendingTrafficCallId?: string;
  private readonly trafficById = new Map<string | number, { callId: string; request: JSONRPCMessage; ctx: ToolContext }>();

  constructor(private readonly opts: McpConnectionOptions) {
    this.id = opts.id;
    this.config = opts.config;
    const kind = resolveTransportKind(opts.config);
    if (kind.ok) this.transportKind = kind.kind;
  }

  /** The last lines the server wrote to stderr (stdio only). */
  get stderrTail(): string[] {
    return this.stderrPartial ? [...this.stderrLines, this.stderrPartial] : [...this.stderrLines];
  }

  /** Process id of a stdio server, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid ?? undefined;
  }

  /** The SDK client while connected (diagnostics and bench/mcp.mjs: raw calls on the same server). */
  get sdkClient(): Client | undefined {
    return this.client;
  }

  /** Per-call timeout. */
  get timeoutMs(): number {
    return this.config.timeoutMs && this.config.timeoutMs > 0 ? this.config.timeoutMs : DEFAULT_MCP_TIMEOUT_MS;
  }

  /**
   * Handshake timeout: a short per-call timeout must not fail a slow-starting server, and a
   * long one must not hold up every session start behind a hung server.
   */
  get handshakeTimeoutMs(): number {
    return Math.min(Math.max(this.timeoutMs, MIN_HANDSHAKE_TIMEOUT_MS), MAX_HANDSHAKE_TIMEOUT_MS);
  }

  private setStatus(status: McpConnectionStatus, error?: string, why?: string): void {
    this.status = status;
    if (status === 'error') {
      this.lastError = error;
      this.whyFailed = why ?? error;
    } else if (status === 'connected') {
      this.lastError = undefined;
      this.whyFailed = undefined;
    }
    this.opts.listener.status(this);
  }

  /** Connects (or reconnects). Never throws: failures end in status `error` with an explanation. */
  connect(): Promise<void> {
    if (this.connectPromise) return this.connectPromise;
    this.closing = false;
    this.connectPromise = this.doConnect().finally(() => {
      this.connectPromise = undefined;
    });
    return this.connectPromise;
  }

  private async doConnect(): Promise<void> {
    const gen = ++this.generation;
    this.setStatus('connecting');
    const kind = resolveTransportKind(this.config);
    if (!kind.ok) {
      this.setStatus('error', `mcpServers.${this.id}: ${kind.reason}`);
      return;
    }
    let cfg: McpServerConfig;
    try {
      cfg = this.opts.expandVariables ? expandEnv(this.config, `mcpServers.${this.id}`, this.opts.env) : this.config;
    } catch (err) {
      this.setStatus('error', err instanceof ConfigError ? err.message : errMessage(err));
      return;
    }
    const kinds: McpTransportKind[] = kind.kind === 'auto' ? ['http', 'sse'] : [kind.kind];
    const failures: string[] = [];
    for (const k of kinds) {
      if (gen !== this.generation || this.closing) return;
      const outcome = await this.tryConnect(k, cfg, gen);
      if (outcome.ok) {
        this.transportKind = k;
        this.reconnectAttempt = 0;
        this.setStatus('connected');
        this.opts.listener.toolsChanged(this);
        return;
      }
      failures.push(kinds.length > 1 ? `${k === 'http' ? 'Streamable HTTP' : 'SSE'}: ${outcome.why}` : outcome.why);
      if (gen !== this.generation || this.closing) return;
    }
    const why = failures.join('\n');
    this.setStatus('error', why.split('\n')[0], why);
  }

  private makeClient(): Client {
    const client = new Client(
      { name: 'glassbox', version: this.opts.clientVersion ?? '0.1.0' },
      { capabilities: { roots: { listChanged: true }, elicitation: { form: {} } } },
    );
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(this.opts.workspace).href, name: basename(this.opts.workspace) }],
    }));
    client.setRequestHandler(ElicitRequestSchema, async (req, extra) => this.elicit(req.params, extra.signal));
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      await this.refreshTools();
    });
    // Log lines are routed in wrapIncoming, where their order relative to the call's response is
    // still known (the SDK dispatches notifications a tick later than responses).
    client.setNotificationHandler(LoggingMessageNotificationSchema, async () => {});
    return client;
  }

  private latestCall(): ToolContext | undefined {
    let last: ToolContext | undefined;
    for (const c of this.running.values()) last = c;
    return last;
  }

  private async elicit(params: Record<string, unknown>, signal: AbortSignal): Promise<ElicitResult> {
    const port = this.latestCall()?.humanInput ?? this.opts.humanInput;
    if (!port) return { action: 'decline' };
    const message = typeof params.message === 'string' ? params.message : 'The server asks for input';
    const schema = (params.requestedSchema ?? undefined) as JsonSchema | undefined;
    try {
      const answer = await port.ask({ question: message, server: this.id, ...(schema ? { schema } : {}) }, signal);
      if (answer.action === 'accept') {
        return { action: 'accept', content: (answer.content ?? (answer.text !== undefined ? { value: answer.text } : {})) as ElicitResult['content'] };
      }
      return { action: answer.action };
    } catch {
      return { action: 'cancel' };
    }
  }

  private buildTransport(kind: McpTransportKind, cfg: McpServerConfig): Transport {
    const headers = cfg.headers ?? {};
    if (kind === 'stdio') {
      const t = new StdioClientTransport({
        command: cfg.command!,
        args: cfg.args ?? [],
        env: { ...getDefaultEnvironment(), ...(cfg.env ?? {}) },
        cwd: cfg.cwd ?? this.opts.workspace,
        stderr: 'pipe',
      });
      t.stderr?.on('data', (d: Buffer) => this.addStderr(d.toString()));
      // The SDK hides the child; we need its exit code for "why it failed" and its pid to kill it.
      const start = t.start.bind(t);
      t.start = async () => {
        await start();
        const child = (t as unknown as { _process?: ChildProcess })._process;
        this.child = child;
        child?.once('exit', (code, signal) => {
          this.exitInfo = { code, signal };
        });
      };
      return t;
    }
    const url = new URL(cfg.url!);
    if (kind === 'sse') {
      return new SSEClientTransport(url, { requestInit: { headers } });
    }
    return new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  }

  private addStderr(text: string): void {
    const parts = (this.stderrPartial + text).split(/\r?\n/);
    this.stderrPartial = parts.pop() ?? '';
    this.stderrLines.push(...parts);
    if (this.stderrLines.length > STDERR_TAIL_LINES) this.stderrLines.splice(0, this.stderrLines.length - STDERR_TAIL_LINES);
  }

  private stderrSummary(lines = 20): string {
    const tail = this.stderrTail.filter((l) => l.trim()).slice(-lines);
    return tail.length ? `\nstderr (last ${tail.length} lines):\n${tail.join('\n')}` : '';
  }

  private exitText(): string | undefined {
    if (!this.exitInfo) return undefined;
    const { code, signal } = this.exitInfo;
    return code !== null ? `the process exited with code ${code}` : `the process was killed by ${signal}`;
  }

  /** Turns a connect failure into words: command not on PATH, exit code, HTTP status, step. */
  private explain(err: unknown, step: string, cfg: McpServerConfig, kind: McpTransportKind): string {
    const e = err as { code?: unknown; message?: string };
    if (kind === 'stdio' && e?.code === 'ENOENT') {
      // spawn says ENOENT for a missing cwd too: name the one that is actually missing.
      const cwd = cfg.cwd ?? this.opts.workspace;
      if (!existsSync(cwd)) return `the working folder '${cwd}' of command '${cfg.command}' does not exist`;
      return `command '${cfg.command}' was not found on PATH`;
    }
    if (kind === 'stdio' && (e?.code === 'EACCES' || e?.code === 'EPERM')) return `command '${cfg.command}' is not executable (${e.code})`;
    if (err instanceof StreamableHTTPError || err instanceof SseError) {
      const status = typeof err.code === 'number' && err.code > 0 ? `HTTP ${err.code}` : 'no HTTP response';
      // The URL as written (unexpanded): an expanded ${env:…} in it could be a secret.
      return `${status} from ${this.config.url} during ${step}: ${err.message}`;
    }
    const exit = this.exitText();
    if (kind === 'stdio' && exit) return `${exit} during ${step}${this.stderrSummary()}`;
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      return `the server did not answer ${step} in time${kind === 'stdio' ? this.stderrSummary() : ''}`;
    }
    const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
    const detail = cause?.code ? `${errMessage(err)} (${cause.code})` : errMessage(err);
    return `handshake failed at ${step}: ${detail}${kind === 'stdio' ? this.stderrSummary() : ''}`;
  }

  private async tryConnect(kind: McpTransportKind, cfg: McpServerConfig, gen: number): Promise<{ ok: true } | { ok: false; why: string }> {
    this.exitInfo = undefined;
    let step = kind === 'stdio' ? 'start (spawning the process)' : 'initialize';
    let transport: Transport;
    try {
      transport = this.buildTransport(kind, cfg);
    } catch (err) {
      return { ok: false, why: `cannot set up the ${kind} transport: ${errMessage(err)}` };
    }
    const client = this.makeClient();
    this.recordTraffic(transport);
    try {
      if (kind === 'stdio') {
        // Split start from initialize so a spawn failure is named as such.
        await transport.start();
        // Closed while the process was being spawned: stop it before any handshake.
        if (gen !== this.generation || this.closing) {
          await this.dispose(client, transport);
          return { ok: false, why: 'superseded' };
        }
        step = 'initialize';
        const realStart = transport.start;
        transport.start = async () => {};
        await client.connect(transport, { timeout: this.handshakeTimeoutMs });
        transport.start = realStart;
      } else {
        await client.connect(transport, { timeout: this.handshakeTimeoutMs });
      }
      step = 'tools/list';
      const tools = await this.listAllTools(client);
      if (gen !== this.generation || this.closing) {
        await this.dispose(client, transport);
        return { ok: false, why: 'superseded' };
      }
      this.client = client;
      this.transport = transport;
      this.instructions = client.getInstructions();
      this.tools = tools;
      this.wrapIncoming(transport);
      client.onclose = () => this.onLost(client);
      return { ok: true };
    } catch (err) {
      // Give a dying process a moment so its exit code and last stderr lines are known.
      if (kind === 'stdio' && !this.exitInfo) await new Promise((r) => setTimeout(r, 300));
      const why = this.explain(err, step, cfg, kind);
      await this.dispose(client, transport);
      return { ok: false, why };
    }
  }

  private async listAllTools(client: Client): Promise<RemoteTool[]> {
    const all: RemoteTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.handshakeTimeoutMs });
      all.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  /** Re-lists tools (on list_changed); the owner updates the tool table. */
  async refreshTools(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      this.tools = await this.listAllTools(client);
      this.opts.listener.toolsChanged(this);
    } catch (err) {
      this.opts.listener.log(this, 'warn', `re-listing tools after list_changed failed: ${errMessage(err)}`);
    }
  }

  /** Captures each tools/call request for the inspector (`mcp_traffic`). */
  private recordTraffic(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const m = message as { method?: string; id?: string | number };
      // Protocol.request sends synchronously inside callTool, so the pending id is this call's.
      if (m.method === 'tools/call' && m.id !== undefined && this.pendingTrafficCallId) {
        const callId = this.pendingTrafficCallId;
        const running = this.running.get(callId);
        if (running) this.trafficById.set(m.id, { callId, request: message, ctx: running });
        this.pendingTrafficCallId = undefined;
      }
      return send(message, options);
    };
  }

  private wrapIncoming(transport: Transport): void {
    const onmessage = transport.onmessage;
    if (!onmessage) return;
    transport.onmessage = (message, extra) => {
      try {
        this.observeIncoming(message);
      } catch {
        // Observing is best effort; the protocol must still get the message.
      }
      onmessage.call(transport, message, extra);
    };
  }

  /**
   * Attaches progress, log lines and the raw response to the running call. Done here, in
   * arrival order, because the SDK handles notifications a tick after responses: the last
   * progress or log line of a call would otherwise arrive after the call ended.
   */
  private observeIncoming(message: JSONRPCMessage): void {
    const m = message as { id?: string | number; method?: string; params?: Record<string, unknown> };
    if (m.method === 'notifications/progress') {
      const p = m.params ?? {};
      const t = this.trafficById.get(p.progressToken as string | number);
      if (!t) return;
      t.ctx.emit?.({
        type: 'tool_execution_update',
        callId: t.callId,
        kind: 'progress',
        progress: Number(p.progress),
        ...(typeof p.total === 'number' ? { total: p.total } : {}),
        ...(typeof p.message === 'string' ? { message: p.message } : {}),
      });
      return;
    }
    if (m.method === 'notifications/message') {
      const p = m.params ?? {};
      const level = typeof p.level === 'string' ? p.level : 'info';
      const text = (typeof p.logger === 'string' ? `${p.logger}: ` : '') + (typeof p.data === 'string' ? p.data : JSON.stringify(p.data));
      const call = this.latestCall();
      if (call?.emit) call.emit({ type: 'tool_execution_update', callId: call.callId, kind: 'log', level, message: text });
      else this.opts.listener.log(this, mapLogLevel(level), text);
      return;
    }
    if (m.id !== undefined && m.method === undefined) {
      const t = this.trafficById.get(m.id);
      if (t) {
        this.trafficById.delete(m.id);
        t.ctx.emit?.({ type: 'mcp_traffic', callId: t.callId, server: this.id, request: t.request, response: message });
      }
    }
  }

  private onLost(client: Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.transport = undefined;
    this.child = undefined;
    if (this.closing) {
      this.setStatus('disconnected');
      return;
    }
    // Let the exit event land so the message can say how the process ended.
    setTimeout(() => {
      const exit = this.exitText();
      const why = `${exit ? `${exit}` : 'the connection closed'} unexpectedly${this.stderrSummary()}`;
      this.setStatus('error', why.split('\n')[0], why);
      this.scheduleReconnect();
    }, 50);
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    if (this.reconnectAttempt >= RECONNECT_DELAYS_MS.length) return;
    const delay = RECONNECT_DELAYS_MS[this.reconnectAttempt++];
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect().then(() => {
        if (this.status === 'error') this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref?.();
  }

  /**
   * Calls a remote tool by its original name. Never throws: timeouts (reset by progress),
   * cancellation, a closed connection and protocol errors become error results.
   */
  async callTool(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    if (this.connectPromise) await this.connectPromise;
    const client = this.client;
    if (!client || this.status !== 'connected') {
      const why = this.lastError ? `: ${this.lastError}` : '';
      return errorResult(`MCP server '${this.id}' is not connected (status ${this.status})${why}`);
    }
    this.running.set(ctx.callId, ctx);
    // The SDK never removes its abort listener and a run's signal is shared by all of its
    // calls, so the SDK gets a per-call handle linked to it (see McpCallSignal for why not an
    // AbortController).
    const cancel = new McpCallSignal().link(ctx.signal);
    // Traffic is captured only for a caller that can receive it (`mcp_traffic` goes out through
    // ctx.emit); otherwise each call would keep its request object alive for nothing.
    const recordTraffic = ctx.emit !== undefined;
    try {
      if (recordTraffic) this.pendingTrafficCallId = ctx.callId;
      const result = await client.callTool({ name, arguments: args }, undefined, {
        signal: cancel.asAbortSignal(),
        timeout: this.timeoutMs,
        resetTimeoutOnProgress: true,
        // Progress is reported from observeIncoming; asking for it makes the SDK send a
        // progressToken and reset the timeout on each notification.
        onprogress: ignoreProgress,
      });
      return mcpResultToToolResult(result as CallToolResult);
    } catch (err) {
      if (ctx.signal.aborted) return errorResult(`cancelled: the call to ${name} on MCP server '${this.id}' was cancelled`);
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        return errorResult(`MCP server '${this.id}' did not answer ${name} within ${this.timeoutMs} ms (timeoutMs)`);
      }
      if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) {
        await new Promise((r) => setTimeout(r, 100));
        const exit = this.exitText();
        return errorResult(`MCP server '${this.id}' closed the connection during ${name}${exit ? ` (${exit})` : ''}; Glassbox reconnects it`);
      }
      return errorResult(`MCP server '${this.id}' failed ${name}: ${errMessage(err)}`);
    } finally {
      cancel.unlink();
      this.running.delete(ctx.callId);
      if (recordTraffic) {
        if (this.pendingTrafficCallId === ctx.callId) this.pendingTrafficCallId = undefined;
        // The response normally removed the entry already; a cancelled or timed-out call's stays.
        if (this.trafficById.size) for (const [id, t] of this.trafficById) if (t.callId === ctx.callId) this.trafficById.delete(id);
      }
    }
  }

  private async dispose(client: Client, transport: Transport): Promise<void> {
    const child = this.child;
    await killProcess(child);
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  }

  /**
   * Disconnects; a stdio server's process gets SIGTERM, then SIGKILL if it lingers — also one
   * still in its handshake (its connect then fails and, being superseded, reports nothing).
   */
  async close(): Promise<void> {
    this.closing = true;
    this.generation++;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    const transport = this.transport;
    const child = this.child;
    this.client = undefined;
    this.transport = undefined;
    await killProcess(child);
    if (client && transport) {
      await client.close().catch(() => {});
      await transport.close().catch(() => {});
    }
    this.child = undefined;
    this.tools = [];
    if (this.status !== 'disconnected') this.setStatus('disconnected');
  }
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the process is gone. */
export async function killProcess(child: ChildProcess | undefined, graceMs = 2_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, graceMs);
  await gone;
  clearTimeout(timer);
}
