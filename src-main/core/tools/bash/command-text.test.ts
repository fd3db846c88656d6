import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandInput } from './command-input';
import { checkCommandText } from './command-text';

/** Every character a terminal or bash treats specially, besides tab and newline. */
const SPECIAL_CHARACTERS: Array<[string, string]> = [
  ...Array.from({ length: 32 }, (_, i) => i)
    .filter((i) => i !== 0x09 && i !== 0x0a)
    .map((i): [string, string] => [`C0 0x${i.toString(16).padStart(2, '0')}`, String.fromCharCode(i)]),
  ['DEL 0x7f', '\x7f'],
  ...Array.from({ length: 32 }, (_, i) => 0x80 + i).map((c): [string, string] => [`C1 U+00${c.toString(16)}`, String.fromCharCode(c)]),
  ['lone high surrogate', '\ud83d'],
  ['lone low surrogate', '\ude00'],
];

describe('checkCommandText', () => {
  it.each(SPECIAL_CHARACTERS)('refuses %s anywhere, saying where and how to write it instead', (_name, ch) => {
    for (const command of [`echo hi${ch}rm -rf /x/v`, `echo '${ch}'`, `${ch}`, `true # ${ch}`]) {
      const r = checkCommandText(command);
      expect(r.ok, JSON.stringify(command)).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^the command was not run: it contains .* at line 1, character \d+\. .*\$'\\r'/);
    }
  });

  it('names the usual suspects and the line', () => {
    const r = checkCommandText('ls\ngit status\rrm -rf /x');
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('carriage return (\\r) (U+000D) at line 2, character 14') });
    expect(checkCommandText('\x1b[201~')).toMatchObject({ reason: expect.stringContaining('escape (ESC)') });
    expect(checkCommandText('a\u009bb')).toMatchObject({ reason: expect.stringContaining('CSI (U+009B)') });
  });

  it.each([
    ['tab and newline', 'printf "a\\tb"\n\tcat <<EOF\nx\nEOF\n'],
    ['escapes written as text', "printf '\\r\\033[1m'; echo $'\\e' $'\\x03'"],
    ['non-ASCII text and emoji (surrogate pairs)', 'echo "héllo — 日本 😀" > ünï.txt'],
    ['no-break space and line separator (bash reads them as word characters)', 'echo a\u00a0b\u2028c'],
  ])('allows %s', (_name, command) => {
    expect(checkCommandText(command)).toEqual({ ok: true });
  });
});

describe('CommandInput', () => {
  it('types only the nonce, a hex file name, the bound key and Enter; the command goes through a file byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gb-cmdin-'));
    const command = 'echo "a\tb" \'\\\' $x\nprintf "%s" 日本 😀\n  \n';
    const input = new CommandInput(command, 'abcdef0123456789', true, dir);
    const m = /^\x05\x15abcdef0123456789:([0-9a-f]{16})\x1b\[5151~\r$/.exec(input.keys);
    expect(m).not.toBeNull();
    expect(readFileSync(join(dir, m![1]!), 'utf8')).toBe(command);
    input.cleanup();
    expect(() => readFileSync(join(dir, m![1]!))).toThrow(/ENOENT/);
  });

  it('a long command is sourced from its own file', () => {
    const dir = mkdtempSync(join(tmpdir(), "gb-cmdin-it's-"));
    const command = `echo ${'x'.repeat(20_000)}`;
    const input = new CommandInput(command, '00', false, dir);
    const id = /^00:([0-9a-f]+)\x1b/.exec(input.keys)![1]!;
    expect(readFileSync(join(dir, id), 'utf8')).toBe(`. '${dir.replace(/'/g, "'\\''")}/${id}.sh'`);
    expect(readFileSync(join(dir, `${id}.sh`), 'utf8')).toBe(`${command}\n`);
    input.cleanup();
  });
});
