import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from './tool';
import { ToolCollection } from './tool-collection';
import { checkFetchUrl, describeHttpStatus, WebFetchTool, type WebFetchConfig } from './web-fetch';

const ARTICLE = `<!doctype html><html><head><title>Tide Tables - Harbour News</title></head><body>
<nav><a href="/">Home</a> | <a href="/about">About us</a> NAVIGATION-MARKER</nav>
<article><h1>Tide Tables</h1>
<p>The harbour publishes its tide tables every spring. This paragraph is long enough for Readability to treat
it as the main content of the page, which it needs before it will extract anything at all from a document.</p>
<p>See the <a href="/tides/2026">full table for 2026</a> and the <strong>storm warnings</strong> below. More filler
text follows so that the article clearly outweighs the navigation and the footer of this small test page.</p>
<ul><li>High tide: 06:12</li><li>Low tide: 12:30</li></ul>
<pre><code>tide --harbour north</code></pre>
</article><footer>FOOTER-MARKER copyright</footer><script>var SCRIPT_MARKER = 1;</script></body></html>`;

let server: Server;
let base: string;
const hangs = new Set<ServerResponse>();

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/article':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      return;
    case '/redirect':
      res.writeHead(302, { location: '/article' }).end();
      return;
    case '/plain':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('just text\nline two');
      return;
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1,"b":[true]}');
      return;
    case '/latin1':
      res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      return;
    case '/image':
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100));
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('A'.repeat(200_000));
      return;
    case '/long':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('0123456789'.repeat(10));
      return;
    case '/hang':
      hangs.add(res); // never answers
      return;
    case '/slow-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      hangs.add(res);
      return;
    case '/429':
      res.writeHead(429, { 'retry-after': '30' }).end('slow down');
      return;
    default: {
      const code = Number(path.slice(1));
      if (code >= 400) res.writeHead(code).end('error page');
      else res.writeHead(404).end('not found');
    }
  }
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const r of hangs) r.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function fetchTool(cfg: WebFetchConfig = {}) {
  const tools = new ToolCollection([new WebFetchTool(cfg)]);
  return (args: Record<string, unknown>, signal = new AbortController().signal) =>
    tools.execute('web_fetch', args, { signal, workspace: '/tmp', home: '/tmp', callId: 'c' } satisfies ToolContext);
}

describe('web_fetch against a local HTTP server', () => {
  it('turns an article into readable Markdown with absolute links, without nav, footer or scripts', async () => {
    const r = await fetchTool()({ url: `${base}/article` });
    expect(r.error).toBeUndefined();
    expect(r.output).toMatch(/^# Tide Tables - Harbour News\nURL: http:\/\/127\.0\.0\.1:\d+\/article\n\n/);
    expect(r.output).toContain(`[full table for 2026](${base}/tides/2026)`);
    expect(r.output).toContain('**storm warnings**');
    expect(r.output).toMatch(/-\s+High tide: 06:12/);
    expect(r.output).toContain('```\ntide --harbour north\n```');
    expect(r.output).not.toContain('NAVIGATION-MARKER');
    expect(r.output).not.toContain('FOOTER-MARKER');
    expect(r.output).not.toContain('SCRIPT_MARKER');
  });

  it('follows redirects and reports the final URL', async () => {
    const r = await fetchTool()({ url: `${base}/redirect` });
    expect(r.output).toContain(`URL: ${base}/article`);
    expect(r.metadata?.finalUrl).toBe(`${base}/article`);
  });

  it('returns raw HTML on request', async () => {
    const r = await fetchTool()({ url: `${base}/article`, raw: true });
    expect(r.output).toContain('<nav><a href="/">Home</a>');
  });

  it('returns text as is, pretty-prints JSON and honours the charset', async () => {
    const f = fetchTool();
    expect((await f({ url: `${base}/plain` })).output).toBe(`URL: ${base}/plain\n\njust text\nline two`);
    expect((await f({ url: `${base}/json` })).output).toContain('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
    expect((await f({ url: `${base}/latin1` })).output).toContain('café');
  });

  it.each([
    [404, /^HTTP 404 Not Found: there is no page at this URL/],
    [403, /^HTTP 403 Forbidden: the server refused access/],
    [401, /^HTTP 401 Unauthorized: the page needs credentials/],
    [410, /^HTTP 410 Gone: the page was removed permanently/],
    [500, /^HTTP 500 Internal Server Error: the server failed to answer/],
    [503, /^HTTP 503 Service Unavailable: the server failed to answer/],
  ])('explains HTTP %i', async (code, message) => {
    const r = await fetchTool()({ url: `${base}/${code}` });
    expect(r.error).toMatch(message);
    expect(r.metadata?.status).toBe(code);
    expect(r.output).toBeUndefined();
  });

  it('explains rate limiting with Retry-After', async () => {
    const r = await fetchTool()({ url: `${base}/429` });
    expect(r.error).toBe('HTTP 429 Too Many Requests: rate limited by the server (Retry-After: 30). Wait before trying again.');
  });

  it('times out a server that never answers, and a body that never ends', async () => {
    // Both servers never finish: without the tool's timeout the test's own would end it.
    const f = fetchTool({ timeoutMs: 400 });
    expect((await f({ url: `${base}/hang` })).error).toBe(`timed out after 0.4 s fetching ${base}/hang`);
    expect((await f({ url: `${base}/slow-body` })).error).toBe(`timed out after 0.4 s fetching ${base}/slow-body`);
  });

  it('stops when the run is cancelled', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const r = await fetchTool()({ url: `${base}/hang` }, ac.signal);
    expect(r.error).toBe('the fetch was cancelled');
  });

  it('caps the download size and says so', async () => {
    const r = await fetchTool({ maxBytes: 1000 })({ url: `${base}/big` });
    expect(r.output).toContain('A'.repeat(1000));
    expect(r.output).not.toContain('A'.repeat(1001));
    expect(r.output).toContain('[The page is larger than 1000 bytes; only the beginning was downloaded.]');
  });

  it('pages through long content with max_length and start_index', async () => {
    const f = fetchTool();
    const first = await f({ url: `${base}/long`, max_length: 30 });
    expect(first.output).toBe(
      `URL: ${base}/long\n\n012345678901234567890123456789\n\n[Content truncated: 70 more characters. Call web_fetch again with start_index=30 to continue.]`,
    );
    const next = await f({ url: `${base}/long`, max_length: 30, start_index: 90 });
    expect(next.output).toBe(`URL: ${base}/long\n(content from character 90 of 100)\n\n0123456789`);
    expect((await f({ url: `${base}/long`, start_index: 500 })).error).toBe('start_index 500 is past the end of the content (100 characters)');
  });

  it('refuses non-text content', async () => {
    const r = await fetchTool()({ url: `${base}/image` });
    expect(r.error).toBe('unsupported content type image/png: web_fetch reads HTML and text pages only');
  });

  it('explains a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await fetchTool()({ url: `http://127.0.0.1:${port}/` });
    expect(r.error).toBe(`could not fetch http://127.0.0.1:${port}/: connection refused by 127.0.0.1:${port}`);
  });
});

describe('checkFetchUrl (pure)', () => {
  it.each([
    ['https://example.com/a?b=c', true, ''],
    ['http://127.0.0.1:8080/', true, ''],
    ['file:///etc/passwd', false, 'only http and https URLs can be fetched (got file)'],
    ['ftp://example.com/x', false, 'only http and https URLs can be fetched (got ftp)'],
    ['javascript:alert(1)', false, 'only http and https URLs can be fetched (got javascript)'],
    ['example.com', false, 'not a valid absolute URL: "example.com"'],
    ['', false, 'not a valid absolute URL: ""'],
  ])('%s → %s', (url, ok, reason) => {
    const r = checkFetchUrl(url);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.reason).toBe(reason);
  });

  it('describes statuses without a status text', () => {
    expect(describeHttpStatus(418, '')).toBe('HTTP 418: the request failed.');
  });
});
