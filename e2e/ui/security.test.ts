import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchChromium, openApp, sendTask, shot, startWeb, type WebFixture } from './ui-harness';

// The web host's doors (docs/security.md) and the page's sandbox, against a real `glassbox web`.

let web: WebFixture;
let browser: Browser;
beforeAll(async () => {
  web = await startWeb([
    { toolCalls: [{ name: 'bash', arguments: { command: `printf '%s\\n' '<img src=x onerror="window.__pwned=1">' '<b>not bold</b>'` } }] },
    { text: 'Here is an image: <img src=x onerror="window.__pwned2=1"> and <script>window.__pwned3=1</script> done.' },
  ]);
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (web) expect(await web.close()).toBe(0);
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const u = new URL(path, web.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers, setHost: !('Host' in headers) }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upgrade(headers: Record<string, string>): Promise<{ opened: boolean; status?: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${web.origin.replace('http', 'ws')}/bridge`, { headers });
    ws.on('open', () => resolve({ opened: true, ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }));
    ws.on('error', () => resolve({ opened: false }));
  });
}

describe('web host doors', () => {
  it('refuses a request without the token (401) and with a wrong one (403)', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/assets/whatever.js')).status).toBe(401);
    expect((await get('/?token=wrong')).status).toBe(403);
    expect((await get('/', { Cookie: `glassbox_token_${new URL(web.origin).port}=wrong` })).status).toBe(403);
  });

  it('trades the token in the URL for an HttpOnly SameSite=Strict cookie, then serves the app with it', async () => {
    const first = await get(`/?token=${web.token}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await get('/', { Cookie: cookie.split(';')[0]! });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/', { Authorization: `Bearer ${web.token}` })).status).toBe(200);
  });

  it('refuses a foreign Host or Origin even with the right token (403)', async () => {
    const auth = { Authorization: `Bearer ${web.token}` };
    expect((await get('/', { ...auth, Host: 'evil.example' })).status).toBe(403);
    expect((await get('/', { ...auth, Host: `attacker.test:${new URL(web.origin).port}` })).status).toBe(403);
    expect((await get('/', { ...auth, Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get('/', { ...auth, Origin: web.origin })).status).toBe(200);
  });

  it('refuses WebSocket upgrades without the token or from a foreign origin; accepts its own page', async () => {
    expect(await upgrade({})).toMatchObject({ opened: false, status: 401 });
    expect(await upgrade({ Authorization: `Bearer ${web.token}`, Origin: 'http://evil.example' })).toMatchObject({ opened: false, status: 403 });
    const ok = await upgrade({ Authorization: `Bearer ${web.token}`, Origin: web.origin });
    expect(ok.opened).toBe(true);
    // Over the socket, only contract methods: an unknown one is refused by name. The host may
    // push events (sessions.changed, agent.state) to a new connection at any time: wait for the
    // answer to this call, not for the first frame.
    const reply = await new Promise<unknown>((resolve) => {
      ok.ws!.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { kind?: string; id?: number };
        if (m.kind === 'result' && m.id === 7) resolve(m);
      });
      ok.ws!.send(JSON.stringify({ kind: 'call', id: 7, method: 'fs.readFile', args: ['/etc/passwd'] }));
    });
    expect(reply).toMatchObject({ kind: 'result', id: 7, ok: false, error: { code: 'UNKNOWN_METHOD' } });
    ok.ws!.close();
  });
});

describe('the page', () => {
  it('has no require, process or Node globals', async () => {
    const page = await openApp(browser, web);
    const globals = await page.evaluate(() => ({
      require: typeof (globalThis as Record<string, unknown>).require,
      process: typeof (globalThis as Record<string, unknown>).process,
      module: typeof (globalThis as Record<string, unknown>).module,
      Buffer: typeof (globalThis as Record<string, unknown>).Buffer,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', Buffer: 'undefined' });
    await page.close();
  });

  it('shows tool output with <img onerror> as text, and sanitizes HTML in the model text', async () => {
    const page = await openApp(browser, web);
    await sendTask(page, 'print some html');
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('ok');
    const output = card.getByTestId('result-output');
    expect(await output.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await output.innerText()).toContain('<b>not bold</b>');
    expect(await output.locator('img, b').count()).toBe(0);
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const msg = page.getByTestId('assistant-message').last();
    expect(await msg.innerText()).toContain('done.');
    expect(await msg.locator('script, [onerror]').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => {
      const g = globalThis as Record<string, unknown>;
      return [g.__pwned, g.__pwned2, g.__pwned3];
    })).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    await shot(page, 'html-as-text');
    await page.close();
  });
});
