// @lane integration: real request timeouts against a local engine that never answers (seconds of wall time)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineImitations, search } from './test-kit';

let engines: EngineImitations;
beforeAll(async () => {
  engines = await EngineImitations.start();
});
afterEach(() => engines.reset());
afterAll(() => engines.close());

// The timeout applies to every engine's request, so it is long enough for the engines that do
// answer to answer on a loaded machine; only the hanging one runs into it.
const TIMEOUT_MS = 3000;
const noWait = async (): Promise<void> => undefined;

describe('web_search request timeouts (real time)', () => {
  it('times out a hanging engine, retries it, then falls back', async () => {
    engines.script = { ddg: ['hang'] };
    const r = await search(engines.tool({ engineRetries: 1, timeoutMs: TIMEOUT_MS }, noWait), { query: 'q' });
    expect(r.metadata?.engine).toBe('bing');
    expect(engines.order()).toEqual(['ddg', 'ddg', 'bing']);
    const attempts = r.metadata?.attempts as Array<{ error?: string }>;
    expect(attempts.map((a) => a.error)).toEqual([`retryable: DuckDuckGo: timed out after ${TIMEOUT_MS} ms`, `retryable: DuckDuckGo: timed out after ${TIMEOUT_MS} ms`, undefined]);
  });

  it('names the timeout as the last error of an engine that never answered', async () => {
    engines.script = { ddg: [500], bing: [503], brave: [429], searx: ['hang'] };
    const r = await search(engines.tool({ engineRetries: 0, maxRetries: 0, timeoutMs: TIMEOUT_MS }, noWait), { query: 'q' });
    expect(engines.order()).toEqual(['ddg', 'bing', 'brave', 'searx']);
    expect(r.error).toBe(
      'All search engines failed to return results after multiple retries.\n' +
        '- duckduckgo: DuckDuckGo: HTTP 500 (server error)\n' +
        '- bing: Bing: HTTP 503 (server error)\n' +
        '- brave: Brave: HTTP 429 (rate limited)\n' +
        `- searxng: SearXNG: timed out after ${TIMEOUT_MS} ms`,
    );
  });
});
