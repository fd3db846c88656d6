import { linkedom } from '../html-libraries';
import {
  BROWSER_USER_AGENT,
  cleanText,
  engineFetch,
  isWebUrl,
  SearchEngineError,
  type SearchEngine,
  type SearchItem,
  type SearchRequest,
} from './search-engine';

/** DuckDuckGo's JavaScript-free results page. */
export const DUCKDUCKGO_DEFAULT_URL = 'https://html.duckduckgo.com/html/';

/** Unwraps DuckDuckGo's redirect links (`//duckduckgo.com/l/?uddg=<encoded target>`). */
export function unwrapDuckDuckGoUrl(href: string, base: string): string {
  try {
    const u = new URL(href, base);
    const target = u.searchParams.get('uddg');
    if (target && /\/l\/?$/.test(u.pathname)) return target;
    return u.href;
  } catch {
    return href;
  }
}

/**
 * Parses the html.duckduckgo.com results page: `div.result` blocks with `a.result__a` (title,
 * redirect link) and `.result__snippet`; ads (`.result--ad`) are skipped. A page that has
 * neither results nor the "no results" block is not a results page (a bot challenge or an
 * error page) and is rejected.
 */
export function parseDuckDuckGoHtml(html: string, base: string): SearchItem[] {
  const { document } = linkedom().parseHTML(html);
  const items: SearchItem[] = [];
  const blocks = document.querySelectorAll('div.result, div.web-result');
  for (const block of blocks) {
    if (block.classList.contains('result--ad')) continue;
    const link = block.querySelector('a.result__a');
    if (!link) continue;
    const url = unwrapDuckDuckGoUrl(link.getAttribute('href') ?? '', base);
    if (!isWebUrl(url) || /duckduckgo\.com\/y\.js/.test(url)) continue;
    if (items.some((i) => i.url === url)) continue;
    items.push({
      title: cleanText(link.textContent),
      url,
      description: cleanText(block.querySelector('.result__snippet')?.textContent),
    });
  }
  if (items.length === 0 && blocks.length === 0 && !document.querySelector('.no-results')) {
    if (/anomaly|captcha|bots use duckduckgo/i.test(html)) {
      throw new SearchEngineError('DuckDuckGo: bot challenge page instead of results (rate limited)', true);
    }
    throw new SearchEngineError('DuckDuckGo: unrecognized response (not a results page)', false);
  }
  return items;
}

/** DuckDuckGo HTML (no API key). */
export class DuckDuckGoEngine implements SearchEngine {
  readonly id = 'duckduckgo';
  readonly label = 'DuckDuckGo';
  readonly unavailableReason = null;

  constructor(private readonly baseUrl: string = DUCKDUCKGO_DEFAULT_URL) {}

  async search(req: SearchRequest): Promise<SearchItem[]> {
    const form = new URLSearchParams({ q: req.query, kl: `${req.country}-${req.lang}`.toLowerCase() });
    const res = await engineFetch(
      this.label,
      this.baseUrl,
      {
        method: 'POST',
        body: form.toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'User-Agent': BROWSER_USER_AGENT,
          Accept: 'text/html',
          'Accept-Language': `${req.lang};q=0.9`,
        },
      },
      req,
    );
    // DuckDuckGo answers a suspected bot with 202 and a challenge page.
    if (res.status === 202) throw new SearchEngineError('DuckDuckGo: HTTP 202 challenge page (rate limited)', true, 202);
    return parseDuckDuckGoHtml(res.text, this.baseUrl).slice(0, req.numResults);
  }
}
