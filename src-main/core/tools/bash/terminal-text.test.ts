import { describe, expect, it } from 'vitest';
import { renderLines, renderTerminalText } from './terminal-text';

describe('renderTerminalText', () => {
  it.each([
    ['plain lines', 'a\r\nb\r\n', 'a\nb'],
    ['a \\r\\n cut at the end', 'a\r\nb\r', 'a\nb'],
    ['progress bar', 'Downloading  10%\rDownloading  55%\rDownloading 100%\r\ndone\r\n', 'Downloading 100%\ndone'],
    ['colours', '\x1b[1;31merror:\x1b[0m bad\r\n', 'error: bad'],
    ['cursor left and overwrite', 'abcdef\x1b[3Dxy\r\n', 'abcxyf'],
    ['erase line', 'old text\r\x1b[Knew\r\n', 'new'],
    ['backspace', 'ab\bc\r\n', 'ac'],
    ['trailing blanks dropped', 'x   \r\n\r\n\r\n', 'x'],
  ])('%s', async (_name, raw, expected) => {
    expect(await renderTerminalText(raw, 80)).toBe(expected);
  });

  it('joins lines the terminal wrapped', async () => {
    const long = 'x'.repeat(150);
    expect(await renderTerminalText(`\x1b[0m${long}\r\nend\r\n`, 40)).toBe(`${long}\nend`);
  });

  it('approximates very large output line by line', async () => {
    const big = Array.from({ length: 40_000 }, (_, i) => `\x1b[32m${i}\x1b[0m 50%\r${i} 100%`).join('\r\n');
    const out = await renderTerminalText(big, 80);
    expect(out.split('\n')).toHaveLength(40_000);
    expect(out.split('\n')[123]).toBe('123 100%');
  });

  it('renderLines handles \\r, backspace and escapes', () => {
    expect(renderLines('\x1b]0;title\x07a\x1b[31mb\x1b[0mc\r\nxx\rY\r\nq\bw')).toBe('abc\nYx\nw');
  });
});
