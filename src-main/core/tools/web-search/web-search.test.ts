import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseBingHtml, unwrapBingUrl } from './bing-engine';
import { parseBraveJson } from './brave-engine';
import { parseDuckDuckGoHtml } from './duckduckgo-engine';
import { SearchEngineError } from './search-engine';
import { parseSearxngJson } from './searxng-engine';
import { engineOrder, resolveWebSearchSettings } from './config';
import { configProblems } from '../../config/schema';
import { WebSearchTool } from './tool';
import { EngineImitations, fixture, search } from './test-kit';

const DDG = fixture('duckduckgo.html');
const DDG_NONE = fixture('duckduckgo-none.html');
const BING = fixture('bing.html');
const BRAVE = fixture('brave.json');
const SEARX = fixture('searxng.json');

const EXPECTED_TWO = [
  { title: 'Glassbox Agent Docs', url: 'https://glassbox.example/docs?page=1', description: 'Every tool call live, inspectable and replayable.' },
  { title: 'Agents & Tools', url: 'https://example.org/agents', description: 'A second result.' },
];

describe('engine parsers on real response formats', () => {
  it('DuckDuckGo HTML: unwraps redirect links, skips ads, keeps order', () => {
    const items = parseDuckDuckGoHtml(DDG, 'https://html.duckduckgo.com/html/');
    expect(items.slice(0, 2)).toEqual(EXPECTED_TWO);
    expect(items[2]).toEqual({ title: 'Third', url: 'https://third.example/', description: '' });
    expect(items.some((i) => i.url.includes('ads.example') || i.url.includes('y.js'))).toBe(false);
  });

  it('DuckDuckGo HTML: "No results." is an empty answer; other pages are junk', () => {
    expect(parseDuckDuckGoHtml(DDG_NONE, 'https://html.duckduckgo.com/html/')).toEqual([]);
    expect(() => parseDuckDuckGoHtml('<html><body>Service unavailable</body></html>', 'https://x/')).toThrow(/unrecognized response/);
    const challenge = '<html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div></body></html>';
    expect(() => parseDuckDuckGoHtml(challenge, 'https://x/')).toThrow(SearchEngineError);
  });

  it('Bing HTML: decodes /ck/a links, drops the WEB badge, skips answers and pagination', () => {
    expect(parseBingHtml(BING, 'https://www.bing.com/search?q=x')).toEqual(EXPECTED_TWO);
    expect(() => parseBingHtml('<html><body>consent</body></html>', 'https://www.bing.com/')).toThrow(/no #b_results/);
    expect(unwrapBingUrl('/ck/a?!&&u=a1aHR0cHM6Ly9hLmV4YW1wbGUv&ntb=1', 'https://www.bing.com/')).toBe('https://a.example/');
    expect(unwrapBingUrl('https://plain.example/x', 'https://www.bing.com/')).toBe('https://plain.example/x');
  });

  it('Brave API JSON: strips <strong> and entities', () => {
    expect(parseBraveJson(BRAVE)).toEqual(EXPECTED_TWO);
    expect(parseBraveJson('{"type":"search","query":{"original":"x"}}')).toEqual([]);
    expect(() => parseBraveJson('<html>')).toThrow(/not JSON/);
    expect(() => parseBraveJson('{"type":"ErrorResponse","error":{"code":"x"}}')).toThrow(/unexpected response type/);
  });

  it('SearXNG JSON: results list, junk rejected', () => {
    expect(parseSearxngJson(SEARX)).toEqual(EXPECTED_TWO);
    expect(() => parseSearxngJson('{"error":"x"}')).toThrow(/no results list/);
  });
});

describe('engineOrder (pure)', () => {
  it.each([
    [{ engine: 'duckduckgo', fallbackEngines: [], disabledEngines: [] }, ['duckduckgo', 'bing', 'brave', 'searxng']],
    [{ engine: 'searxng', fallbackEngines: ['brave'], disabledEngines: [] }, ['searxng', 'brave', 'duckduckgo', 'bing']],
    [{ engine: 'bing', fallbackEngines: ['bing', 'nope', 'searxng'], disabledEngines: ['duckduckgo'] }, ['bing', 'searxng', 'brave']],
    [{ engine: 'google', fallbackEngines: [], disabledEngines: [] }, ['duckduckgo', 'bing', 'brave', 'searxng']],
  ])('%j → %j', (settings, order) => {
    expect(engineOrder(settings)).toEqual(order);
  });

  it('reads config names case-insensitively and expands the Brave key from the environment', () => {
    const s = resolveWebSearchSettings(
      { engine: 'Bing', fallbackEngines: ['DuckDuckGo'], engines: { brave: { apiKey: '${env:MY_BRAVE}' } } },
      { MY_BRAVE: 'k123' },
    );
    expect(engineOrder(s)).toEqual(['bing', 'duckduckgo', 'brave', 'searxng']);
    expect(s.engines.brave.apiKey).toBe('k123');
    expect(resolveWebSearchSettings({ engines: { brave: { apiKey: '${env:MISSING}' } } }, {}).engines.brave.apiKey).toBeUndefined();
  });
});

// ---- The tool against local servers imitating each engine -----------------------------------
// The backoff and round waits are recorded instead of slept (their lengths are what the tests
// check); the request timeout is real and tested in timeouts.test.ts.

let engines: EngineImitations;
let waits: number[] = [];
const recordWait = async (ms: number): Promise<void> => void waits.push(ms);

beforeAll(async () => {
  engines = await EngineImitations.start();
});
afterEach(() => {
  engines.reset();
  waits = [];
});
afterAll(() => engines.close());

const makeTool = (overrides: Record<string, unknown> = {}): WebSearchTool => engines.tool(overrides, recordWait);
const order = (): string[] => engines.order();

describe('web_search against local engine imitations', () => {
  it('answers from the preferred engine in the seed format', async () => {
    const r = await search(makeTool(), { query: 'glassbox agent', num_results: 2 });
    expect(r.error).toBeUndefined();
    expect(r.output).toBe(
      "Search results for 'glassbox agent':\n" +
        '\n1. Glassbox Agent Docs\n   URL: https://glassbox.example/docs?page=1\n   Description: Every tool call live, inspectable and replayable.\n' +
        '\n2. Agents & Tools\n   URL: https://example.org/agents\n   Description: A second result.\n' +
        '\nMetadata:\n- Total results: 2\n- Language: en\n- Country: us',
    );
    expect(order()).toEqual(['ddg']);
    expect(engines.hits[0].method).toBe('POST');
    expect(new URLSearchParams(engines.hits[0].body).get('kl')).toBe('us-en');
    expect(r.metadata?.engine).toBe('duckduckgo');
  });

  it.each([
    ['bing', 'bing'],
    ['brave', 'brave'],
    ['searxng', 'searx'],
  ])('answers from %s when it is preferred', async (engine, path) => {
    const r = await search(makeTool({ engine }), { query: 'glassbox agent', num_results: 2, lang: 'de', country: 'at' });
    expect(r.output).toContain('1. Glassbox Agent Docs\n   URL: https://glassbox.example/docs?page=1');
    expect(r.output).toContain('- Language: de\n- Country: at');
    expect(order()).toEqual([path]);
    const h = engines.hits[0];
    expect(h.query).toBe('glassbox agent');
    if (engine === 'brave') expect(h.headers['x-subscription-token']).toBe('test-key');
  });

  it('retries an engine with backoff on 429/500, then falls back in the configured order', async () => {
    engines.script = { searx: [500, 429, 500], brave: [429, 'ok'] };
    const r = await search(makeTool({ engine: 'searxng', fallbackEngines: ['brave'] }), { query: 'glassbox agent' });
    expect(r.metadata?.engine).toBe('brave');
    expect(order()).toEqual(['searx', 'searx', 'searx', 'brave', 'brave']);
    // 60 ms, doubled; then brave's first backoff.
    expect(waits).toEqual([60, 120, 60]);
    const attempts = r.metadata?.attempts as Array<{ engine: string; ok: boolean; error?: string }>;
    expect(attempts.map((a) => `${a.engine}:${a.ok}`)).toEqual(['searxng:false', 'searxng:false', 'searxng:false', 'brave:false', 'brave:true']);
    expect(attempts[0].error).toMatch(/SearXNG: HTTP 500/);
    expect(attempts[1].error).toMatch(/SearXNG: HTTP 429 \(rate limited\)/);
  });

  it('honours Retry-After, capped by the backoff maximum', async () => {
    engines.script = { ddg: [{ status: 429, retryAfter: '1' }, 'ok'] };
    const r = await search(makeTool({ engineBackoffMaxMs: 250 }), { query: 'q' });
    expect(r.metadata?.engine).toBe('duckduckgo');
    // Asked for 1 s, longer than the 60 ms backoff, capped at 250 ms.
    expect(waits).toEqual([250]);
    engines.reset();
    waits = [];
    engines.script = { ddg: [{ status: 429, retryAfter: '0' }, 'ok'] };
    await search(makeTool({ engineBackoffMaxMs: 250 }), { query: 'q' });
    // Never shorter than the backoff.
    expect(waits).toEqual([60]);
  });

  it('does not retry final failures (bad key, junk) and moves on', async () => {
    engines.script = { brave: [401], searx: ['junk'], ddg: ['junk'], bing: ['ok'] };
    const r = await search(makeTool({ engine: 'brave', fallbackEngines: ['searxng', 'duckduckgo'] }), { query: 'q' });
    expect(order()).toEqual(['brave', 'searx', 'ddg', 'bing']);
    expect(r.metadata?.engine).toBe('bing');
    expect(waits).toEqual([]);
    const errors = (r.metadata?.attempts as Array<{ error?: string }>).map((a) => a.error).filter(Boolean);
    expect(errors).toEqual([
      'final: Brave: HTTP 401: the API key was rejected',
      'final: SearXNG: response is not JSON',
      'final: DuckDuckGo: unrecognized response (not a results page)',
    ]);
  });

  it('treats DuckDuckGo\'s 202 challenge as a rate limit', async () => {
    engines.script = { ddg: [202, 'ok'] };
    const r = await search(makeTool(), { query: 'q' });
    expect(order()).toEqual(['ddg', 'ddg']);
    expect(r.metadata?.engine).toBe('duckduckgo');
  });

  it('retries the whole round after a delay when every engine failed', async () => {
    // 3 attempts × 4 engines fail in round one; DuckDuckGo answers in round two.
    engines.script = { ddg: [500, 500, 500, 'ok'], bing: [503], brave: [429], searx: [502] };
    const r = await search(makeTool(), { query: 'q' });
    expect(r.error).toBeUndefined();
    expect(r.metadata?.engine).toBe('duckduckgo');
    expect(order()).toEqual([...Array(3).fill('ddg'), ...Array(3).fill('bing'), ...Array(3).fill('brave'), ...Array(3).fill('searx'), 'ddg']);
    // Each engine's two backoffs, then the 300 ms between rounds.
    expect(waits).toEqual([60, 120, 60, 120, 60, 120, 60, 120, 300]);
  });

  it('gives up after the configured rounds and names each engine\'s last error', async () => {
    engines.script = { ddg: [500], bing: [503], brave: [429], searx: [502] };
    const r = await search(makeTool({ engineRetries: 0, maxRetries: 2, retryDelayMs: 50 }), { query: 'q' });
    expect(engines.hits).toHaveLength(12); // 4 engines × 3 rounds
    expect(waits).toEqual([50, 50]);
    expect(r.error).toBe(
      'All search engines failed to return results after multiple retries.\n' +
        '- duckduckgo: DuckDuckGo: HTTP 500 (server error)\n' +
        '- bing: Bing: HTTP 503 (server error)\n' +
        '- brave: Brave: HTTP 429 (rate limited)\n' +
        '- searxng: SearXNG: HTTP 502 (server error)',
    );
  });

  it('does not wait for another round when failures are final', async () => {
    engines.script = { ddg: ['junk'], bing: ['junk'], brave: [403], searx: [403] };
    const r = await search(makeTool({ retryDelayMs: 600_000 }), { query: 'q' });
    expect(engines.hits).toHaveLength(4);
    expect(waits).toEqual([]);
    expect(r.error).toContain('- searxng: SearXNG: HTTP 403: the instance refuses JSON output');
  });

  it('reports no results when every engine answers with none', async () => {
    engines.script = { ddg: ['empty'], bing: ['empty'], brave: ['empty'], searx: ['empty'] };
    const r = await search(makeTool(), { query: 'zzqqxx' });
    expect(r.error).toBeUndefined();
    expect(r.output).toBe("No results found for 'zzqqxx'.");
    expect(order()).toEqual(['ddg', 'bing', 'brave', 'searx']);
  });

  it('skips engines that are not configured', async () => {
    const tool = new WebSearchTool({ engine: 'brave', engines: { duckduckgo: { baseUrl: `${engines.base}/ddg/html/` } } }, {});
    expect(tool.plan()).toEqual({
      order: ['duckduckgo', 'bing'],
      skipped: [
        { engine: 'brave', reason: 'no API key (set webSearch.engines.brave.apiKey or BRAVE_API_KEY)' },
        { engine: 'searxng', reason: 'no instance configured (set webSearch.engines.searxng.baseUrl)' },
      ],
    });
    const r = await search(tool, { query: 'q' });
    expect(r.metadata?.engine).toBe('duckduckgo');
  });

  it('fetches page content when asked (seed format: Content preview)', async () => {
    // A SearXNG answer pointing at a page on the local server.
    const local = JSON.stringify({ query: 'q', results: [{ url: `${engines.base}/page/1`, title: 'Local page', content: 'snippet' }] });
    engines.script = { searx: [{ type: 'application/json', body: local }] };
    const tool = makeTool({ engine: 'searxng' });
    const r = await search(tool, { query: 'q', fetch_content: true });
    expect(r.output).toMatch(/1\. Local page\n   URL: http:\/\/127\.0\.0\.1:\d+\/page\/1\n   Description: snippet\n   Content: Fetched page text about glassbox agents\./);
    expect(r.output).toMatch(/Content: [^\n]{1000}\.\.\.\n/);
  });

  it('stops promptly when the run is cancelled during a (real) wait', async () => {
    engines.script = { ddg: [500], bing: [500], brave: [500], searx: [500] };
    const ac = new AbortController();
    // The real wait this time: the backoff is ten minutes, so only the cancel ends the search
    // within the test's timeout.
    const running = search(engines.tool({ engineBackoffMs: 600_000, engineBackoffMaxMs: 600_000 }), { query: 'q' }, ac.signal);
    await vi.waitFor(() => expect(engines.hits).toHaveLength(1), { timeout: 10_000 });
    ac.abort();
    const r = await running;
    expect(r.error).toBe('The search was cancelled.');
    expect(engines.hits).toHaveLength(1);
  });
});

describe('the webSearch section by its schema', () => {
  it('a wrong value names its path and what is allowed; nothing is silently defaulted', () => {
    expect(() => resolveWebSearchSettings({ timeoutMs: 0 })).toThrow('Invalid config: webSearch.timeoutMs: must be more than 0');
    expect(() => resolveWebSearchSettings({ numResults: 2.5 })).toThrow('webSearch.numResults: must be a whole number');
    expect(() => resolveWebSearchSettings({ engines: { brave: { apiKey: 42 } } })).toThrow('webSearch.engines.brave.apiKey: must be a string, not a number');
    expect(configProblems({ webSearch: { engineRetries: -1 } })).toEqual(['webSearch.engineRetries: must be at least 0']);
  });

  it('defaults fill what is missing; one engine name reads as a list', () => {
    const s = resolveWebSearchSettings({ fallbackEngines: 'Brave', lang: '  ' }, {});
    expect(s.fallbackEngines).toEqual(['brave']);
    expect(s).toMatchObject({ engine: 'duckduckgo', lang: 'en', timeoutMs: 10_000, numResults: 5, engineRetries: 2 });
  });
});
