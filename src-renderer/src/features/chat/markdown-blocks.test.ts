import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { splitBlocks } from './markdown-blocks';

const marked = new Marked({ gfm: true, breaks: true, async: false });
const whole = (t: string) => marked.parse(t) as string;
const byBlock = (t: string) => splitBlocks(t).map((b) => marked.parse(b.replace(/\n+$/, '')) as string).join('');

const answer = [
  '# Plan',
  '',
  'First I read the file.',
  'Then I change it.',
  '',
  '```ts',
  'const a = 1;',
  '',
  '',
  'const b = 2;',
  '```',
  '',
  '- one',
  '- two',
  '',
  '~~~~',
  '```',
  '',
  'still code',
  '~~~~',
  '',
  'Done <img src=x onerror=alert(1)>.',
].join('\n');

describe('splitBlocks', () => {
  it('gives back the text exactly, for every prefix of a streamed answer', () => {
    for (let n = 0; n <= answer.length; n++) expect(splitBlocks(answer.slice(0, n)).join('')).toBe(answer.slice(0, n));
  });

  it('splits at blank lines between blocks, never inside a fenced code block', () => {
    const blocks = splitBlocks(answer);
    expect(blocks).toHaveLength(6);
    expect(blocks[2]).toBe('```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\n');
    expect(blocks[4]).toBe('~~~~\n```\n\nstill code\n~~~~\n\n');
    expect(blocks[5]).toBe('Done <img src=x onerror=alert(1)>.');
  });

  it('keeps finished blocks as they were while the text grows (they are rendered once)', () => {
    const done = splitBlocks(answer).slice(0, -1);
    for (let n = answer.indexOf('Done') + 1; n <= answer.length; n++) expect(splitBlocks(answer.slice(0, n)).slice(0, -1)).toEqual(done);
  });

  it('renders block by block as the whole text renders', () => {
    expect(byBlock(answer)).toBe(whole(answer));
  });

  it('keeps indented continuations with their block (a list item’s paragraph, its code)', () => {
    const t = '- item\n\n  more of the item\n\n      code in it\n\nafter';
    expect(splitBlocks(t)).toEqual(['- item\n\n  more of the item\n\n      code in it\n\n', 'after']);
  });
});
