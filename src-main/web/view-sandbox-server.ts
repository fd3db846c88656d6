import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildViewCsp, cleanCspDomains } from '../../src-shared/apps/view-csp';
import { VIEW_PROXY_HTML, VIEW_PROXY_SCRIPT } from './view-proxy-script';
import { allowedHosts } from './security';

/** The proxy page's path; its query carries the view's CSP (`csp`, base64url JSON) and the window's origin (`host`). */
export const VIEW_PROXY_PATH = '/proxy.html';

/** What the page's query says, checked: the view's declared domains and the window's origin. */
export function readProxyQuery(url: URL): { csp: ReturnType<typeof cleanCspDomains>['domains']; host: string | null } {
  let declared: unknown = {};
  const raw = url.searchParams.get('csp');
  if (raw && raw.length <= 16_384) {
    try {
      declared = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    } catch {
      declared = {};
    }
  }
  const host = url.searchParams.get('host');
  const okHost = host && /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host) ? host : null;
  return { csp: cleanCspDomains(declared).domains, host: okHost };
}

/**
 * The MCP App views' sandbox: a second loopback HTTP server, so views run on an origin that is
 * not the window's (another port is another origin: no access to the page, its storage or its
 * bridge). It serves one proxy page whose Content-Security-Policy header is the view's declared
 * one (the view's frame inherits it) and the proxy's script. It answers only GETs that name its
 * own host and port (no DNS rebinding) and holds nothing secret.
 */
export class ViewSandboxServer {
  private server: Server | null = null;
  private origin = '';
  private allowed: string[] = [];

  /**
   * Listens on `host` (the web host's own; loopback by default) on a free port; resolves with the
   * proxy page's URL (a wildcard host is named as such: the window puts its own host name in).
   */
  async start(host = '127.0.0.1'): Promise<{ url: string; origin: string }> {
    const server = createServer((req, res) => this.onRequest(req, res));
    this.server = server;
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(0, host, () => ok());
    });
    const port = (server.address() as AddressInfo).port;
    const shown = host.includes(':') ? `[${host}]` : host;
    this.allowed = allowedHosts(host, port);
    this.origin = `http://${shown}:${port}`;
    return { url: `${this.origin}${VIEW_PROXY_PATH}`, origin: this.origin };
  }

  /** The sandbox's origin (`http://127.0.0.1:PORT`); empty before start. */
  get url(): string {
    return this.origin ? `${this.origin}${VIEW_PROXY_PATH}` : '';
  }

  async close(): Promise<void> {
    const s = this.server;
    if (!s) return;
    const closed = new Promise<void>((ok) => s.close(() => ok()));
    s.closeAllConnections();
    await closed;
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    if (!this.allowed.includes((req.headers.host ?? '').toLowerCase())) return end(res, 403, 'Host not allowed');
    if (req.method !== 'GET' && req.method !== 'HEAD') return end(res, 405, 'Method not allowed');
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const common = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Cross-Origin-Resource-Policy': 'same-origin' };
    if (url.pathname === '/proxy.js') {
      res.writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : VIEW_PROXY_SCRIPT);
      return;
    }
    if (url.pathname !== VIEW_PROXY_PATH) return end(res, 404, 'Not found');
    const { csp, host } = readProxyQuery(url);
    // Only the window may embed the proxy (a file:// window cannot be named: then any loopback page could, which gains it nothing).
    const ancestors = host && !host.startsWith('file') ? `; frame-ancestors ${host}` : '';
    res.writeHead(200, { ...common, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': buildViewCsp(csp) + ancestors });
    res.end(req.method === 'HEAD' ? undefined : VIEW_PROXY_HTML);
  }
}

function end(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(text);
}
