/** One search hit, as every engine reports it. */
export interface SearchItem {
  title: string;
  url: string;
  description: string;
}

/** What an engine is asked. */
export interface SearchRequest {
  query: string;
  numResults: number;
  /** Language code, e.g. `en`. */
  lang: string;
  /** Country code, e.g. `us`. */
  country: string;
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * A search backend. `search` resolves with the hits (possibly none: "no results" is an answer)
 * or rejects with a {@link SearchEngineError} saying whether trying again could help.
 */
export interface SearchEngine {
  readonly id: string;
  /** Human name for messages. */
  readonly label: string;
  /** Null when usable, else why not (e.g. no API key). */
  readonly unavailableReason: string | null;
  search(req: SearchRequest): Promise<SearchItem[]>;
}

/** An engine failure: rate limits, server errors, timeouts and network errors are retryable. */
export class SearchEngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** Seconds the server asked us to wait (Retry-After), when given. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

/** A browser-like UA: the HTML endpoints serve a different (or no) page to unknown clients. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** An HTTP exchange an engine made. */
export interface EngineResponse {
  status: number;
  text: string;
  headers: Headers;
}

function parseRetryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n)) return n;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * Sends one request with a timeout covering headers and body. Network errors and timeouts
 * become retryable SearchEngineErrors; 429 and 5xx too; other non-2xx statuses are final.
 * `describe4xx` lets an engine explain its own 4xx meanings (bad key, JSON disabled…).
 */
export async function engineFetch(
  label: string,
  url: string,
  init: RequestInit,
  req: Pick<SearchRequest, 'signal' | 'timeoutMs'>,
  describe4xx?: (status: number, body: string) => string | undefined,
): Promise<EngineResponse> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), req.timeoutMs);
  const onAbort = (): void => ac.abort();
  req.signal.addEventListener('abort', onAbort, { once: true });
  // Already cancelled (during a backoff wait, say): send nothing.
  if (req.signal.aborted) ac.abort();
  try {
    const res = await fetch(url, { ...init, signal: ac.signal, redirect: 'follow' });
    const text = await res.text();
    if (res.status === 429) {
      const after = parseRetryAfter(res.headers.get('retry-after'));
      throw new SearchEngineError(`${label}: HTTP 429 (rate limited)`, true, 429, after);
    }
    if (res.status >= 500) throw new SearchEngineError(`${label}: HTTP ${res.status} (server error)`, true, res.status);
    if (res.status >= 400) {
      const why = describe4xx?.(res.status, text) ?? `HTTP ${res.status}`;
      throw new SearchEngineError(`${label}: ${why}`, false, res.status);
    }
    return { status: res.status, text, headers: res.headers };
  } catch (err) {
    if (err instanceof SearchEngineError) throw err;
    if (req.signal.aborted) throw new SearchEngineError(`${label}: cancelled`, false);
    if (ac.signal.aborted) throw new SearchEngineError(`${label}: timed out after ${req.timeoutMs} ms`, true);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new SearchEngineError(`${label}: network error (${cause?.code ?? cause?.message ?? (err as Error).message})`, true);
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
}

/** Collapses whitespace (HTML text nodes carry newlines and indentation). */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

/** Strips tags from API snippets that mark matches with <strong> / <b>, and decodes entities. */
export function stripTags(s: string | null | undefined): string {
  return cleanText(
    (s ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;|&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&'),
  );
}

/** True for absolute http(s) URLs: anything else in a result is junk. */
export function isWebUrl(u: string): boolean {
  try {
    const p = new URL(u).protocol;
    return p === 'http:' || p === 'https:';
  } catch {
    return false;
  }
}
