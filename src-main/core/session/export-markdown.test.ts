import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from './export-markdown';

// Tags marked itself writes; anything else in the output came from the text.
const ALLOWED_TAGS = new Set(['P', 'BR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'EM', 'DEL', 'CODE', 'PRE', 'BLOCKQUOTE', 'UL', 'OL', 'LI', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'HR', 'A', 'SPAN', 'INPUT']);
const ALLOWED_ATTRS = new Set(['href', 'title', 'rel', 'referrerpolicy', 'class', 'align', 'start', 'checked', 'disabled', 'type']);

const CRAFTED = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<div onclick="alert(1)">\nblock\n</div>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click]( javascript:alert(1) )',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](file:///etc/passwd)',
  '<javascript:alert(1)>',
  '![a"><img src=x onerror=alert(1)>](http://evil.example/x.png)',
  '![x](javascript:alert(1))',
  '[a](http://ok.example "t\\"><script>x</script>")',
  '<a href="javascript:alert(1)">y</a>',
  '<iframe src="http://evil.example"></iframe>',
  '<svg><g onload=alert(1)></g></svg>',
  '<style>*{background:url(http://evil.example)}</style>',
  '<meta http-equiv="refresh" content="0;url=http://evil.example">',
  '<form action="http://evil.example"><button>go</button></form>',
  '```js"><script>alert(1)</script>\ncode\n```',
  '`<script>`',
  '| <i onmouseover=alert(1)>a</i> | b |\n|---|---|\n| <b>1</b> | 2 |',
  '<details open ontoggle=alert(1)>',
  '[x](http://ok.example/"onmouseover="alert(1))',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
];

function check(html: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const el of document.body.querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(el.tagName), `${el.tagName} in ${html}`).toBe(true);
    for (const a of el.attributes) {
      expect(ALLOWED_ATTRS.has(a.name), `${a.name} in ${html}`).toBe(true);
      if (a.name === 'href') expect(a.value, html).toMatch(/^(?:https?:\/\/|mailto:)/i);
    }
    if (el.tagName === 'INPUT') expect(el.getAttribute('type')).toBe('checkbox');
  }
}

describe('exportMarkdown', () => {
  it('renders Markdown: headings, lists, emphasis, code, tables, http links', () => {
    const html = exportMarkdown('# Plan\n\n- **one**\n- `two`\n\n```ts\nconst a = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/x)');
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('<strong>one</strong>');
    expect(html).toContain('<code>two</code>');
    expect(html).toContain('const a = 1 &lt; 2;');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">docs</a>');
    check(html);
  });

  it.each(CRAFTED)('keeps %j inert: only marked\'s own tags, no handler, no unsafe link', (text) => {
    const html = exportMarkdown(text);
    check(html);
    expect(html).not.toMatch(/<(?:script|img|iframe|svg|style|meta|form|details)\b/i);
  });

  it('prints raw HTML as text the reader can see', () => {
    expect(exportMarkdown('<img src=x onerror=alert(1)>')).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(exportMarkdown('[click](javascript:alert(1))')).toBe('<p><span class="md-link">click</span></p>\n');
    expect(exportMarkdown('![chart](http://evil.example/x.png)')).toContain('[image: chart — http://evil.example/x.png]');
  });
});
