import type { Readability } from '@mozilla/readability';
import type TurndownService from 'turndown';
import { linkedom, readability, turndownClass } from './html-libraries';
import type { Tool, ToolContext } from './tool';
import { errorResult, type ToolResult } from '../../../src-shared/events/tool-result';

/** The `webFetch` config section (all optional). */
export interface WebFetchConfig {
  /** Whole request timeout, headers and body, ms (default 20000). */
  timeoutMs?: number;
  /** Largest body read, bytes (default 5 MB); the rest is cut off and the page marked truncated. */
  maxBytes?: number;
  /** Default `max_length` of the text returned, characters (default 20000). */
  maxChars?: number;
  userAgent?: string;
}

/** A page turned into text. */
export interface FetchedPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  title: string | null;
  /** Markdown for HTML, the text itself for text types. */
  content: string;
  /** The body was larger than maxBytes and was cut. */
  truncatedBody: boolean;
}

/** Why a fetch failed, with a message written for the model. */
export interface FetchFailure {
  error: string;
  status?: number;
}

const DEFAULT_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Glassbox/0.1 Safari/537.36';

/** Pure check: only absolute http(s) URLs may be fetched. */
export function checkFetchUrl(raw: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `not a valid absolute URL: ${JSON.stringify(raw)}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `only http and https URLs can be fetched (got ${url.protocol.replace(/:$/, '')})` };
  }
  return { ok: true, url };
}

/** A message the model can act on for each failing HTTP status. */
export function describeHttpStatus(status: number, statusText: string, retryAfter?: string | null): string {
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  switch (status) {
    case 400:
      return `${head}: the server rejected the request as malformed. Check the URL and its query string.`;
    case 401:
      return `${head}: the page needs credentials (login) that web_fetch does not have.`;
    case 403:
      return `${head}: the server refused access (it may require a login or block automated clients).`;
    case 404:
      return `${head}: there is no page at this URL. Check the address or search for the page.`;
    case 405:
      return `${head}: this URL does not accept GET requests.`;
    case 408:
      return `${head}: the server timed out waiting for the request. Try again.`;
    case 410:
      return `${head}: the page was removed permanently.`;
    case 429:
      return `${head}: rate limited by the server${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}. Wait before trying again.`;
    default:
      if (status >= 500) return `${head}: the server failed to answer. It may be down or overloaded; try again later.`;
      return `${head}: the request failed.`;
  }
}

function charsetOf(contentType: string): string {
  const m = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return m ? m[1].toLowerCase() : 'utf-8';
}

function decode(bytes: Uint8Array, contentType: string): string {
  let charset = charsetOf(contentType);
  if (!/charset/i.test(contentType) && /html/i.test(contentType)) {
    // No header charset: honour <meta charset> in the first bytes, as browsers do.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
    const meta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head);
    if (meta) charset = meta[1].toLowerCase();
  }
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Reads a body up to `maxBytes`, stopping the download beyond it. */
async function readCapped(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      parts.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    parts.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return { bytes, truncated };
}

function isHtml(contentType: string, body: string): boolean {
  if (/text\/html|application\/xhtml\+xml/i.test(contentType)) return true;
  // Servers without a content type: sniff like a browser would.
  return !contentType && /^\s*(<!doctype html|<html|<head|<body)/i.test(body);
}

function isText(contentType: string): boolean {
  return (
    !contentType ||
    /^text\//i.test(contentType) ||
    /(json|xml|javascript|ecmascript|yaml|csv|x-sh|markdown|toml)/i.test(contentType)
  );
}

let turndownService: TurndownService | null = null;
function turndown(html: string): string {
  if (!turndownService) {
    const TurndownService = turndownClass();
    turndownService = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
    turndownService.remove(['script', 'style', 'noscript', 'iframe', 'template']);
  }
  return turndownService.turndown(html);
}

/**
 * HTML → readable Markdown: Readability picks the main content (dropping navigation, ads,
 * footers), links are made absolute, turndown writes Markdown. Pages Readability cannot read
 * fall back to the whole body.
 */
export function htmlToMarkdown(html: string, baseUrl: string): { title: string | null; markdown: string } {
  const { document } = linkedom().parseHTML(html);
  const absolutize = (selector: string, attr: string): void => {
    for (const el of document.querySelectorAll(selector)) {
      const v = el.getAttribute(attr);
      if (!v || v.startsWith('#') || /^(javascript|data):/i.test(v)) continue;
      try {
        el.setAttribute(attr, new URL(v, baseUrl).href);
      } catch {
        // Leave odd values alone.
      }
    }
  };
  absolutize('a[href]', 'href');
  absolutize('img[src]', 'src');
  const docTitle = document.querySelector('title')?.textContent?.trim() || null;
  const bodyHtml = document.body?.innerHTML ?? html;
  let article: ReturnType<Readability['parse']> = null;
  try {
    const { Readability: ReadabilityClass } = readability();
    article = new ReadabilityClass(document as unknown as Document).parse();
  } catch {
    article = null;
  }
  const content = article?.content && (article.textContent ?? '').trim().length > 0 ? article.content : bodyHtml;
  const markdown = turndown(content)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title: article?.title?.trim() || docTitle, markdown };
}

/**
 * Fetches a URL and returns its readable content, or a failure message. Never throws.
 * The timeout covers the whole exchange, body included.
 */
export async function fetchReadable(
  rawUrl: string,
  opts: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number; userAgent?: string; raw?: boolean } = {},
): Promise<{ ok: true; page: FetchedPage } | ({ ok: false } & FetchFailure)> {
  const checked = checkFetchUrl(rawUrl);
  if (!checked.ok) return { ok: false, error: checked.reason };
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error('timeout')), timeoutMs);
  const onAbort = (): void => ac.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await fetch(checked.url, {
      redirect: 'follow',
      signal: ac.signal,
      headers: {
        'User-Agent': opts.userAgent ?? DEFAULT_UA,
        Accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5',
        'Accept-Language': 'en-US,en;q=0.8',
      },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, status: res.status, error: describeHttpStatus(res.status, res.statusText, res.headers.get('retry-after')) };
    }
    const finalUrl = res.url || checked.url.href;
    const contentType = res.headers.get('content-type') ?? '';
    if (contentType && !isText(contentType) && !/html/i.test(contentType)) {
      await res.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        status: res.status,
        error: `unsupported content type ${contentType.split(';')[0]}: web_fetch reads HTML and text pages only`,
      };
    }
    const { bytes, truncated } = await readCapped(res, opts.maxBytes ?? 5_000_000);
    const body = decode(bytes, contentType);
    let title: string | null = null;
    let content = body;
    if (opts.raw) content = body;
    else if (isHtml(contentType, body)) ({ title, markdown: content } = htmlToMarkdown(body, finalUrl));
    else if (/json/i.test(contentType)) {
      try {
        content = JSON.stringify(JSON.parse(body), null, 2);
      } catch {
        content = body;
      }
    }
    return {
      ok: true,
      page: { url: checked.url.href, finalUrl, status: res.status, contentType, title, content, truncatedBody: truncated },
    };
  } catch (err) {
    if (opts.signal?.aborted) return { ok: false, error: 'the fetch was cancelled' };
    if (ac.signal.aborted) return { ok: false, error: `timed out after ${timeoutMs / 1000} s fetching ${checked.url.href}` };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code;
    const why =
      code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `the host ${checked.url.hostname} could not be resolved (DNS)`
        : code === 'ECONNREFUSED'
          ? `connection refused by ${checked.url.host}`
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
            ? `the connection to ${checked.url.host} was reset`
            : (cause?.message ?? (err instanceof Error ? err.message : String(err)));
    return { ok: false, error: `could not fetch ${checked.url.href}: ${why}` };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * `web_fetch`: a URL as readable Markdown (main content only), with paging through long
 * pages via `start_index`. http(s) only; size-capped; time-limited; every failure explained.
 */
export class WebFetchTool implements Tool {
  readonly name = 'web_fetch';
  readonly description =
    'Fetch an http(s) page as Markdown (main content, absolute links; text and JSON as they are). Long pages are cut at ' +
    '`max_length` characters: call again with `start_index` to read on. HTTP errors, timeouts and non-text content (images, PDFs) are errors.';
  readonly inputSchema = {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'An absolute http(s) URL.' },
      max_length: { type: 'integer', minimum: 1, description: 'Default 20000.' },
      start_index: { type: 'integer', minimum: 0, description: 'Character to start at. Default 0.' },
      raw: { type: 'boolean', description: 'The raw HTML instead of Markdown.' },
    },
    required: ['url'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Fetch a web page', readOnlyHint: true, openWorldHint: true };

  constructor(private readonly cfg: WebFetchConfig = {}) {}

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const url = typeof args.url === 'string' ? args.url : '';
    const maxLength = typeof args.max_length === 'number' ? args.max_length : (this.cfg.maxChars ?? 20_000);
    const start = typeof args.start_index === 'number' ? args.start_index : 0;
    const raw = args.raw === true;
    const fetched = await fetchReadable(url, {
      signal: ctx.signal,
      timeoutMs: this.cfg.timeoutMs,
      maxBytes: this.cfg.maxBytes,
      userAgent: this.cfg.userAgent,
      raw,
    });
    if (!fetched.ok) return errorResult(fetched.error, { metadata: { url, status: fetched.status ?? null } });
    const page = fetched.page;
    const total = page.content.length;
    if (start >= total && total > 0) {
      return errorResult(`start_index ${start} is past the end of the content (${total} characters)`);
    }
    const slice = page.content.slice(start, start + maxLength);
    const end = start + slice.length;
    const lines: string[] = [];
    if (page.title) lines.push(`# ${page.title}`);
    lines.push(`URL: ${page.finalUrl}`);
    if (start > 0) lines.push(`(content from character ${start} of ${total})`);
    lines.push('', slice || '(the page has no readable text)');
    if (end < total) {
      lines.push('', `[Content truncated: ${total - end} more characters. Call web_fetch again with start_index=${end} to continue.]`);
    }
    if (page.truncatedBody) {
      lines.push('', `[The page is larger than ${this.cfg.maxBytes ?? 5_000_000} bytes; only the beginning was downloaded.]`);
    }
    return {
      output: lines.join('\n'),
      metadata: {
        url: page.url,
        finalUrl: page.finalUrl,
        status: page.status,
        contentType: page.contentType,
        title: page.title,
        totalChars: total,
        truncatedBody: page.truncatedBody,
      },
    };
  }
}
