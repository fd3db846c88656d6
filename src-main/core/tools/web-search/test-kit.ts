import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ToolResult } from '../../../../src-shared/events/tool-result';
import type { ToolContext } from '../tool';
import { ToolCollection } from '../tool-collection';
import { WebSearchTool, type SearchWait } from './tool';

/** A recorded response of each engine, as the real services send it. */
export const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** What an imitated engine does with one request. */
export type EngineAction = 'ok' | 'empty' | 'junk' | 'hang' | number | { status: number; retryAfter: string } | { type: string; body: string };

/** One request an imitated engine received. */
export interface EngineHit {
  engine: string;
  method: string;
  query: string | null;
  body: string;
  headers: IncomingMessage['headers'];
}

/**
 * Local HTTP servers imitating DuckDuckGo, Bing, Brave and SearXNG (paths `/ddg`, `/bing`,
 * `/brave`, `/searx`, and `/page/…` for fetched pages). Each engine answers by its `script`
 * queue (the last action repeats; default `ok`) and every request is recorded in `hits`.
 */
export class EngineImitations {
  /** What each engine does with its next requests. */
  script: Record<string, EngineAction[]> = {};
  /** The requests, in order. */
  hits: EngineHit[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private readonly ok: Record<string, [string, string]>;
  private readonly empty: Record<string, [string, string]>;

  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:PORT`. */
    readonly base: string,
  ) {
    this.ok = {
      ddg: ['text/html; charset=UTF-8', fixture('duckduckgo.html')],
      bing: ['text/html; charset=utf-8', fixture('bing.html')],
      brave: ['application/json', fixture('brave.json')],
      searx: ['application/json', fixture('searxng.json')],
    };
    this.empty = {
      ddg: ['text/html', fixture('duckduckgo-none.html')],
      bing: ['text/html', '<html><body><ol id="b_results"><li class="b_no"><h1>There are no results</h1></li></ol></body></html>'],
      brave: ['application/json', '{"type":"search","query":{"original":"q"}}'],
      searx: ['application/json', '{"query":"q","number_of_results":0,"results":[],"answers":[]}'],
    };
    server.on('request', (req, res) => this.onRequest(req, res));
  }

  /** Starts the imitations on a free loopback port. */
  static async start(): Promise<EngineImitations> {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return new EngineImitations(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  /** The engines hit, in order. */
  order(): string[] {
    return this.hits.map((h) => h.engine);
  }

  /** Forgets the script and the hits and drops hanging requests (after each test). */
  reset(): void {
    for (const r of this.hanging) r.destroy();
    this.hanging.clear();
    this.script = {};
    this.hits = [];
  }

  /** Stops the servers. */
  async close(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  /**
   * A web_search tool pointed at the imitations: two retries per engine with a 60 ms backoff
   * (capped at 400), one more round after 300 ms, and a generous request timeout (the
   * imitations are fast, the machine may not be). `wait` replaces the real waits.
   */
  tool(overrides: Record<string, unknown> = {}, wait?: SearchWait): WebSearchTool {
    const base = this.base;
    return new WebSearchTool(
      {
        engineRetries: 2,
        engineBackoffMs: 60,
        engineBackoffMaxMs: 400,
        maxRetries: 1,
        retryDelayMs: 300,
        timeoutMs: 30_000,
        engines: {
          duckduckgo: { baseUrl: `${base}/ddg/html/` },
          bing: { baseUrl: `${base}/bing/search` },
          brave: { baseUrl: `${base}/brave/res/v1/web/search`, apiKey: 'test-key' },
          searxng: { baseUrl: `${base}/searx` },
        },
        ...overrides,
      },
      {},
      wait,
    );
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const engine = url.pathname.split('/')[1] ?? '';
    if (engine === 'page') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>Page</title></head><body><article><p>${'Fetched page text about glassbox agents. '.repeat(40)}</p></article></body></html>`);
      return;
    }
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const query = url.searchParams.get('q') ?? new URLSearchParams(body).get('q');
      this.hits.push({ engine, method: req.method ?? '', query, body, headers: req.headers });
      const queue = this.script[engine] ?? ['ok'];
      const action = queue.length > 1 ? (queue.shift() as EngineAction) : queue[0]!;
      this.respond(engine, action, res);
    });
  }

  private respond(engine: string, action: EngineAction, res: ServerResponse): void {
    if (action === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (action === 'ok' || action === 'empty') {
      const [type, body] = (action === 'ok' ? this.ok : this.empty)[engine]!;
      res.writeHead(200, { 'content-type': type }).end(body);
      return;
    }
    if (action === 'junk') {
      const junk = engine === 'brave' || engine === 'searx' ? '<html>oops</html>' : '<html><body><h1>Something went wrong</h1></body></html>';
      res.writeHead(200, { 'content-type': 'text/html' }).end(junk);
      return;
    }
    if (typeof action === 'number') {
      res.writeHead(action, { 'content-type': 'text/plain' }).end(`error ${action}`);
      return;
    }
    if ('body' in action) {
      res.writeHead(200, { 'content-type': action.type }).end(action.body);
      return;
    }
    res.writeHead(action.status, { 'retry-after': action.retryAfter }).end('slow down');
  }
}

/** Runs web_search through a ToolCollection (schema check included), as the agent does. */
export function search(tool: WebSearchTool, args: Record<string, unknown>, signal = new AbortController().signal): Promise<ToolResult> {
  return new ToolCollection([tool]).execute('web_search', args, { signal, workspace: '/tmp', home: '/tmp', callId: 'c' } satisfies ToolContext);
}
