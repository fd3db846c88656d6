import { Marked, type Tokens } from 'marked';

/** Escapes text for HTML text and attribute values. */
export function escapeHtml(v: unknown): string {
  return String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Link targets an exported page may point at: the web and mail, nothing that runs or reads files. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/**
 * Markdown for the HTML export, safe by construction. DOMPurify (what the window uses) needs a
 * browser's DOM, and Node has none here: given linkedom's it reports itself unsupported and
 * returns its input unchanged. So nothing the text holds can become markup: raw HTML, block or
 * inline, is printed as text; a link keeps an `<a>` only for http(s) and mailto targets (others
 * show their text); an image is never loaded (its alt text and address are shown as text). Every
 * other tag is marked's own, with marked's escaping of text, code and attribute values. The
 * page's Content-Security-Policy (no script, nothing loaded) is the second wall.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });
marked.use({
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens);
      const href = token.href.trim();
      if (!SAFE_HREF.test(href)) return `<span class="md-link">${text}</span>`;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(href)}"${title} rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">${text}</a>`;
    },
    image(token: Tokens.Image): string {
      return `<span class="md-image">[image${token.text ? `: ${escapeHtml(token.text)}` : ''}${token.href ? ` — ${escapeHtml(token.href)}` : ''}]</span>`;
    },
  },
});

/** A message's Markdown as HTML for the export (see above for what is kept). */
export function exportMarkdown(text: string): string {
  try {
    return marked.parse(text) as string;
  } catch {
    // marked does not throw on any text we know of; if it did, the text is still shown.
    return `<p>${escapeHtml(text)}</p>`;
  }
}
