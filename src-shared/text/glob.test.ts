import { describe, expect, it } from 'vitest';
import { Glob, GlobError, globProblem, MAX_ALTERNATIVES } from './glob';

/** The regex the globs used to compile to (the reference for what matches; no braces). */
function reference(glob: string, text: string, opts: { ignoreCase?: boolean }): boolean {
  let re = '';
  for (const ch of glob) {
    if (ch === '*') re += '[\\s\\S]*';
    else if (ch === '?') re += '[\\s\\S]';
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
      for (const opts of [{}, { ignoreCase: true }]) {
        expect(new Glob(glob, opts).test(text), `${glob} ~ ${text} ${JSON.stringify(opts)}`).toBe(reference(glob, text, opts));
      }
    }
  });

  it('ignoreCase compares lower-cased; `?` is one character there too', () => {
    const g = new Glob('MCP_?', { ignoreCase: true });
    expect(g.test('mcp_x')).toBe(true);
    expect(g.test('mcp_?')).toBe(true);
    expect(g.test('mcp_xy')).toBe(false);
    expect(new Glob('MCP_?').test('mcp_x')).toBe(false);
  });

  it.each([
    ['{a,b}', 'a', true],
    ['{a,b}', 'b', true],
    ['{a,b}', '{a,b}', false],
    ['git {status,diff}*', 'git diff HEAD', true],
    ['git {status,diff}*', 'git log', false],
    ['a{b,c{d,e}}f', 'acef', true],
    ['a{b,c{d,e}}f', 'acf', false],
    ['x{,y}', 'x', true],
    ['x{,y}', 'xy', true],
    ['{a,b}{c,d}', 'bd', true],
    // No comma, or no closing brace: literal, as in bash.
    ['find * -exec {} ;', 'find . -exec {} ;', true],
    ['{a}', '{a}', true],
    ['{a}', 'a', false],
    ['{a,b', '{a,b', true],
    ['{a,{b,c}', '{a,b', true],
    ['}a,b{', '}a,b{', true],
    // No classes, no escapes.
    ['[ab]', '[ab]', true],
    ['[ab]', 'a', false],
    ['a\\*', 'a\\xyz', true],
    // `*` and `**` cross `/`.
    ['com.acme/*', 'com.acme/tools', true],
    ['*', 'com.acme/tools', true],
    ['**', 'com.acme/tools', true],
    ['a/**/b', 'a/x/y/b', true],
    ['?', '/', true],
    ['.*', '.env', true],
  ])('%j against %j → %s', (glob, text, want) => {
    expect(new Glob(glob).test(text)).toBe(want);
  });

  it(`refuses braces that expand to more than ${MAX_ALTERNATIVES} patterns, without quoting the pattern`, () => {
    const wide = '{a,b}'.repeat(9); // 512 patterns
    expect(() => new Glob(wide)).toThrow(GlobError);
    expect(globProblem(wide)).toBe(`braces expand to more than ${MAX_ALTERNATIVES} patterns`);
    expect(globProblem('{a,b}'.repeat(8))).toBeNull(); // 256
    expect(new Glob('{a,b}'.repeat(8)).test('ab'.repeat(4))).toBe(true);
    expect(globProblem(`{${','.repeat(100_000)}}`)).not.toBeNull();
    // A long run of unclosed braces is literal and read in one pass.
    const unclosed = '{'.repeat(200_000);
    expect(new Glob(unclosed).test(unclosed)).toBe(true);
  });

  it('a pattern that makes a backtracking regex take minutes is answered (leftmost segments, no retries)', () => {
    const name = 'a'.repeat(60);
    expect(new Glob('a*'.repeat(40) + 'b').test(name)).toBe(false);
    expect(new Glob('*a'.repeat(40) + '*').test(name)).toBe(true);
    expect(new Glob('a*'.repeat(5000) + 'b').test('a'.repeat(100_000))).toBe(false);
    // picomatch's regex for this one took 8.6 s against 100 characters (docs/configuration.md, Globs).
    expect(new Glob('*a*a*a*a*a*b').test('a'.repeat(100_000))).toBe(false);
    expect(new Glob('{*a*a*a*a*a*b,*a*a*a*a*a*c}').test('a'.repeat(100_000))).toBe(false);
  });
});
