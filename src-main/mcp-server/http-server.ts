import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHttpHandler,
  type Server,
} from '@modelcontextprotocol/server';
import { McpEventStore } from './event-store';
import { allowedHostnames, checkBearerToken, checkHostHeader, checkOriginHeader } from './http-guards';
import { LegacyConnectionPool } from './legacy-connection-pool';
import type { ModernNotifier } from './serve-hub';
import { sendWebResponse, toWebRequest } from './node-fetch-bridge';

/** Largest request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** How the HTTP server is set up. */
export interface McpHttpServerOptions {
  host: string;
  port: number;
  /** Bearer token; generated when absent (read it back from `token`). */
  token?: string;
  /** A fresh MCP server: for a 2025-era session (`connection`) or one 2026-era request. */
  createServer: (era: 'legacy' | 'modern', connection: boolean) => Server;
  /** Where 2026-era change notifications go once the handler exists. */
  onModernNotifier?: (n: ModernNotifier) => void;
  /** A 2026-era `subscriptions/listen` stream for these resource URIs opened; returns its close. */
  onListen?: (uris: string[]) => () => void;
  /** A 2025-era session idle this long is closed. */
  sessionIdleMs?: number;
  /** At most this many 2025-era sessions at once. */
  maxSessions?: number;
}

interface LegacyConnection {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  close(): Promise<void>;
}

/** A random token for `mcp serve --http` when none is given. */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** Most resource URIs one listen stream may have watched. */
const MAX_LISTENED = 256;

/** The resource URIs of a `subscriptions/listen` request (none for anything else). */
export function listenedUris(body: unknown): string[] {
  const m = body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } } | null;
  if (!m || typeof m !== 'object' || m.method !== 'subscriptions/listen') return [];
  const list = m.params?.notifications?.resourceSubscriptions;
  return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string').slice(0, MAX_LISTENED) : [];
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Streamable HTTP at `/mcp` for both protocol eras, behind a bearer token and Host/Origin
 * checks (403) against DNS rebinding. A request carrying the 2026-07-28 envelope goes to the
 * SDK's stateless handler (a fresh server per request); anything else is 2025-era: one MCP
 * session per `initialize`, with SSE streams, resumption and polling, kept in a pool that
 * closes idle sessions and caps their number.
 */
export class McpHttpServer {
  readonly token: string;
  private readonly sessions: LegacyConnectionPool<LegacyConnection>;
  private readonly modern: McpHttpHandler;
  private http?: HttpServer;
  private port = 0;
  private allowed: string[];

  constructor(private readonly opts: McpHttpServerOptions) {
    this.token = opts.token || generateToken();
    this.allowed = allowedHostnames(opts.host);
    this.sessions = new LegacyConnectionPool({ idleMs: opts.sessionIdleMs, maxSessions: opts.maxSessions });
    this.modern = createMcpHandler(() => opts.createServer('modern', false), { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES });
    opts.onModernNotifier?.(this.modern.notify);
  }

  /** The endpoint URL (valid after `start`). */
  get url(): string {
    const host = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
    return `http://${host}:${this.port}/mcp`;
  }

  /** 2025-era sessions open now. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Listens; resolves with the bound port. */
  async start(): Promise<number> {
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((err) => jsonRpcError(res, 500, -32603, `Internal error: ${(err as Error).message}`));
    });
    await new Promise<void>((resolve, reject) => {
      this.http!.once('error', reject);
      this.http!.listen(this.opts.port, this.opts.host, () => resolve());
    });
    const address = this.http.address() as AddressInfo;
    this.port = address.port;
    // Accept the Host header of the address actually bound (a wildcard bind answers to loopback).
    this.allowed = allowedHostnames(this.opts.host, address.address);
    this.sessions.start();
    return this.port;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = checkHostHeader(req.headers.host, this.allowed, this.port);
    if (!host.ok) return jsonRpcError(res, 403, -32000, `Forbidden: ${host.reason}`);
    const origin = checkOriginHeader(req.headers.origin, this.allowed, this.port);
    if (!origin.ok) return jsonRpcError(res, 403, -32000, `Forbidden: ${origin.reason}`);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return jsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is /mcp`);
    const auth = checkBearerToken(req.headers.authorization, url.searchParams.get('token'), this.token);
    if (!auth.ok) return jsonRpcError(res, 401, -32000, `Unauthorized: ${auth.reason}`, { 'WWW-Authenticate': 'Bearer' });
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      return jsonRpcError(res, 405, -32000, `Method not allowed: ${req.method}`, { Allow: 'GET, POST, DELETE' });
    }

    let raw: Buffer | undefined;
    let body: unknown;
    let parsed = false;
    if (req.method === 'POST') {
      try {
        raw = await readBody(req);
      } catch (err) {
        if ((err as { status?: number }).status === 413) return jsonRpcError(res, 413, -32600, 'Invalid Request: body too large');
        throw err;
      }
      try {
        body = JSON.parse(raw.toString('utf8'));
        parsed = true;
      } catch {
        // Left to the era's own answer below (a parse error).
      }
    }
    const request = toWebRequest(req, res, raw);
    if (!(await isLegacyRequest(request, parsed ? body : undefined))) {
      // The files a listen stream asks about are watched while the stream is open.
      const uris = listenedUris(body);
      if (uris.length && this.opts.onListen) res.once('close', this.opts.onListen(uris));
      return sendWebResponse(res, await this.modern.fetch(request, parsed ? { parsedBody: body } : undefined));
    }
    return this.handleLegacy(req, res, request, parsed, body);
  }

  private async handleLegacy(req: IncomingMessage, res: ServerResponse, request: Request, parsed: boolean, body: unknown): Promise<void> {
    const header = req.headers['mcp-session-id'];
    const sid = Array.isArray(header) ? header[0] : header;
    if (req.method === 'POST' && !parsed) return jsonRpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    if (sid) {
      const s = this.sessions.get(sid);
      if (!s) return jsonRpcError(res, 404, -32001, 'Session not found (it ended or expired): send initialize again');
      // A standalone GET stream does not keep its session from expiring; requests do.
      const done = req.method === 'GET' ? () => undefined : this.sessions.begin(sid);
      try {
        return await sendWebResponse(res, await s.transport.handleRequest(request, parsed ? { parsedBody: body } : undefined));
      } finally {
        done();
      }
    }
    if (req.method !== 'POST') return jsonRpcError(res, 400, -32000, 'Bad Request: missing Mcp-Session-Id header');
    const isInit = Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
    if (!isInit) return jsonRpcError(res, 400, -32000, 'Bad Request: no valid session ID (send initialize first)');
    if (!(await this.sessions.makeRoom())) {
      return jsonRpcError(res, 503, -32000, `Too many sessions: all ${this.sessions.maxSessions} are answering requests; try again shortly`, { 'Retry-After': '1' });
    }
    const server = this.opts.createServer('legacy', true);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Resumable SSE streams: priming events, Last-Event-ID replay, a retry hint for clients.
      eventStore: new McpEventStore(),
      retryInterval: 1_000,
      onsessioninitialized: (id) => {
        this.sessions.add(id, session);
      },
    });
    const session: LegacyConnection = {
      transport,
      server,
      close: async () => {
        await transport.close().catch(() => undefined);
      },
    };
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    return sendWebResponse(res, await transport.handleRequest(request, { parsedBody: body }));
  }

  /** Closes every MCP session and the listener. */
  async close(): Promise<void> {
    await this.sessions.close();
    await this.modern.close().catch(() => undefined);
    if (this.http) {
      this.http.closeAllConnections?.();
      await new Promise<void>((r) => this.http!.close(() => r()));
    }
  }
}
