import type { ChildProcess } from 'node:child_process';
import type { Client, Tool as RemoteTool, Transport } from '@modelcontextprotocol/client';
import { type McpServerConfig } from '../../config/config';
import { ConfigError } from '../../config/config-error';
import { serverSecrets } from '../../secrets/config-secrets';
import { expandReferences } from '../../secrets/references';
import { SecretRedactor } from '../../secrets/redactor';
import type { ToolContext } from '../../tools/tool';
import { errorResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import { McpCallRouter } from './call-router';
import { connectRetry, errMessage, exitText, explainConnectFailure, needsSignIn, type ExitInfo } from './failure-explanation';
import { eraKey, forgetEra, rememberEra, rememberedEra } from './era-verdicts';
import { protocolSetting } from './protocol-version';
import { ReconnectBackoff } from './reconnect';
import { connectStarted, makeMcpClient } from './sdk-client';
import { openPages } from './elicitation';
import { StderrTail } from './stderr-tail';
import { callRemoteTool, newTraceparent } from './tool-call';
import { listServerTools } from './tool-listing';
import { McpTrafficLog } from './traffic-log';
import { buildTransport, stdioChild, transportCandidates, transportLabel } from './transport-factory';
import { resolveTransportKind, type McpTransportKind } from './transport-kind';
import {
  DEFAULT_MCP_TIMEOUT_MS,
  MAX_HANDSHAKE_TIMEOUT_MS,
  MIN_HANDSHAKE_TIMEOUT_MS,
  STDIO_PROBE_TIMEOUT_MS,
  type McpConnectionOptions,
  type McpConnectionStatus,
} from './connection-types';
import { killProcess } from './kill-process';
import { applyServerLogLevel } from './log-level';
import { carryTraceContext } from './trace-meta';

type Attempt = { ok: true } | { ok: false; why: string; signIn: boolean };

/**
 * One configured MCP server: connects over stdio, SSE or Streamable HTTP (a bare `url` tries
 * Streamable HTTP, then SSE) in the protocol era the config and the server agree on, keeps its
 * instructions and tools, logs its traffic, calls tools, reconnects with backoff when the
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
  /** The same tools by name (a call passes its tool's definition along). */
  private toolsByName = new Map<string, RemoteTool>();
  /** The transport actually in use (`http` or `sse` once a bare url resolved). */
  transportKind: McpTransportKind | 'unknown' = 'unknown';
  /** Every JSON-RPC message and HTTP exchange with this server, secrets masked. */
  readonly traffic = new McpTrafficLog();
  /** Routes messages to the tool calls they belong to. */
  readonly router: McpCallRouter;
  private readonly stderr = new StderrTail();
  private client?: Client;
  private transport?: Transport;
  private child?: ChildProcess;
  private exitInfo?: ExitInfo;
  private closing = false;
  private generation = 0;
  private readonly backoff = new ReconnectBackoff();
  private connectPromise?: Promise<void>;

  constructor(private readonly opts: McpConnectionOptions) {
    this.id = opts.id;
    this.config = opts.config;
    const kind = resolveTransportKind(opts.config);
    if (kind.ok) this.transportKind = kind.kind;
    this.router = new McpCallRouter(opts.id, () => this.protocolVersion, (level, message) => opts.listener.log(this, level, message));
  }

  /** The revision in use (`2026-07-28`, `2025-11-25`, …) while connected. */
  get protocolVersion(): string | undefined {
    return this.client?.getNegotiatedProtocolVersion();
  }

  /** The last lines the server wrote to stderr (stdio only). */
  get stderrTail(): string[] {
    return this.stderr.tail;
  }

  /** Process id of a stdio server, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid ?? undefined;
  }

  /** The SDK client while connected (resources, prompts, bench/mcp.mjs: raw calls on the same server). */
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
    if (status === 'error' || status === 'needs-sign-in') {
      this.lastError = error;
      this.whyFailed = why ?? error;
    } else if (status === 'connected') {
      this.lastError = undefined;
      this.whyFailed = undefined;
    }
    this.opts.listener.status(this);
  }

  /** Connects (or reconnects; after a sign-in too). Never throws: failures end in `error` or `needs-sign-in` with an explanation. */
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
    if (!kind.ok) return this.setStatus('error', `mcpServers.${this.id}: ${kind.reason}`);
    const era = protocolSetting(this.config);
    if (!era.ok) return this.setStatus('error', `mcpServers.${this.id}: ${era.reason}`);
    let cfg: McpServerConfig;
    try {
      cfg = this.opts.expandVariables ? expandReferences(this.config, `mcpServers.${this.id}`, this.opts.env) : this.config;
    } catch (err) {
      return this.setStatus('error', err instanceof ConfigError ? err.message : errMessage(err));
    }
    // The server's secrets (what its references expand to): the log hides them wherever they show up.
    this.traffic.redactor = new SecretRedactor(serverSecrets(this.config, this.opts.env));
    this.traffic.customHeaders = new Set(Object.keys(cfg.headers ?? {}).map((h) => h.toLowerCase()));
    const kinds = transportCandidates(kind.kind);
    const failures: string[] = [];
    let signIn = false;
    for (const k of kinds) {
      if (gen !== this.generation || this.closing) return;
      const outcome = await this.tryConnect(k, cfg, gen);
      if (outcome.ok) {
        this.transportKind = k;
        this.backoff.reset();
        this.setStatus('connected');
        this.opts.listener.toolsChanged(this);
        return;
      }
      failures.push(kinds.length > 1 ? `${transportLabel(k)}: ${outcome.why}` : outcome.why);
      if (outcome.signIn) {
        // The server is there and wants a sign-in: SSE would not change that.
        signIn = true;
        break;
      }
      if (gen !== this.generation || this.closing) return;
    }
    const why = failures.join('\n');
    this.setStatus(signIn ? 'needs-sign-in' : 'error', why.split('\n')[0], why);
  }

  private makeClient(): Client {
    const era = protocolSetting(this.config);
    return makeMcpClient({
      id: this.id,
      config: this.config,
      options: this.opts,
      setting: era.ok ? era.setting : 'auto',
      probeTimeoutMs: this.transportKind === 'stdio' ? Math.min(STDIO_PROBE_TIMEOUT_MS, this.handshakeTimeoutMs) : this.handshakeTimeoutMs,
      currentCall: () => this.router.current(),
      toolsChanged: () => void this.refreshTools(),
      catalogChanged: (what) => this.opts.listener.catalogChanged?.(this, what),
      resourceUpdated: (uri) => this.opts.listener.resourceUpdated?.(this, uri),
      serverRequest: (r) => this.opts.listener.serverRequest?.(this, r),
      unusable: (text) => {
        this.traffic.record({ kind: 'note', text });
        this.opts.listener.log(this, 'warn', text);
      },
    });
  }

  private async tryConnect(kind: Exclude<McpTransportKind, 'auto'>, cfg: McpServerConfig, gen: number, retried = false): Promise<Attempt> {
    const era = protocolSetting(this.config);
    const key = eraKey(kind, cfg);
    const prior = era.ok && era.setting === 'auto' ? rememberedEra(key, this.opts.eraFile) : undefined;
    this.exitInfo = undefined;
    this.transportKind = kind;
    let step = kind === 'stdio' ? 'start (spawning the process)' : 'the handshake';
    let transport: Transport;
    try {
      const auth = kind === 'stdio' ? undefined : await this.opts.auth?.(this.id, cfg);
      transport = buildTransport(kind, cfg, {
        workspace: this.opts.workspace,
        onStderr: (t) => this.stderr.add(t),
        ...(kind !== 'stdio' ? { fetch: this.traffic.observingFetch(auth?.fetch) } : {}),
      });
    } catch (err) {
      return { ok: false, why: `cannot set up the ${kind} transport: ${errMessage(err)}`, signIn: needsSignIn(err) };
    }
    const client = this.makeClient();
    this.traffic.reset();
    this.traffic.attach(transport, (m, dir) => (dir === 'out' ? this.router.outgoing(m) : this.router.incoming(m)));
    if (this.opts.traceContext) carryTraceContext(transport, this.opts.traceContext, (tp) => this.router.callOf(tp));
    const fail = async (err: unknown): Promise<Attempt> => {
      if (step === 'the handshake' && this.traffic.lastRequestMethod) step = this.traffic.lastRequestMethod;
      // Give a dying process a moment so its exit code and last stderr lines are known.
      if (kind === 'stdio' && !this.exitInfo) await new Promise((r) => setTimeout(r, 300));
      const why = explainConnectFailure(err, step, { config: this.config, cwd: cfg.cwd ?? this.opts.workspace, kind, exit: this.exitInfo, stderr: this.stderr.summary() });
      this.traffic.record({ kind: 'note', text: `connect failed: ${why.split('\n')[0]}` });
      await this.dispose(client, transport);
      // Once more: a remembered era gone stale (the server was upgraded or replaced), or a dropped socket.
      const again = retried || gen !== this.generation || this.closing ? null : connectRetry(err, kind, !!prior);
      if (again === 'stale-era') forgetEra(key, this.opts.eraFile);
      if (again) return this.tryConnect(kind, cfg, gen, true);
      return { ok: false, why, signIn: needsSignIn(err) };
    };
    try {
      if (kind === 'stdio') {
        // Split start from the handshake so a spawn failure is named as such.
        await transport.start();
        this.child = stdioChild(transport);
        this.child?.once('exit', (code, signal) => {
          this.exitInfo = { code, signal };
        });
        if (gen !== this.generation || this.closing) {
          await this.dispose(client, transport);
          return { ok: false, why: 'superseded', signIn: false };
        }
        step = 'the handshake';
        await connectStarted(client, transport, { timeout: this.handshakeTimeoutMs, ...(prior ? { prior } : {}) });
      } else {
        await client.connect(transport, { timeout: this.handshakeTimeoutMs, ...(prior ? { prior } : {}) });
      }
      this.traffic.protocolVersion = client.getNegotiatedProtocolVersion();
      const how = prior ? 'the era found before, no probe' : client.getProtocolEra() === 'modern' ? 'server/discover' : 'initialize';
      this.traffic.record({ kind: 'note', text: `connected: protocol ${this.traffic.protocolVersion ?? 'unknown'} (${how})` });
      if (era.ok && era.setting === 'auto') rememberEra(key, client, this.opts.eraFile);
      step = 'tools/list';
      const tools = await this.listAllTools(client);
      if (gen !== this.generation || this.closing) {
        await this.dispose(client, transport);
        return { ok: false, why: 'superseded', signIn: false };
      }
      this.client = client;
      this.transport = transport;
      this.instructions = client.getInstructions();
      this.setTools(tools);
      client.onclose = () => this.onLost(client);
      await this.applyLogLevel(client);
      return { ok: true };
    } catch (err) {
      return fail(err);
    }
  }

  /** Changes the lowest log level asked of the server, now (2025: `logging/setLevel`) and for the next calls (2026: `_meta`). */
  async setLogLevel(level: string | undefined): Promise<void> {
    this.config = { ...this.config, ...(level ? { logLevel: level } : {}) };
    if (!level) delete this.config.logLevel;
    if (this.client && this.status === 'connected') await this.applyLogLevel(this.client);
  }

  /** Config `logLevel` on a 2025 server (`logging/setLevel`); on 2026 it rides each request's `_meta`. */
  private async applyLogLevel(client: Client): Promise<void> {
    const level = this.config.logLevel;
    await applyServerLogLevel(client, level, this.handshakeTimeoutMs).catch((err: unknown) => {
      this.opts.listener.log(this, 'warn', `logging/setLevel ${level} failed: ${errMessage(err)}`);
    });
  }

  private listAllTools(client: Client): Promise<RemoteTool[]> {
    return listServerTools(client, this.traffic, this.handshakeTimeoutMs, (name) =>
      this.opts.listener.log(this, 'warn', `tool '${name}' of MCP server '${this.id}' is not available: its x-mcp-header declarations are invalid, so its arguments cannot be sent as headers`),
    );
  }

  private setTools(tools: RemoteTool[]): void {
    this.tools = tools;
    this.toolsByName = new Map(tools.map((t) => [t.name, t]));
  }

  /** Re-lists tools (on list_changed); the owner updates the tool table. */
  async refreshTools(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      this.setTools(await this.listAllTools(client));
      this.opts.listener.toolsChanged(this);
    } catch (err) {
      this.opts.listener.log(this, 'warn', `re-listing tools after list_changed failed: ${errMessage(err)}`);
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
      const exit = exitText(this.exitInfo);
      const why = `${exit ?? 'the connection closed'} unexpectedly${this.stderr.summary()}`;
      this.traffic.record({ kind: 'note', text: why.split('\n')[0] });
      this.setStatus('error', why.split('\n')[0], why);
      this.backoff.schedule(async () => {
        if (this.closing) return false;
        await this.connect();
        return this.status === 'error';
      });
    }, 50);
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
    // With OpenTelemetry export on, the call's own span: the server's spans join Glassbox's trace.
    const traceparent = this.opts.traceContext?.(ctx.callId)?.traceparent ?? newTraceparent();
    return this.router.run(ctx, traceparent, () =>
      callRemoteTool(client, this.toolsByName, name, args, ctx, {
        server: this.id,
        traceparent,
        timeoutMs: this.timeoutMs,
        logLevel: this.config.logLevel,
        tasks: this.router.tasks,
        urlsRequired: (pages) =>
          openPages(pages, { server: this.id, callId: ctx.callId, port: ctx.humanInput ?? this.opts.humanInput, openUrl: this.opts.openUrl, signal: ctx.signal }, (page, action) =>
            this.opts.listener.serverRequest?.(this, { server: this.id, callId: ctx.callId, method: 'elicitation/create', outcome: action, params: { mode: 'url', ...page } }),
          ),
        cancelled: () =>
          void this.traffic.record({ kind: 'note', callId: ctx.callId, text: `${name} cancelled: ${client.getProtocolEra() === 'modern' && this.transportKind !== 'stdio' ? 'its request stream was closed' : 'notifications/cancelled sent'}` }),
        closedDetail: async () => {
          await new Promise((r) => setTimeout(r, 100));
          return exitText(this.exitInfo);
        },
      }),
    );
  }

  /** The Streamable HTTP session id (`Mcp-Session-Id`) while one is open. */
  get sessionId(): string | undefined {
    const id = (this.transport as { sessionId?: unknown } | undefined)?.sessionId;
    return typeof id === 'string' ? id : undefined;
  }

  private async dispose(client: Client, transport: Transport): Promise<void> {
    const child = this.child ?? stdioChild(transport);
    this.child = undefined;
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
    this.backoff.cancel();
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
    this.setTools([]);
    if (this.status !== 'disconnected') this.setStatus('disconnected');
  }
}
