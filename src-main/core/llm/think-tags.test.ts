import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from './think-tags';

function run(chunks: string[]): { text: string; thinking: string } {
  const s = new ThinkTagSplitter();
  let text = '';
  let thinking = '';
  for (const c of [...chunks.map((c) => s.push(c)), s.end()]) {
    text += c.text;
    thinking += c.thinking;
  }
  return { text, thinking };
}

/** Every way of cutting `s` in two, plus one character at a time. */
function cuts(s: string): string[][] {
  const out = [[...s]];
  for (let i = 1; i < s.length; i++) out.push([s.slice(0, i), s.slice(i)]);
  return out;
}

describe('<think> splitting', () => {
  it('splits leading reasoning from the answer however the tags are cut across chunks', () => {
    const stream = '<think>\nThe user wants 2+2.\n</think>\n\nIt is 4.';
    for (const chunks of cuts(stream)) expect(run(chunks)).toEqual({ text: 'It is 4.', thinking: '\nThe user wants 2+2.\n' });
  });

  it('leaves an answer without reasoning, and one that mentions the tag later, untouched', () => {
    expect(run(['  indented', ' code'])).toEqual({ text: '  indented code', thinking: '' });
    for (const chunks of cuts('Use <think> tags like <think>x</think>.')) expect(run(chunks)).toEqual({ text: 'Use <think> tags like <think>x</think>.', thinking: '' });
    expect(run(['<thin', 'king about it'])).toEqual({ text: '<thinking about it', thinking: '' });
  });

  it('an unclosed block (stream cut) is all reasoning; two leading blocks both count', () => {
    expect(run(['<think>still go', 'ing'])).toEqual({ text: '', thinking: 'still going' });
    expect(run(['<think>a</think><think>b</think>answer'])).toEqual({ text: 'answer', thinking: 'ab' });
    expect(run(['<think>a</th'])).toEqual({ text: '', thinking: 'a</th' });
  });
});
