import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
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
    expect((await get('/', { Cookie: `glassbox_page_${new URL(web.origin).port}=wrong` })).status).toBe(403);
    // The token itself is not what the page cookie holds.
    expect((await get('/', { Cookie: `glassbox_page_${new URL(web.origin).port}=${web.token}` })).status).toBe(403);
  });

  it('trades the token in the URL for an HttpOnly SameSite=Strict page cookie that does not hold it; the page gets it in the fragment', async () => {
    const first = await get(`/?token=${web.token}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`/#token=${web.token}`);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain(web.token);
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

/** Opens /bridge with `headers`; collects what arrives and how it closes. */
function socket(headers: Record<string, string>): Promise<{ ws: WebSocket; frames: unknown[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${web.origin.replace('http', 'ws')}/bridge`, { headers });
    const frames: unknown[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    ws.on('error', () => undefined);
    ws.on('open', () => resolve({ ws, frames, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
}

/** Calls `agent.state` over an open socket and resolves with the answer. */
async function answered(s: { ws: WebSocket; frames: unknown[] }, id: number): Promise<unknown> {
  s.ws.send(JSON.stringify({ kind: 'call', id, method: 'agent.state', args: [] }));
  await expect.poll(() => s.frames.find((f) => (f as { id?: number }).id === id), { timeout: 30_000 }).toBeTruthy();
  return s.frames.find((f) => (f as { id?: number }).id === id);
}

describe('the credential stays with this host', () => {
  it('another server on 127.0.0.1 gets no usable credential from the browser; the page keeps working', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      if (req.url === '/' || req.url === '/x') seen.push(req.headers);
      res.end('<!doctype html><title>another local server</title>');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    const otherPort = (other.address() as AddressInfo).port;
    const ctx = await browser.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(web.url);
      await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
      expect(page.url()).toBe(`${web.origin}/`); // the token left the address bar
      // The same browser visits another port of this host: cookies ignore ports, so it gets ours.
      const visit = await ctx.newPage();
      await visit.goto(`http://127.0.0.1:${otherPort}/`);
      await visit.evaluate(() => fetch('/x', { credentials: 'include' }));
      await expect.poll(() => seen.length).toBe(2);
      const cookies = seen.map((h) => h.cookie ?? '').join('; ');
      expect(cookies).toMatch(/glassbox_page_\d+=/);
      expect(cookies).not.toContain(web.token);
      // What it got opens no bridge: without the token as the first frame the socket is closed.
      const stolen = cookies.split(';').map((c) => c.trim()).filter(Boolean).join('; ');
      const asCall = await socket({ Cookie: stolen, Origin: web.origin });
      asCall.ws.send(JSON.stringify({ kind: 'call', id: 1, method: 'agent.state', args: [] }));
      expect(await asCall.closed).toBe(4401);
      expect(asCall.frames).toEqual([]);
      const asToken = await socket({ Cookie: stolen });
      asToken.ws.send(JSON.stringify({ kind: 'auth', token: /glassbox_page_\d+=([0-9a-f]+)/.exec(stolen)![1] }));
      expect(await asToken.closed).toBe(4401);
      expect(asToken.frames).toEqual([]);
      // A new tab of this origin still works (the page keeps the token in its own origin's storage).
      const again = await ctx.newPage();
      await again.goto(`${web.origin}/`);
      await again.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    } finally {
      await ctx.close();
      other.close();
    }
  });

  it('a socket admitted by the page cookie answers once its first frame is the token', async () => {
    const first = await get(`/?token=${web.token}`);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const s = await socket({ Cookie: cookie, Origin: web.origin });
    s.ws.send(JSON.stringify({ kind: 'auth', token: web.token }));
    expect(await answered(s, 2)).toMatchObject({ kind: 'result', id: 2, ok: true });
    expect(s.frames[0]).toEqual({ kind: 'auth-ok' });
    s.ws.close();
  });
});

describe('one bad frame closes its own connection only', () => {
  const auth = { Authorization: '' };
  beforeAll(() => {
    auth.Authorization = `Bearer ${web.token}`;
  });

  it('a frame over 32 MiB', async () => {
    const bystander = await socket(auth);
    const bad = await socket(auth);
    bad.ws.send('x'.repeat(33 * 1024 * 1024));
    // 1009 (too big) when the close frame gets through; the host drops the socket mid-frame, so
    // the sender may only see it go (1006).
    expect([1006, 1009]).toContain(await bad.closed);
    expect(await answered(bystander, 10)).toMatchObject({ ok: true });
    expect(web.child.exitCode).toBeNull();
    bystander.ws.close();
  });

  it('a text frame that is not UTF-8', async () => {
    const bystander = await socket(auth);
    const bad = await socket(auth);
    bad.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await bad.closed).toBe(1007);
    expect(await answered(bystander, 11)).toMatchObject({ ok: true });
    expect(web.child.exitCode).toBeNull();
    bystander.ws.close();
  });
});

describe('a pathological search glob', () => {
  it('is answered, and another connection is answered meanwhile (the glob never blocks the host)', async () => {
    // A recorded call of a tool whose name the glob almost matches: a backtracking regex
    // (^a.*a.*…b$) over 60 a's takes far longer than any test may wait.
    const id = 'glob-session';
    const tool = 'a'.repeat(60);
    const ev = (seq: number, type: string, extra: Record<string, unknown>) => JSON.stringify({ seq, ts: Date.parse('2026-11-30T10:00:00Z') + seq, session: id, type, ...extra });
    mkdirSync(join(web.home, 'sessions'), { recursive: true });
    writeFileSync(
      join(web.home, 'sessions', `${id}.jsonl`),
      [
        ev(1, 'agent_start', { task: 'glob' }),
        ev(2, 'tool_execution_start', { callId: 'c1', tool, args: {}, source: 'builtin' }),
        ev(3, 'tool_execution_end', { callId: 'c1', tool, result: { output: 'x' }, durationMs: 1 }),
      ].join('\n') + '\n',
    );
    const auth = { Authorization: `Bearer ${web.token}` };
    const searcher = await socket(auth);
    const bystander = await socket(auth);
    searcher.ws.send(JSON.stringify({ kind: 'call', id: 20, method: 'sessions.search', args: [`tool:${'a*'.repeat(30)}b`] }));
    expect(await answered(bystander, 21)).toMatchObject({ ok: true });
    await expect.poll(() => searcher.frames.find((f) => (f as { id?: number }).id === 20), { timeout: 30_000 }).toMatchObject({ ok: true, value: [] });
    // And the glob does find what it should.
    searcher.ws.send(JSON.stringify({ kind: 'call', id: 22, method: 'sessions.search', args: [`tool:${'a*'.repeat(30)}`] }));
    await expect.poll(() => searcher.frames.find((f) => (f as { id?: number }).id === 22), { timeout: 30_000 }).toMatchObject({ ok: true, value: [expect.objectContaining({ session: id })] });
    searcher.ws.close();
    bystander.ws.close();
  }, 90_000);
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
