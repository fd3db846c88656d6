import { describe, expect, it } from 'vitest';
import { Glob } from './glob';

/** The regex the globs used to compile to (the reference for what matches). */
function reference(glob: string, text: string, opts: { ignoreCase?: boolean; questionMark?: boolean }): boolean {
  let re = '';
  for (const ch of glob) {
    if (ch === '*') re += '[\\s\\S]*';
    else if (ch === '?' && opts.questionMark !== false) re += '[\\s\\S]';
    else re += ch.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, opts.ignoreCase ? 'i' : '').test(text);
}

describe('Glob', () => {
  it.each([
    ['bash', 'bash', true],
    ['bash', 'bash2', false],
    ['git status*', 'git status --short', true],
    ['*allowed.txt', '/w/allowed.txt', true],
    ['*allowed.txt', '/w/allowed.txt.bak', false],
    ['mcp_*', 'mcp_everything_echo', true],
    ['*_bash', 'server_bash', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'acb', false],
    ['ab*ba', 'aba', false],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['**x**', 'x', true],
    ['*a*a*', 'aa', true],
    ['*a*a*', 'a', false],
  ])('%j against %j → %s', (glob, text, want) => {
    expect(new Glob(glob).test(text)).toBe(want);
    expect(reference(glob, text, {})).toBe(want);
  });

  it('agrees with the regex it replaces on random globs and texts', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pick = (alphabet: string, len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let i = 0; i < 5000; i++) {
      const glob = pick('ab*?', rnd(8));
      const text = pick('abAB?', rnd(10));
      for (const opts of [{}, { ignoreCase: true, questionMark: false }]) {
        expect(new Glob(glob, opts).test(text), `${glob} ~ ${text} ${JSON.stringify(opts)}`).toBe(reference(glob, text, opts));
      }
    }
  });

  it('search globs take ? literally and ignore case', () => {
    const g = new Glob('MCP_?', { ignoreCase: true, questionMark: false });
    expect(g.test('mcp_?')).toBe(true);
    expect(g.test('mcp_x')).toBe(false);
  });

  it('a pattern that makes a backtracking regex take minutes is answered (leftmost segments, no retries)', () => {
    const name = 'a'.repeat(60);
    expect(new Glob('a*'.repeat(40) + 'b').test(name)).toBe(false);
    expect(new Glob('*a'.repeat(40) + '*').test(name)).toBe(true);
    expect(new Glob('a*'.repeat(5000) + 'b').test('a'.repeat(100_000))).toBe(false);
  });
});
