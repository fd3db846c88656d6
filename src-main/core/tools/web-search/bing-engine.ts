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

/** Bing's web results page. */
export const BING_DEFAULT_URL = 'https://www.bing.com/search';

/**
 * Bing often wraps result links in a click tracker, `/ck/a?...&u=a1<base64url(target)>`;
 * returns the target, or the link itself when it is not wrapped.
 */
export function unwrapBingUrl(href: string, base: string): string {
  try {
    const u = new URL(href, base);
    const wrapped = u.searchParams.get('u');
    if (/\/ck\/a\/?$/.test(u.pathname) && wrapped && wrapped.startsWith('a1')) {
      const decoded = Buffer.from(wrapped.slice(2).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
      if (isWebUrl(decoded)) return decoded;
    }
    return u.href;
  } catch {
    return href;
  }
}

/**
 * Parses Bing's results page: `ol#b_results > li.b_algo`, each with an `h2 > a` (title, link)
 * and a caption paragraph (`.b_caption p`, or `p.b_lineclamp*` in newer layouts). A page without
 * `#b_results` is not a results page (captcha, consent wall) and is rejected.
 */
export function parseBingHtml(html: string, base: string): SearchItem[] {
  const { document } = linkedom().parseHTML(html);
  const list = document.querySelector('#b_results');
  if (!list) {
    if (/captcha|unusual traffic/i.test(html)) throw new SearchEngineError('Bing: captcha page instead of results', true);
    throw new SearchEngineError('Bing: unrecognized response (no #b_results)', false);
  }
  const items: SearchItem[] = [];
  for (const li of list.querySelectorAll('li.b_algo')) {
    const link = li.querySelector('h2 a');
    if (!link) continue;
    const url = unwrapBingUrl(link.getAttribute('href') ?? '', base);
    if (!isWebUrl(url) || items.some((i) => i.url === url)) continue;
    const snippet = li.querySelector('.b_caption p') ?? li.querySelector('p[class*="b_lineclamp"]') ?? li.querySelector('p');
    // The "WEB" badge Bing puts inside the snippet is not part of it.
    for (const badge of snippet?.querySelectorAll('.algoSlug_icon') ?? []) badge.remove();
    items.push({ title: cleanText(link.textContent), url, description: cleanText(snippet?.textContent) });
  }
  return items;
}

/** Bing HTML (no API key). */
export class BingEngine implements SearchEngine {
  readonly id = 'bing';
  readonly label = 'Bing';
  readonly unavailableReason = null;

  constructor(private readonly baseUrl: string = BING_DEFAULT_URL) {}

  async search(req: SearchRequest): Promise<SearchItem[]> {
    const url = new URL(this.baseUrl);
    url.searchParams.set('q', req.query);
    url.searchParams.set('count', String(Math.min(Math.max(req.numResults, 1), 50)));
    url.searchParams.set('setlang', req.lang);
    url.searchParams.set('cc', req.country);
    const res = await engineFetch(
      this.label,
      url.href,
      { headers: { 'User-Agent': BROWSER_USER_AGENT, Accept: 'text/html', 'Accept-Language': `${req.lang};q=0.9` } },
      req,
    );
    return parseBingHtml(res.text, url.href).slice(0, req.numResults);
  }
}
