import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { isPlainLine, plainLineHtml } from './markdown';

const marked = new Marked({ gfm: true, breaks: true, async: false });

describe('plain-line fast path', () => {
  const plain = [
    'Step 12: listing the files again.',
    "It's done (3 files, 100% of them) - see dir/a.txt",
    'Say "hi" = ok? yes! $5 + tax',
  ];
  it.each(plain)('renders %j exactly as marked does', (text) => {
    expect(isPlainLine(text)).toBe(true);
    expect(plainLineHtml(text)).toBe(marked.parse(text));
  });

  const notPlain = [
    '- a list',
    '1. numbered',
    '# heading',
    'some **bold**',
    'a `code` span',
    'see https://example.com',
    'www.example.com',
    'two\nlines',
    'mail me a@b.co',
    '<b>html</b>',
    'a & b',
    'trailing space ',
    '    code block',
    '',
  ];
  it.each(notPlain)('sends %j through the full Markdown path', (text) => {
    expect(isPlainLine(text)).toBe(false);
  });
});
