import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

let hooked = false;
function ensureHooks(): void {
  if (hooked) return;
  hooked = true;
  // Links open outside the app (the window denies navigation; Electron hands http(s) to the OS).
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^https?:\/\//i.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * Markdown of the assistant's text to sanitized HTML: no scripts, no event handlers, no
 * iframes/forms/styles, only http(s) links, no remote images (data: only). `cache: false` for
 * text that will not come again.
 */
export function renderMarkdown(text: string, opts: { cache?: boolean } = {}): string {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const html = isPlainLine(text) ? plainLineHtml(text) : sanitize(marked.parse(text) as string);
  // The growing last block of a streaming answer is a new text every frame: not worth keeping.
  if (opts.cache === false) return html;
  // Rows of a long conversation mount again and again while scrolling: keep recent results.
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(text, html);
  return html;
}

const CACHE_MAX = 2000;
const cache = new Map<string, string>();

/**
 * True for one line of prose Markdown would leave as it is (a single paragraph, nothing to
 * parse or sanitize): starts with a letter, no line breaks, no Markdown or HTML syntax, no
 * autolinks. Most assistant messages between tool calls are like that.
 */
export function isPlainLine(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9 .,:;?!'"()/%$=+-]*$/.test(text) && !/\s$/.test(text) && !/(?:https?:|ftp:|www\.|mailto:)/i.test(text);
}

/** What marked makes of a plain line (same escaping), without parsing it. */
export function plainLineHtml(text: string): string {
  return `<p>${text.replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</p>\n`;
}

function sanitize(html: string): string {
  ensureHooks();
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOWED_URI_REGEXP: /^(?:https?:|data:image\/(?:png|jpeg|gif|webp);)/i,
  });
}
