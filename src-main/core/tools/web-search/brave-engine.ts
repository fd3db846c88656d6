import { engineFetch, isWebUrl, SearchEngineError, stripTags, type SearchEngine, type SearchItem, type SearchRequest } from './search-engine';

/** The Brave Search web endpoint. */
export const BRAVE_DEFAULT_URL = 'https://api.search.brave.com/res/v1/web/search';

interface BraveResponse {
  type?: string;
  web?: { results?: Array<{ title?: unknown; url?: unknown; description?: unknown }> };
}

/**
 * Parses a Brave Search API response: `{ "type": "search", "web": { "results": [ { "title",
 * "url", "description" } ] } }`; descriptions mark matches with `<strong>`. A response without
 * `web` is a search with no web results; anything that is not a search object is junk.
 */
export function parseBraveJson(text: string): SearchItem[] {
  let data: BraveResponse;
  try {
    data = JSON.parse(text) as BraveResponse;
  } catch {
    throw new SearchEngineError('Brave: response is not JSON', false);
  }
  if (!data || typeof data !== 'object' || (data.type !== undefined && data.type !== 'search')) {
    throw new SearchEngineError(`Brave: unexpected response type ${JSON.stringify(data?.type)}`, false);
  }
  const results = data.web?.results ?? [];
  if (!Array.isArray(results)) throw new SearchEngineError('Brave: web.results is not a list', false);
  return results
    .filter((r) => typeof r.url === 'string' && isWebUrl(r.url))
    .map((r) => ({ title: stripTags(String(r.title ?? '')), url: String(r.url), description: stripTags(String(r.description ?? '')) }));
}

/** Brave Search API (needs a subscription token). */
export class BraveEngine implements SearchEngine {
  readonly id = 'brave';
  readonly label = 'Brave';
  readonly unavailableReason: string | null;

  constructor(
    private readonly apiKey: string | undefined,
    private readonly baseUrl: string = BRAVE_DEFAULT_URL,
    /** Why the configured key cannot be used (e.g. its `${env:…}` variable is not set). */
    problem?: string,
  ) {
    this.unavailableReason = problem ?? (apiKey ? null : 'no API key (set webSearch.engines.brave.apiKey or BRAVE_API_KEY)');
  }

  async search(req: SearchRequest): Promise<SearchItem[]> {
    if (!this.apiKey) throw new SearchEngineError(`Brave: ${this.unavailableReason}`, false);
    const url = new URL(this.baseUrl);
    url.searchParams.set('q', req.query);
    url.searchParams.set('count', String(Math.min(Math.max(req.numResults, 1), 20)));
    url.searchParams.set('country', req.country);
    url.searchParams.set('search_lang', req.lang);
    const res = await engineFetch(
      this.label,
      url.href,
      { headers: { Accept: 'application/json', 'X-Subscription-Token': this.apiKey } },
      req,
      (status) =>
        status === 401 || status === 403
          ? `HTTP ${status}: the API key was rejected`
          : status === 422
            ? 'HTTP 422: the request parameters were rejected'
            : undefined,
    );
    return parseBraveJson(res.text).slice(0, req.numResults);
  }
}
