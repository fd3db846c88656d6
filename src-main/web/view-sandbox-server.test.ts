import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_PROXY_PATH, ViewSandboxServer } from './view-sandbox-server';

// The view sandbox's own server: the proxy page carries the view's declared policy as its header
// (the view's frame inherits it), only the window may frame it, and a foreign Host is refused.

const server = new ViewSandboxServer();
let origin = '';

beforeAll(async () => {
  origin = (await server.start()).origin;
});
afterAll(() => server.close());

function get(path: string, host?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(path, origin);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

const q = (csp: unknown, host = 'http://127.0.0.1:4000'): string => `?csp=${Buffer.from(JSON.stringify(csp)).toString('base64url')}&host=${encodeURIComponent(host)}`;

describe('ViewSandboxServer', () => {
  it('serves the proxy with no network allowed when nothing is declared, framed only by the window', async () => {
    const r = await get(`${VIEW_PROXY_PATH}${q({})}`);
    expect(r.status).toBe(200);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain('frame-ancestors http://127.0.0.1:4000');
    expect(r.body).toContain('<script src="/proxy.js"></script>');
  });

  it("puts the declared domains in, and nothing a crafted declaration tries to add", async () => {
    const r = await get(`${VIEW_PROXY_PATH}${q({ connectDomains: ['https://api.example.com', "* 'unsafe-eval'"], frameDomains: ['https://www.youtube.com'] })}`);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('ignores a host that is not an origin, and refuses a foreign Host header (DNS rebinding)', async () => {
    const r = await get(`${VIEW_PROXY_PATH}${q({}, 'javascript:alert(1)')}`);
    expect(String(r.headers['content-security-policy'])).not.toContain('frame-ancestors');
    expect((await get(VIEW_PROXY_PATH, 'evil.example.com')).status).toBe(403);
    expect((await get('/other')).status).toBe(404);
    const js = await get('/proxy.js');
    expect(js.body).toContain("inner.setAttribute('sandbox', 'allow-scripts allow-forms')");
  });
});
