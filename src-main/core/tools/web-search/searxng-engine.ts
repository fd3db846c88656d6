import { engineFetch, isWebUrl, SearchEngineError, stripTags, type SearchEngine, type SearchItem, type SearchRequest } from './search-engine';

interface SearxResponse {
  query?: string;
  results?: Array<{ url?: unknown; title?: unknown; content?: unknown }>;
}

/**
 * Parses SearXNG's `format=json` output: `{ "query", "number_of_results", "results": [ { "url",
 * "title", "content", "engine", … } ], "answers", "suggestions", "unresponsive_engines" }`.
 */
export function parseSearxngJson(text: string): SearchItem[] {
  let data: SearxResponse;
  try {
    data = JSON.parse(text) as SearxResponse;
  } catch {
    throw new SearchEngineError('SearXNG: response is not JSON', false);
  }
  if (!data || typeof data !== 'object' || !Array.isArray(data.results)) {
    throw new SearchEngineError('SearXNG: response has no results list', false);
  }
  const items: SearchItem[] = [];
  for (const r of data.results) {
    if (typeof r.url !== 'string' || !isWebUrl(r.url) || items.some((i) => i.url === r.url)) continue;
    items.push({ title: stripTags(String(r.title ?? '')), url: r.url, description: stripTags(String(r.content ?? '')) });
  }
  return items;
}

/** A SearXNG instance's JSON API (the instance must allow `json` in `search.formats`). */
export class SearxngEngine implements SearchEngine {
  readonly id = 'searxng';
  readonly label = 'SearXNG';
  readonly unavailableReason: string | null;

  constructor(private readonly baseUrl: string | undefined) {
    this.unavailableReason = baseUrl ? null : 'no instance configured (set webSearch.engines.searxng.baseUrl)';
  }

  async search(req: SearchRequest): Promise<SearchItem[]> {
    if (!this.baseUrl) throw new SearchEngineError(`SearXNG: ${this.unavailableReason}`, false);
    const url = new URL(this.baseUrl);
    if (!/\/search\/?$/.test(url.pathname)) url.pathname = url.pathname.replace(/\/?$/, '/search');
    url.searchParams.set('q', req.query);
    url.searchParams.set('format', 'json');
    url.searchParams.set('language', `${req.lang}-${req.country.toUpperCase()}`);
    url.searchParams.set('pageno', '1');
    const res = await engineFetch(this.label, url.href, { headers: { Accept: 'application/json' } }, req, (status) =>
      status === 403 ? 'HTTP 403: the instance refuses JSON output (enable `json` in search.formats of its settings.yml)' : undefined,
    );
    return parseSearxngJson(res.text).slice(0, req.numResults);
  }
}
