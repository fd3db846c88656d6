import type { Tool, ToolContext } from '../tool';
import { errorResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import { fetchReadable } from '../web-fetch';
import { SearchEngineError, type SearchEngine, type SearchItem } from './search-engine';
import { createEngines, engineOrder, resolveWebSearchSettings, type EngineId, type WebSearchSettings } from './config';

/** One search result as the tool reports it (the seed's SearchResult). */
export interface WebSearchResult extends SearchItem {
  position: number;
  source: string;
  rawContent?: string;
}

/** One engine attempt, for the trace and the UI. */
export interface EngineAttempt {
  round: number;
  engine: string;
  attempt: number;
  ok: boolean;
  results?: number;
  error?: string;
  ms: number;
}

/**
 * The seed's output format: `Search results for '<query>':`, then per result a blank line,
 * `N. Title`, `   URL: …`, `   Description: …` and `   Content: …` (first 1000 characters,
 * newlines flattened), then the Metadata block.
 */
export function formatSearchResults(
  query: string,
  results: WebSearchResult[],
  meta: { lang: string; country: string },
): string {
  const lines = [`Search results for '${query}':`];
  results.forEach((r, i) => {
    lines.push(`\n${i + 1}. ${r.title.trim() || 'No title'}`);
    lines.push(`   URL: ${r.url}`);
    if (r.description.trim()) lines.push(`   Description: ${r.description}`);
    if (r.rawContent) {
      let preview = r.rawContent.slice(0, 1000).replace(/\n/g, ' ').trim();
      if (r.rawContent.length > 1000) preview += '...';
      lines.push(`   Content: ${preview}`);
    }
  });
  lines.push('\nMetadata:', `- Total results: ${results.length}`, `- Language: ${meta.lang}`, `- Country: ${meta.country}`);
  return lines.join('\n');
}

/** How the tool waits between attempts and rounds: `ms`, or less if the signal aborts. */
export type SearchWait = (ms: number, signal: AbortSignal) => Promise<void>;

/** Waits `ms`, or less if the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `web_search`: several engines behind one interface, tried in order (preferred → configured
 * fallbacks → the rest), each with retries and exponential backoff on transient failures, and
 * whole rounds retried after a delay when every engine failed. The first engine that returns
 * results answers.
 */
export class WebSearchTool implements Tool {
  readonly name = 'web_search';
  readonly description =
    'Search the web. Returns numbered results with title, URL and description (with `fetch_content`, each page\'s text too); ' +
    'other engines are tried when one fails. Read a result in full with web_fetch.';
  readonly inputSchema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      num_results: { type: 'integer', minimum: 1, maximum: 50, description: 'Default 5.' },
      lang: { type: 'string', description: 'Language code (default en).' },
      country: { type: 'string', description: 'Country code (default us).' },
      fetch_content: { type: 'boolean', description: 'Fetch each result page\'s text. Default false.' },
    },
    required: ['query'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Web search', readOnlyHint: true, openWorldHint: true };

  readonly settings: WebSearchSettings;
  private readonly engines: Map<EngineId, SearchEngine>;

  /**
   * @param section the `webSearch` config section
   * @param env where `${env:…}` in it is looked up
   * @param wait the backoff and between-rounds wait (tests pass one that records the waits)
   */
  constructor(
    section?: unknown,
    env: NodeJS.ProcessEnv = process.env,
    private readonly wait: SearchWait = sleep,
  ) {
    this.settings = resolveWebSearchSettings(section, env);
    this.engines = createEngines(this.settings);
  }

  /** Engines in the order they will be tried, with why any is skipped. */
  plan(): { order: EngineId[]; skipped: Array<{ engine: EngineId; reason: string }> } {
    const order: EngineId[] = [];
    const skipped: Array<{ engine: EngineId; reason: string }> = [];
    for (const id of engineOrder(this.settings)) {
      const reason = this.engines.get(id)?.unavailableReason;
      if (reason) skipped.push({ engine: id, reason });
      else order.push(id);
    }
    return { order, skipped };
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const s = this.settings;
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    if (!query) return errorResult('`query` must be a non-empty search query');
    const numResults = typeof args.num_results === 'number' && args.num_results >= 1 ? Math.floor(args.num_results) : s.numResults;
    const lang = typeof args.lang === 'string' && args.lang ? args.lang : s.lang;
    const country = typeof args.country === 'string' && args.country ? args.country : s.country;
    const { order, skipped } = this.plan();
    if (order.length === 0) {
      return errorResult(`No search engine is available: ${skipped.map((k) => `${k.engine} (${k.reason})`).join('; ') || 'all are disabled'}`);
    }

    const attempts: EngineAttempt[] = [];
    const lastError = new Map<string, string>();
    let sawEmpty = false;
    for (let round = 0; round <= s.maxRetries; round++) {
      if (round > 0) {
        ctx.emit?.({
          type: 'tool_execution_update',
          callId: ctx.callId,
          kind: 'log',
          level: 'warn',
          message: `All search engines failed. Waiting ${s.retryDelayMs} ms before retry ${round}/${s.maxRetries}...`,
        });
        await this.wait(s.retryDelayMs, ctx.signal);
      }
      if (ctx.signal.aborted) return errorResult('The search was cancelled.', { metadata: { attempts } });
      sawEmpty = false;
      for (const id of order) {
        const engine = this.engines.get(id) as SearchEngine;
        const items = await this.tryEngine(engine, { query, numResults, lang, country }, round, attempts, lastError, ctx);
        if (ctx.signal.aborted) return errorResult('The search was cancelled.', { metadata: { attempts } });
        if (items === null) continue;
        if (items.length === 0) {
          sawEmpty = true;
          continue;
        }
        let results: WebSearchResult[] = items.slice(0, numResults).map((it, i) => ({ ...it, position: i + 1, source: id }));
        if (args.fetch_content === true) results = await this.fetchContents(results, ctx.signal);
        return {
          output: formatSearchResults(query, results, { lang, country }),
          metadata: { engine: id, attempts, skipped, results },
        };
      }
      // Every engine answered "no results" or failed permanently: another round will not help.
      const anyRetryable = attempts.some((a) => a.round === round && !a.ok && a.error?.startsWith('retryable:'));
      if (!anyRetryable) break;
    }
    if (sawEmpty && lastError.size === 0) {
      return { output: `No results found for '${query}'.`, metadata: { attempts, skipped } };
    }
    const details = [...lastError].map(([engine, err]) => `- ${engine}: ${err}`).join('\n');
    return errorResult(
      `All search engines failed to return results after multiple retries.${details ? `\n${details}` : ''}` +
        (sawEmpty ? '\n(Some engines answered with no results.)' : ''),
      { metadata: { attempts, skipped } },
    );
  }

  /** One engine with its retries; null when it failed, else its (possibly empty) hits. */
  private async tryEngine(
    engine: SearchEngine,
    q: { query: string; numResults: number; lang: string; country: string },
    round: number,
    attempts: EngineAttempt[],
    lastError: Map<string, string>,
    ctx: ToolContext,
  ): Promise<SearchItem[] | null> {
    const s = this.settings;
    for (let attempt = 1; attempt <= s.engineRetries + 1; attempt++) {
      const started = Date.now();
      try {
        const items = await engine.search({ ...q, signal: ctx.signal, timeoutMs: s.timeoutMs });
        attempts.push({ round, engine: engine.id, attempt, ok: true, results: items.length, ms: Date.now() - started });
        lastError.delete(engine.id);
        return items;
      } catch (err) {
        const e = err instanceof SearchEngineError ? err : new SearchEngineError(`${engine.label}: ${(err as Error).message}`, false);
        attempts.push({
          round,
          engine: engine.id,
          attempt,
          ok: false,
          error: `${e.retryable ? 'retryable' : 'final'}: ${e.message}`,
          ms: Date.now() - started,
        });
        lastError.set(engine.id, e.message);
        if (!e.retryable || attempt > s.engineRetries || ctx.signal.aborted) return null;
        let wait = Math.min(s.engineBackoffMs * 2 ** (attempt - 1), s.engineBackoffMaxMs);
        if (e.retryAfterSec !== undefined) wait = Math.min(Math.max(wait, e.retryAfterSec * 1000), s.engineBackoffMaxMs);
        await this.wait(wait, ctx.signal);
        // Cancelled during the wait: no further attempt.
        if (ctx.signal.aborted) return null;
      }
    }
    return null;
  }

  /** Adds page text to each result (the seed's fetch_content): whitespace-collapsed, ≤ 10000 chars. */
  private async fetchContents(results: WebSearchResult[], signal: AbortSignal): Promise<WebSearchResult[]> {
    return Promise.all(
      results.map(async (r) => {
        const page = await fetchReadable(r.url, { signal, timeoutMs: this.settings.fetchTimeoutMs, maxBytes: 2_000_000 });
        if (!page.ok) return r;
        const text = page.page.content.replace(/\s+/g, ' ').trim().slice(0, 10_000);
        return text ? { ...r, rawContent: text } : r;
      }),
    );
  }
}
