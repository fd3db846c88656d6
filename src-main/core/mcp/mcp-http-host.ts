import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { McpEventStore } from './mcp-event-store';
import { allowedHostnames, checkBearerToken, checkHostHeader, checkOriginHeader } from './mcp-http-guards';

/** Largest request body accepted. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** How the HTTP host is set up. */
export interface McpHttpHostOptions {
  host: string;
  port: number;
  /** Bearer token; generated when absent (read it back from `token`). */
  token?: string;
  /** A fresh MCP Server for each MCP session. */
  createServer: () => Server;
}

interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: Server;
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

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Streamable HTTP at `/mcp` with a bearer token, Host/Origin checks (403) against DNS
 * rebinding, one MCP session per `initialize`, and JSON-RPC errors for bad requests.
 */
export class McpHttpHost {
  readonly token: string;
  private readonly sessions = new Map<string, McpSession>();
  private http?: HttpServer;
  private port = 0;
  private allowed: string[];

  constructor(private readonly opts: McpHttpHostOptions) {
    this.token = opts.token || generateToken();
    this.allowed = allowedHostnames(opts.host);
  }

  /** The endpoint URL (valid after `start`). */
  get url(): string {
    const host = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
    return `http://${host}:${this.port}/mcp`;
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
    this.port = (this.http.address() as AddressInfo).port;
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

    const sessionId = req.headers['mcp-session-id'];
    const sid = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (req.method === 'POST') {
      let body: unknown;
      try {
        const text = await readBody(req);
        body = JSON.parse(text);
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status === 413) return jsonRpcError(res, 413, -32600, 'Invalid Request: body too large');
        return jsonRpcError(res, 400, -32700, `Parse error: ${(err as Error).message}`);
      }
      if (sid) {
        const s = this.sessions.get(sid);
        if (!s) return jsonRpcError(res, 404, -32001, 'Session not found');
        return s.transport.handleRequest(req, res, body);
      }
      const isInit = Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
      if (!isInit) return jsonRpcError(res, 400, -32000, 'Bad Request: no valid session ID (send initialize first)');
      const server = this.opts.createServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        // Resumable SSE streams: priming events, Last-Event-ID replay, a retry hint for clients.
        eventStore: new McpEventStore(),
        retryInterval: 1_000,
        onsessioninitialized: (id) => {
          this.sessions.set(id, { transport, server });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) this.sessions.delete(transport.sessionId);
        void server.close().catch(() => {});
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!sid) return jsonRpcError(res, 400, -32000, 'Bad Request: missing Mcp-Session-Id header');
      const s = this.sessions.get(sid);
      if (!s) return jsonRpcError(res, 404, -32001, 'Session not found');
      return s.transport.handleRequest(req, res);
    }
    return jsonRpcError(res, 405, -32000, `Method not allowed: ${req.method}`, { Allow: 'GET, POST, DELETE' });
  }

  /** Closes every MCP session and the listener. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.transport.close().catch(() => {})));
    this.sessions.clear();
    if (this.http) {
      this.http.closeAllConnections?.();
      await new Promise<void>((r) => this.http!.close(() => r()));
    }
  }
}
