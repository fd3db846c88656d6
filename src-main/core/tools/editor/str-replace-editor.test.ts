import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditHistory, MAX_HISTORY_CHARS_PER_FILE, MAX_HISTORY_PER_FILE } from './edit-history';
import { LocalFileOperator } from './file-operator';
import { StrReplaceEditor } from './str-replace-editor';
import { MAX_METADATA_BYTES, MAX_RESPONSE_LEN, TRUNCATED_MESSAGE, findOccurrences, lineNumbersOf, makeOutput } from './text-edits';
import type { ToolContext } from '../tool';
import { resultToModelText, type ToolResult } from '../../../../src-shared/events/tool-result';

let base: string;
let ws: string;
let home: string;

function ctx(): ToolContext {
  return { signal: new AbortController().signal, workspace: ws, home, callId: 'call_test' };
}

function editor(): StrReplaceEditor {
  // A fresh instance per call on purpose: nothing may live only in memory.
  return new StrReplaceEditor({ history: EditHistory.forHome(home) });
}

async function run(args: Record<string, unknown>): Promise<ToolResult> {
  return editor().execute(args, ctx());
}

function file(name: string, text: string | Uint8Array): string {
  const p = join(ws, name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
}

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gb-editor-'));
  ws = join(base, 'ws');
  home = join(base, 'home');
  mkdirSync(ws, { recursive: true });
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('str_replace_editor contract', () => {
  it('is named str_replace_editor, not read-only, not destructive, with the seed parameters', () => {
    const t = editor();
    expect(t.name).toBe('str_replace_editor');
    expect(t.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    const schema = t.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties).sort()).toEqual(['command', 'file_text', 'insert_line', 'new_str', 'old_str', 'path', 'view_range']);
    expect(schema.required).toEqual(['command', 'path']);
    expect(t.description).toContain('`view` displays the result of applying `cat -n`');
  });
});

describe('paths', () => {
  it('takes a relative path from the workspace and names the absolute path', async () => {
    const r = await run({ command: 'view', path: 'src/a.txt' });
    expect(r.error).toBe(`The path ${join(ws, 'src/a.txt')} does not exist. Please provide a valid path.`);
  });

  it('refuses `~` (not expanded) with a clear reason', async () => {
    const r = await run({ command: 'view', path: '~/.ssh/id_rsa' });
    expect(r.error).toMatch(/^The path ~\/\.ssh\/id_rsa starts with `~`, which is not expanded here/);
  });

  it('reports a missing path', async () => {
    const p = join(ws, 'nope.txt');
    const r = await run({ command: 'view', path: p });
    expect(r.error).toBe(`The path ${p} does not exist. Please provide a valid path.`);
  });

  it('allows only view on a directory', async () => {
    for (const command of ['str_replace', 'insert', 'undo_edit']) {
      const r = await run({ command, path: ws, old_str: 'x', new_str: 'y', insert_line: 0 });
      expect(r.error).toBe(`The path ${ws} is a directory and only the \`view\` command can be used on directories`);
    }
  });

  it('refuses create on an existing file and leaves it alone', async () => {
    const p = file('a.txt', 'keep me');
    const r = await run({ command: 'create', path: p, file_text: 'new' });
    expect(r.error).toBe(`File already exists at: ${p}. Cannot overwrite files using command \`create\`.`);
    expect(readFileSync(p, 'utf8')).toBe('keep me');
  });

  it('normalises the path it reports', async () => {
    const p = file('a.txt', 'x');
    const r = await run({ command: 'view', path: join(ws, 'sub', '..', 'a.txt') });
    expect(r.output).toContain(`on ${p}:`);
  });
});

describe('view', () => {
  it('numbers lines like cat -n (%6d\\t%s) and keeps tabs', async () => {
    const p = file('a.py', 'def f():\n\treturn 1\n');
    const r = await run({ command: 'view', path: p });
    expect(r.error).toBeUndefined();
    expect(r.output).toBe(`Here's the result of running \`cat -n\` on ${p}:\n     1\tdef f():\n     2\t\treturn 1\n     3\t\n`);
  });

  it('pads numbers to six columns and numbers a range from its start', async () => {
    const p = file('b.txt', Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n'));
    const r = await run({ command: 'view', path: p, view_range: [10, 11] });
    expect(r.output).toBe(`Here's the result of running \`cat -n\` on ${p}:\n    10\tline 10\n    11\tline 11\n`);
  });

  it('treats -1 as the end of the file', async () => {
    const p = file('b.txt', 'a\nb\nc\nd');
    const r = await run({ command: 'view', path: p, view_range: [3, -1] });
    expect(r.output).toBe(`Here's the result of running \`cat -n\` on ${p}:\n     3\tc\n     4\td\n`);
  });

  it('shows the whole file for an empty view_range', async () => {
    const p = file('b.txt', 'a\nb');
    const r = await run({ command: 'view', path: p, view_range: [] });
    expect(r.output).toContain('     1\ta\n     2\tb\n');
  });

  it.each([
    [[1], 'Invalid `view_range`. It should be a list of two integers.'],
    [[1, 2, 3], 'Invalid `view_range`. It should be a list of two integers.'],
    [[0, 2], 'Invalid `view_range`: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 4]'],
    [[5, 5], 'Invalid `view_range`: [5, 5]. Its first element `5` should be within the range of lines of the file: [1, 4]'],
    [[2, 9], 'Invalid `view_range`: [2, 9]. Its second element `9` should be smaller than the number of lines in the file: `4`'],
    [[3, 2], 'Invalid `view_range`: [3, 2]. Its second element `2` should be larger or equal than its first `3`'],
  ])('view_range %j → the seed message', async (range, message) => {
    const p = file('c.txt', 'a\nb\nc\nd');
    const r = await run({ command: 'view', path: p, view_range: range });
    expect(r.error).toBe(message);
    expect(r.output).toBeUndefined();
  });

  it('refuses view_range on a directory', async () => {
    const r = await run({ command: 'view', path: ws, view_range: [1, 2] });
    expect(r.error).toBe('The `view_range` parameter is not allowed when `path` points to a directory.');
  });

  it('clips views over 16,000 chars with the seed note outside the numbering', async () => {
    const line = 'x'.repeat(99);
    const text = Array.from({ length: 400 }, () => line).join('\n'); // 39,999 chars
    const p = file('big.txt', text);
    const r = await run({ command: 'view', path: p });
    const out = r.output!;
    expect(out.endsWith(`\n${TRUNCATED_MESSAGE}\n`)).toBe(true);
    const numbered = out.split('\n').slice(1, -2);
    // Every shown line is a whole, correctly numbered file line; the note is not numbered.
    numbered.forEach((l, i) => expect(l).toBe(`${String(i + 1).padStart(6)}\t${line}`));
    expect(numbered.length).toBe(Math.floor(MAX_RESPONSE_LEN / 100));
    expect(out).not.toMatch(/\d+\t<response clipped>/);
  });

  it('does not clip a file of exactly 16,000 chars', async () => {
    const p = file('edge.txt', 'y'.repeat(MAX_RESPONSE_LEN));
    const r = await run({ command: 'view', path: p });
    expect(r.output).not.toContain('<response clipped>');
    expect(r.output).toContain('y'.repeat(MAX_RESPONSE_LEN));
  });

  it('refuses a binary file without touching it', async () => {
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]);
    const p = file('img.png', bytes);
    for (const args of [
      { command: 'view', path: p },
      { command: 'str_replace', path: p, old_str: 'P', new_str: 'Q' },
      { command: 'insert', path: p, insert_line: 0, new_str: 'x' },
    ]) {
      const r = await run(args);
      expect(r.error).toBe(
        `The file ${p} appears to be binary (it contains NUL bytes). str_replace_editor only views and edits UTF-8 text files; the file was not changed.`,
      );
    }
    expect(Buffer.compare(readFileSync(p), Buffer.from(bytes))).toBe(0);
  });

  it('refuses a non-UTF-8 file without touching it', async () => {
    const latin1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');
    const p = file('latin1.txt', latin1);
    const r = await run({ command: 'str_replace', path: p, old_str: 'caf', new_str: 'tea' });
    expect(r.error).toBe(
      `The file ${p} is not valid UTF-8 text. str_replace_editor only views and edits UTF-8 text files; the file was not changed.`,
    );
    expect(Buffer.compare(readFileSync(p), latin1)).toBe(0);
  });

  it('views UTF-8 text with multibyte characters', async () => {
    const p = file('u.txt', 'héllo wörld ✓');
    const r = await run({ command: 'view', path: p });
    expect(r.output).toContain('     1\théllo wörld ✓');
  });
});

describe('directory listing', () => {
  it('lists two levels deep, sorted, without hidden items, exactly like find', async () => {
    file('b.txt', '');
    file('a dir/x.txt', '');
    file('a dir/deeper/too-deep.txt', '');
    file('.hidden/secret.txt', '');
    file('.env', '');
    file('a dir/.git/config', '');
    const r = await run({ command: 'view', path: ws });
    expect(r.output).toBe(
      `Here's the files and directories up to 2 levels deep in ${ws}, excluding hidden items:\n` +
        [ws, join(ws, 'a dir'), join(ws, 'a dir/deeper'), join(ws, 'a dir/x.txt'), join(ws, 'b.txt')].join('\n') +
        '\n',
    );
  });

  it('runs no shell: a name full of shell syntax is listed verbatim and nothing runs', async () => {
    const marker = join(base, 'pwned');
    const evil = `x'; touch ${marker}; echo '$(touch ${marker})`;
    const dir = join(ws, evil.replace(/\//g, '_'));
    mkdirSync(dir);
    file(`${evil.replace(/\//g, '_')}/inner.txt`, '');
    const r = await run({ command: 'view', path: dir });
    expect(r.output).toBe(
      `Here's the files and directories up to 2 levels deep in ${dir}, excluding hidden items:\n${dir}\n${join(dir, 'inner.txt')}\n`,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('does not follow a symlinked directory', async () => {
    file('real/inside.txt', '');
    symlinkSync(join(ws, 'real'), join(ws, 'link'));
    const r = await run({ command: 'view', path: ws });
    expect(r.output).toContain(`${join(ws, 'link')}\n`);
    expect(r.output).not.toContain(join(ws, 'link', 'inside.txt'));
    expect(r.output).toContain(join(ws, 'real', 'inside.txt'));
  });
});

describe('create', () => {
  it('creates the file (and its folders) with the seed message', async () => {
    const p = join(ws, 'new/dir/f.txt');
    const r = await run({ command: 'create', path: p, file_text: 'hello\n\tworld' });
    expect(r.output).toBe(`File created successfully at: ${p}`);
    expect(readFileSync(p, 'utf8')).toBe('hello\n\tworld');
    expect(r.metadata).toMatchObject({ path: p, command: 'create', before: '', after: 'hello\n\tworld' });
  });

  it('requires file_text', async () => {
    const r = await run({ command: 'create', path: join(ws, 'f.txt') });
    expect(r.error).toBe('Parameter `file_text` is required for command: create');
    expect(existsSync(join(ws, 'f.txt'))).toBe(false);
  });
});

describe('str_replace', () => {
  it('replaces a unique string and shows a ±4-line numbered snippet', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const p = file('s.txt', lines.join('\n'));
    const r = await run({ command: 'str_replace', path: p, old_str: 'line 10', new_str: 'LINE TEN' });
    const expectedSnippet = [6, 7, 8, 9, 10, 11, 12, 13, 14]
      .map((n) => `${String(n).padStart(6)}\t${n === 10 ? 'LINE TEN' : `line ${n}`}`)
      .join('\n');
    expect(r.output).toBe(
      `The file ${p} has been edited. Here's the result of running \`cat -n\` on a snippet of ${p}:\n${expectedSnippet}\n` +
        'Review the changes and make sure they are as expected. Edit the file again if necessary.',
    );
    expect(readFileSync(p, 'utf8')).toBe(lines.join('\n').replace('line 10\n', 'LINE TEN\n'));
    expect(r.metadata).toMatchObject({ path: p, command: 'str_replace', before: lines.join('\n') });
    expect((r.metadata as { after: string }).after).toContain('LINE TEN');
  });

  it('widens the snippet by the lines new_str adds and starts it at line 1 near the top', async () => {
    const p = file('s.txt', 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj');
    const r = await run({ command: 'str_replace', path: p, old_str: 'b', new_str: 'b1\nb2' });
    expect(r.output).toContain(`on a snippet of ${p}:\n     1\ta\n     2\tb1\n     3\tb2\n     4\tc\n     5\td\n     6\te\n     7\tf\nReview`);
  });

  it('deletes old_str when new_str is omitted', async () => {
    const p = file('s.txt', 'keep DROP keep');
    await run({ command: 'str_replace', path: p, old_str: ' DROP' });
    expect(readFileSync(p, 'utf8')).toBe('keep keep');
  });

  it('says "did not appear verbatim" and leaves the file alone', async () => {
    const p = file('s.txt', 'alpha\nbeta\n');
    const r = await run({ command: 'str_replace', path: p, old_str: 'gamma', new_str: 'x' });
    expect(r.error).toBe(`No replacement was performed, old_str \`gamma\` did not appear verbatim in ${p}.`);
    expect(readFileSync(p, 'utf8')).toBe('alpha\nbeta\n');
  });

  it('lists the line of every real occurrence (two on one line, multi-line matches)', async () => {
    const p = file('s.txt', 'x = 1\nfoo foo\nbar\nfoo\n');
    const r = await run({ command: 'str_replace', path: p, old_str: 'foo', new_str: 'baz' });
    expect(r.error).toBe('No replacement was performed. Multiple occurrences of old_str `foo` in lines [2, 2, 4]. Please ensure it is unique');
    expect(readFileSync(p, 'utf8')).toBe('x = 1\nfoo foo\nbar\nfoo\n');

    const q = file('m.txt', 'if a:\n  go()\nelse:\n  stop()\nif a:\n  go()\n');
    const r2 = await run({ command: 'str_replace', path: q, old_str: 'if a:\n  go()', new_str: 'x' });
    // The seed printed `[]` here: no single line contains a multi-line old_str.
    expect(r2.error).toBe('No replacement was performed. Multiple occurrences of old_str `if a:\n  go()` in lines [1, 5]. Please ensure it is unique');
  });

  it('keeps tabs in the file and matches them exactly', async () => {
    const p = file('t.go', 'func main() {\n\tfmt.Println("a")\n\tfmt.Println("b")\n}\n');
    const r = await run({ command: 'str_replace', path: p, old_str: '\tfmt.Println("b")', new_str: '\tfmt.Println("c")\n\treturn' });
    expect(r.error).toBeUndefined();
    expect(readFileSync(p, 'utf8')).toBe('func main() {\n\tfmt.Println("a")\n\tfmt.Println("c")\n\treturn\n}\n');
    expect(r.output).toContain('     3\t\tfmt.Println("c")');
  });

  it('writes $-patterns in new_str literally', async () => {
    const p = file('s.txt', 'price: X');
    await run({ command: 'str_replace', path: p, old_str: 'X', new_str: "$& $1 $$ $' $`" });
    expect(readFileSync(p, 'utf8')).toBe("price: $& $1 $$ $' $`");
  });

  it('requires old_str and refuses an empty one', async () => {
    const p = file('s.txt', 'abc');
    expect((await run({ command: 'str_replace', path: p, new_str: 'x' })).error).toBe('Parameter `old_str` is required for command: str_replace');
    expect((await run({ command: 'str_replace', path: p, old_str: '', new_str: 'x' })).error).toContain('old_str is empty');
    expect(readFileSync(p, 'utf8')).toBe('abc');
  });

  it('matches a multi-line old_str written with \\n in a CRLF file and keeps CRLF', async () => {
    const p = file('w.txt', 'one\r\ntwo\r\nthree\r\n');
    const r = await run({ command: 'str_replace', path: p, old_str: 'one\ntwo', new_str: 'uno\ndos' });
    expect(r.error).toBeUndefined();
    expect(readFileSync(p, 'utf8')).toBe('uno\r\ndos\r\nthree\r\n');
    const miss = await run({ command: 'str_replace', path: p, old_str: 'dos\nfour', new_str: 'x' });
    expect(miss.error).toBe(`No replacement was performed, old_str \`dos\nfour\` did not appear verbatim in ${p}.`);
  });

  it('keeps CRLF line endings that are not part of the edit', async () => {
    const p = file('w.txt', 'one\r\ntwo\r\nthree\r\n');
    await run({ command: 'str_replace', path: p, old_str: 'two', new_str: '2' });
    expect(readFileSync(p, 'utf8')).toBe('one\r\n2\r\nthree\r\n');
  });
});

describe('insert', () => {
  it('inserts after line N with the seed snippet and message', async () => {
    const p = file('i.txt', 'l1\nl2\nl3\nl4\nl5\nl6\nl7');
    const r = await run({ command: 'insert', path: p, insert_line: 5, new_str: 'NEW\n\tTAB' });
    expect(readFileSync(p, 'utf8')).toBe('l1\nl2\nl3\nl4\nl5\nNEW\n\tTAB\nl6\nl7');
    expect(r.output).toBe(
      `The file ${p} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n` +
        '     2\tl2\n     3\tl3\n     4\tl4\n     5\tl5\n     6\tNEW\n     7\t\tTAB\n     8\tl6\n     9\tl7\n' +
        'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.',
    );
    expect(r.metadata).toMatchObject({ command: 'insert', before: 'l1\nl2\nl3\nl4\nl5\nl6\nl7' });
  });

  it('inserts at the top with 0', async () => {
    const p = file('i.txt', 'a\nb');
    await run({ command: 'insert', path: p, insert_line: 0, new_str: 'top' });
    expect(readFileSync(p, 'utf8')).toBe('top\na\nb');
  });

  it.each([-1, 4])('refuses insert_line %i outside [0, n]', async (n) => {
    const p = file('i.txt', 'a\nb\nc');
    const r = await run({ command: 'insert', path: p, insert_line: n, new_str: 'x' });
    expect(r.error).toBe(`Invalid \`insert_line\` parameter: ${n}. It should be within the range of lines of the file: [0, 3]`);
    expect(readFileSync(p, 'utf8')).toBe('a\nb\nc');
  });

  it('requires insert_line and new_str', async () => {
    const p = file('i.txt', 'a');
    expect((await run({ command: 'insert', path: p, new_str: 'x' })).error).toBe('Parameter `insert_line` is required for command: insert');
    expect((await run({ command: 'insert', path: p, insert_line: 0 })).error).toBe('Parameter `new_str` is required for command: insert');
  });
});

describe('undo_edit', () => {
  it('undoes edits in reverse order, across editor instances (persisted), then reports no history', async () => {
    const p = file('u.txt', 'v1');
    await run({ command: 'str_replace', path: p, old_str: 'v1', new_str: 'v2' });
    await run({ command: 'insert', path: p, insert_line: 1, new_str: 'v3' });
    expect(readFileSync(p, 'utf8')).toBe('v2\nv3');

    const r1 = await run({ command: 'undo_edit', path: p });
    expect(r1.output).toBe(`Last edit to ${p} undone successfully. Here's the result of running \`cat -n\` on ${p}:\n     1\tv2\n`);
    expect(readFileSync(p, 'utf8')).toBe('v2');
    expect(r1.metadata).toMatchObject({ path: p, command: 'undo_edit', before: 'v2\nv3', after: 'v2' });

    await run({ command: 'undo_edit', path: p });
    expect(readFileSync(p, 'utf8')).toBe('v1');

    const r3 = await run({ command: 'undo_edit', path: p });
    expect(r3.error).toBe(`No edit history found for ${p}.`);
    expect(readFileSync(p, 'utf8')).toBe('v1');
  });

  it('keeps the history on disk under $GLASSBOX_HOME/state', async () => {
    const p = file('u.txt', 'old');
    await run({ command: 'str_replace', path: p, old_str: 'old', new_str: 'new' });
    expect(EditHistory.forHome(home).size(p)).toBe(1);
    expect(existsSync(join(home, 'state', 'edit-history'))).toBe(true);
  });

  it('undo of create deletes the file', async () => {
    const p = join(ws, 'made.txt');
    await run({ command: 'create', path: p, file_text: 'x' });
    const r = await run({ command: 'undo_edit', path: p });
    expect(r.output).toBe(`Last edit to ${p} undone successfully. The file was created by that edit, so it has been deleted.`);
    expect(existsSync(p)).toBe(false);
    expect(r.metadata).toMatchObject({ command: 'undo_edit', before: 'x', after: '', deleted: true });
  });

  it('a file created, edited, then undone twice is gone', async () => {
    const p = join(ws, 'made.txt');
    await run({ command: 'create', path: p, file_text: 'a' });
    await run({ command: 'str_replace', path: p, old_str: 'a', new_str: 'b' });
    await run({ command: 'undo_edit', path: p });
    expect(readFileSync(p, 'utf8')).toBe('a');
    await run({ command: 'undo_edit', path: p });
    expect(existsSync(p)).toBe(false);
  });

  it('reports a missing file without history as missing', async () => {
    const p = join(ws, 'ghost.txt');
    expect((await run({ command: 'undo_edit', path: p })).error).toBe(`The path ${p} does not exist. Please provide a valid path.`);
  });

  it('reports no history for an untouched file', async () => {
    const p = file('plain.txt', 'x');
    expect((await run({ command: 'undo_edit', path: p })).error).toBe(`No edit history found for ${p}.`);
  });

  it('restores a file deleted after an edit', async () => {
    const p = file('gone.txt', 'one');
    await run({ command: 'str_replace', path: p, old_str: 'one', new_str: 'two' });
    rmSync(p);
    await run({ command: 'undo_edit', path: p });
    expect(readFileSync(p, 'utf8')).toBe('one');
  });

  it('keeps at most MAX_HISTORY_PER_FILE steps', () => {
    const h = EditHistory.forHome(home);
    for (let i = 0; i < MAX_HISTORY_PER_FILE + 5; i++) h.push('/x', { command: 'insert', before: String(i), ts: i });
    expect(h.size('/x')).toBe(MAX_HISTORY_PER_FILE);
    expect(h.pop('/x')?.before).toBe(String(MAX_HISTORY_PER_FILE + 4));
  });

  it('drops the oldest steps past the size limit but always keeps the newest', () => {
    expect(MAX_HISTORY_CHARS_PER_FILE).toBe(32 * 1024 * 1024);
    const h = new EditHistory(join(home, 'small'), { steps: 50, chars: 100 });
    for (let i = 0; i < 3; i++) h.push('/big', { command: 'insert', before: `${i}`.padEnd(40, 'x'), ts: i });
    expect(h.size('/big')).toBe(2);
    expect(h.pop('/big')?.before?.startsWith('2')).toBe(true);
    h.push('/huge', { command: 'insert', before: 'b'.repeat(101), ts: 0 });
    expect(h.size('/huge')).toBe(1);
  });

  it('ignores a damaged history file instead of failing', async () => {
    const p = file('d.txt', 'a');
    await run({ command: 'str_replace', path: p, old_str: 'a', new_str: 'b' });
    const dir = join(home, 'state', 'edit-history');
    const { readdirSync } = await import('node:fs');
    for (const f of readdirSync(dir)) writeFileSync(join(dir, f), '{not json');
    expect((await run({ command: 'undo_edit', path: p })).error).toBe(`No edit history found for ${p}.`);
  });
});

describe('metadata and failures', () => {
  it('leaves file text over 1 MB out of metadata', async () => {
    const big = 'z'.repeat(MAX_METADATA_BYTES + 10);
    const p = file('big.txt', big);
    const r = await run({ command: 'insert', path: p, insert_line: 0, new_str: 'top' });
    expect(r.metadata).toEqual({ path: p, command: 'insert' });
  });

  it('turns a file-system failure into an error result', async () => {
    // A regular file used as a folder fails for every user, root included.
    const f = file('plain.txt', 'a');
    const r = await run({ command: 'create', path: join(f, 'child.txt'), file_text: 'x' });
    expect(r.error).toMatch(/^create failed for .*plain\.txt\/child\.txt: .*(EEXIST|ENOTDIR)/);
  });

  it('shows the error to the model as Error: …', async () => {
    const r = await run({ command: 'view', path: 'rel' });
    expect(resultToModelText(r)).toBe(`Error: The path ${join(ws, 'rel')} does not exist. Please provide a valid path.`);
  });

  it('works through any FileOperator (an in-memory one here)', async () => {
    const files = new Map<string, string>([['/mem/a.txt', 'hello']]);
    const op = new (class extends LocalFileOperator {
      override async readFile(p: string) {
        return new TextEncoder().encode(files.get(p) ?? '');
      }
      override async writeFile(p: string, t: string) {
        files.set(p, t);
      }
      override async exists(p: string) {
        return files.has(p) || p === '/mem';
      }
      override async isDirectory(p: string) {
        return p === '/mem';
      }
      override async remove(p: string) {
        files.delete(p);
      }
      override async readDirectory() {
        return [...files.keys()].map((k) => ({ name: k.slice(5), isDirectory: false }));
      }
    })();
    const t = new StrReplaceEditor({ history: EditHistory.forHome(home), operator: op });
    await t.execute({ command: 'str_replace', path: '/mem/a.txt', old_str: 'hello', new_str: 'bye' }, ctx());
    expect(files.get('/mem/a.txt')).toBe('bye');
    const listing = await t.execute({ command: 'view', path: '/mem' }, ctx());
    expect(listing.output).toContain('/mem/a.txt');
  });
});

describe('helpers', () => {
  it('findOccurrences counts non-overlapping matches like Python str.count', () => {
    expect(findOccurrences('aaaa', 'aa')).toEqual([0, 2]);
    expect(findOccurrences('abc', '')).toEqual([]);
    expect(lineNumbersOf('a\nb a\n\na', [0, 4, 7])).toEqual([1, 2, 4]);
  });

  it('makeOutput starts numbering at init_line', () => {
    expect(makeOutput('x\ny', 'f', 41)).toBe("Here's the result of running `cat -n` on f:\n    41\tx\n    42\ty\n");
  });
});
