import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditHistory } from './edit-history';
import { StrReplaceEditor } from './str-replace-editor';

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-preview-')));
const home = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-preview-home-')));
const editor = new StrReplaceEditor({ history: EditHistory.forHome(home) });
const ctx = { signal: new AbortController().signal, workspace: ws, home, callId: 'c' };

describe('the editor previews a change without writing it', () => {
  it('str_replace: the whole file before and after; the file is untouched', async () => {
    const f = join(ws, 'a.ts');
    writeFileSync(f, 'one\n  return "Hello, " + name\nthree\n');
    const p = await editor.preview({ command: 'str_replace', path: f, old_str: '  return "Hello, " + name', new_str: '  return `Hi ${name}`' });
    expect(p).toEqual({ path: f, command: 'str_replace', before: 'one\n  return "Hello, " + name\nthree\n', after: 'one\n  return `Hi ${name}`\nthree\n' });
    expect(readFileSync(f, 'utf8')).toContain('Hello');
    // what the preview said is what the editor writes
    await editor.execute({ command: 'str_replace', path: f, old_str: '  return "Hello, " + name', new_str: '  return `Hi ${name}`' }, ctx);
    expect(readFileSync(f, 'utf8')).toBe(p?.after);
  });

  it('a call that would fail says why in the editor\'s words', async () => {
    const f = join(ws, 'b.txt');
    writeFileSync(f, 'x\nx\n');
    const p = await editor.preview({ command: 'str_replace', path: f, old_str: 'x', new_str: 'y' });
    expect(p?.error).toMatch(/Multiple occurrences of old_str `x` in lines \[1, 2\]/);
    expect(p?.after).toBe('x\nx\n');
  });

  it('insert, create, undo_edit (of a create: deletes) and view', async () => {
    const f = join(ws, 'c.txt');
    writeFileSync(f, 'a\nb');
    expect((await editor.preview({ command: 'insert', path: f, insert_line: 1, new_str: 'NEW' }))?.after).toBe('a\nNEW\nb');
    const g = join(ws, 'new.txt');
    expect(await editor.preview({ command: 'create', path: g, file_text: 'hi' })).toMatchObject({ before: '', after: 'hi', created: true });
    expect((await editor.preview({ command: 'create', path: f, file_text: 'hi' }))?.error).toMatch(/already exists/);
    await editor.execute({ command: 'create', path: g, file_text: 'hi' }, ctx);
    expect(await editor.preview({ command: 'undo_edit', path: g })).toMatchObject({ before: 'hi', after: '', deleted: true });
    expect((await editor.preview({ command: 'undo_edit', path: f }))?.error).toMatch(/No edit history/);
    expect(await editor.preview({ command: 'view', path: f })).toBeNull();
    // Relative paths need the workspace to resolve against (the approval gate always gives it).
    expect(await editor.preview({ command: 'str_replace', path: 'relative.txt', old_str: 'a' })).toBeNull();
    expect(await editor.preview({ command: 'insert', path: 'c.txt', insert_line: 0, new_str: 'TOP' }, { workspace: ws })).toMatchObject({ path: f, after: 'TOP\na\nb' });
  });

  it('a binary file is refused, not shown', async () => {
    const f = join(ws, 'bin.dat');
    writeFileSync(f, Buffer.from([0, 1, 2]));
    expect((await editor.preview({ command: 'str_replace', path: f, old_str: 'a', new_str: 'b' }))?.error).toMatch(/binary/);
  });
});
