import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BridgeConnector } from '../bridge/app-host';
import { allowedHosts, checkHost, checkOrigin, checkToken, pageCookieName, pageCookieValue, readCookie, staticPathFor, type Verdict } from './security';
import { awaitAuthFrame, containErrors, webSocketTransport } from './web-socket-transport';

/** The renderer's Content-Security-Policy, sent as a header too (the page also has a meta tag). */
export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** The path where the bridge's WebSocket lives. */
export const BRIDGE_PATH = '/bridge';

/** The largest WebSocket frame the host takes; a bigger one closes that connection (1009). */
export const MAX_FRAME_BYTES = 32 * 1024 * 1024;

export interface WebHostOptions {
  bridge: BridgeConnector;
  /** Folder with the built renderer (index.html + assets). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Fixed token (tests); default 32 random bytes, hex. */
  token?: string;
  /** The MCP App views' sandbox origin (`ViewSandboxServer`): the only origin the page may frame. */
  viewSandboxOrigin?: () => string | undefined;
}

/** The page's policy, with the view sandbox's origin as the one frame source when there is one. */
export function webCsp(frameOrigin?: string): string {
  return frameOrigin ? `${WEB_CSP}; frame-src ${frameOrigin}` : WEB_CSP;
}

/**
 * Serves the built renderer and the bridge over WebSocket to a browser on this machine.
 * Every request and upgrade passes the token, Host and Origin checks of security.ts first.
 */
export class WebHost {
  readonly token: string;
  private server: Server | null = null;
  private wss: WebSocketServer | null = null;
  private allowed: string[] = [];
  private port = 0;
  private readonly rendererDir: string;

  constructor(private readonly opts: WebHostOptions) {
    this.token = opts.token ?? randomBytes(32).toString('hex');
    this.rendererDir = resolve(opts.rendererDir);
  }

  /** Listens; resolves with the URL to open (token included). */
  async start(): Promise<{ url: string; host: string; port: number }> {
    const host = this.opts.host ?? '127.0.0.1';
    const server = createServer((req, res) => this.onRequest(req, res));
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    wss.on('error', () => undefined); // a failed handshake is that socket's business only
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
    this.server = server;
    this.wss = wss;
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(this.opts.port ?? 0, host, () => ok());
    });
    const port = (server.address() as AddressInfo).port;
    this.port = port;
    this.allowed = allowedHosts(host, port);
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return { url: `http://${shownHost}:${port}/?token=${this.token}`, host, port };
  }

  /** Closes every connection and the server. */
  async close(): Promise<void> {
    for (const c of this.wss?.clients ?? []) c.terminate();
    this.wss?.close();
    const closed = new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
    // Keep-alive connections would hold close() open: end them now.
    this.server?.closeAllConnections();
    await closed;
  }

  /** Runs the origin and token checks on a request. */
  private admit(req: IncomingMessage, url: URL): Verdict & { via?: string } {
    const host = checkHost(req.headers.host, this.allowed);
    if (!host.ok) return host;
    const origin = checkOrigin(req.headers.origin, this.allowed);
    if (!origin.ok) return origin;
    const header = req.headers['x-glassbox-token'];
    return checkToken(
      {
        query: url.searchParams.get('token'),
        cookie: readCookie(req.headers.cookie, pageCookieName(this.port)),
        authorization: req.headers.authorization,
        header: Array.isArray(header) ? header[0] : header,
      },
      this.token,
    );
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const verdict = this.admit(req, url);
    if (!verdict.ok) {
      refuse(res, verdict.status, verdict.reason);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      refuse(res, 405, 'Method not allowed');
      return;
    }
    if (verdict.via === 'query') {
      // Trade the token in the URL for the page cookie (a value derived from the token: every
      // other port on this host receives it too) and hand the token to the page in the
      // fragment, which no server sees; the page keeps it in its own origin's storage, drops
      // it from the address bar and sends it as its WebSocket's first message.
      url.searchParams.delete('token');
      res.writeHead(302, {
        'Set-Cookie': `${pageCookieName(this.port)}=${pageCookieValue(this.token)}; HttpOnly; SameSite=Strict; Path=/`,
        Location: `${url.pathname}${url.search || ''}#token=${encodeURIComponent(this.token)}`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      });
      res.end();
      return;
    }
    this.serveStatic(url.pathname, req, res);
  }

  private serveStatic(pathname: string, req: IncomingMessage, res: ServerResponse): void {
    const rel = staticPathFor(pathname);
    if (rel === null) {
      refuse(res, 404, 'Not found');
      return;
    }
    let file = resolve(join(this.rendererDir, rel));
    if (file !== this.rendererDir && !file.startsWith(this.rendererDir + sep)) {
      refuse(res, 404, 'Not found');
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      // Unknown paths without an extension are client routes: serve the app.
      if (extname(rel) !== '') {
        refuse(res, 404, 'Not found');
        return;
      }
      file = join(this.rendererDir, 'index.html');
      if (!existsSync(file)) {
        refuse(res, 500, 'The renderer is not built: run `npm run build`.');
        return;
      }
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Content-Security-Policy': webCsp(this.opts.viewSandboxOrigin?.()),
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'max-age=300',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const verdict = url.pathname === BRIDGE_PATH ? this.admit(req, url) : ({ ok: false, status: 403, reason: 'No such endpoint' } as const);
    if (!verdict.ok) {
      socket.write(`HTTP/1.1 ${verdict.status} ${verdict.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    // Each tab asks for the session it showed before (a reload keeps its own session; an id is only looked up).
    const session = url.searchParams.get('session');
    const opts = session && /^[A-Za-z0-9._-]{1,128}$/.test(session) ? { session } : {};
    this.wss!.handleUpgrade(req, socket, head, (ws) => {
      containErrors(ws);
      const connect = () => void this.opts.bridge.connect(webSocketTransport(ws), opts);
      // The page cookie alone opens no bridge: the page sends the token as its first frame.
      if (verdict.via === 'cookie') awaitAuthFrame(ws, this.token, connect);
      else connect();
    });
  }
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(`${status} ${reason}\n`);
}
