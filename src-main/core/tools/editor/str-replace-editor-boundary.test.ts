// @lane integration: mkfifo
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditHistory } from './edit-history';
import { MAX_EDITOR_FILE_BYTES } from './file-operator';
import { StrReplaceEditor } from './str-replace-editor';
import type { ToolContext } from '../tool';
import type { ToolResult } from '../../../../src-shared/events/tool-result';

// The editor through the file boundary: what it may touch without an approval that grants
// more, and what it never reads (anything but regular files and folders, files past the limit).

let base: string;
let ws: string;
let home: string;
let user: string;
let outside: string;

function run(args: Record<string, unknown>, grantedPaths?: string[]): Promise<ToolResult> {
  const ctx: ToolContext = { signal: new AbortController().signal, workspace: ws, home, callId: 'c', ...(grantedPaths ? { grantedPaths } : {}) };
  return new StrReplaceEditor({ history: EditHistory.forHome(home), userHome: user }).execute(args, ctx);
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-editor-boundary-')));
  ws = join(base, 'ws');
  home = join(base, 'gbhome');
  user = join(base, 'user');
  outside = join(base, 'outside');
  for (const d of [ws, join(home, 'sessions'), join(user, '.ssh'), outside]) mkdirSync(d, { recursive: true });
  writeFileSync(join(home, 'config.json'), '{"apiKey":"sk-SECRET"}');
  writeFileSync(join(user, '.ssh', 'id_rsa'), 'PRIVATE-KEY');
  writeFileSync(join(outside, 'o.txt'), 'OUT\n');
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('the editor reads only regular files and folders, and only so much', () => {
  it('answers a view of a FIFO with an error instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [join(ws, 'pipe')]);
    const r = await run({ command: 'view', path: join(ws, 'pipe') });
    expect(r.error).toBe(`The path ${join(ws, 'pipe')} is a FIFO (named pipe), not a regular file; str_replace_editor only reads regular files and directories.`);
    const edit = await run({ command: 'str_replace', path: join(ws, 'pipe'), old_str: 'a', new_str: 'b' });
    expect(edit.error).toMatch(/is a FIFO/);
  });

  it('answers a view of /dev/zero (endless) and of a socket with an error', async () => {
    expect((await run({ command: 'view', path: '/dev/zero' })).error).toMatch(/^The path \/dev\/zero is a character device, not a regular file/);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(ws, 'sock'), resolve));
    try {
      expect((await run({ command: 'view', path: join(ws, 'sock') })).error).toMatch(/is a socket, not a regular file/);
    } finally {
      server.close();
    }
  });

  it('refuses a file past the size limit with a clear error and leaves it alone', async () => {
    const big = join(ws, 'big.log');
    writeFileSync(big, '');
    truncateSync(big, MAX_EDITOR_FILE_BYTES + 1); // sparse: no real disk used
    const r = await run({ command: 'view', path: big });
    expect(r.error).toBe(
      `The file ${big} is ${MAX_EDITOR_FILE_BYTES + 1} bytes; str_replace_editor reads files up to ${MAX_EDITOR_FILE_BYTES} bytes. Look at parts of it with bash instead (e.g. sed -n '1,200p' ${big}).`,
    );
    expect(statSync(big).size).toBe(MAX_EDITOR_FILE_BYTES + 1);
  });
});

describe('the editor keeps hidden folders hidden', () => {
  it.each([
    ['$GLASSBOX_HOME', () => join(home, 'config.json')],
    ['a credentials folder', () => join(user, '.ssh', 'id_rsa')],
    ['a link in the workspace', () => (symlinkSync(join(user, '.ssh'), join(ws, 'keys')), join(ws, 'keys', 'id_rsa'))],
    ['/proc/self/root', () => `/proc/self/root${home}/config.json`],
  ])('does not view %s', async (_what, path) => {
    const r = await run({ command: 'view', path: path() });
    expect(r.error).toMatch(/^Refused to read: .* is inside .*, which is hidden from tools/);
    expect(JSON.stringify(r)).not.toMatch(/SECRET|PRIVATE-KEY/);
  });

  it('does not list a hidden folder, nor say what is in it', async () => {
    const r = await run({ command: 'view', path: join(home, 'sessions') });
    expect(r.error).toMatch(/hidden from tools/);
    expect((await run({ command: 'view', path: join(home, 'nothing-here') })).error).toMatch(/hidden from tools/);
  });

  it('views a hidden file the approval granted', async () => {
    const p = join(user, '.ssh', 'id_rsa');
    expect((await run({ command: 'view', path: p }, [p])).output).toContain('PRIVATE-KEY');
  });
});

describe('the editor writes in the workspace unless the approval granted more', () => {
  it('refuses create, str_replace, insert and undo outside the workspace, writing nothing', async () => {
    symlinkSync(outside, join(ws, 'out'));
    const calls = [
      { command: 'create', path: join(outside, 'new.txt'), file_text: 'x' },
      { command: 'create', path: join(ws, 'out', 'new.txt'), file_text: 'x' },
      { command: 'str_replace', path: join(ws, 'out', 'o.txt'), old_str: 'OUT', new_str: 'HACKED' },
      { command: 'insert', path: join(outside, 'o.txt'), insert_line: 0, new_str: 'HACKED' },
    ];
    for (const args of calls) {
      const r = await run(args);
      expect(r.error, JSON.stringify(args)).toMatch(/^Refused to write: .* is outside the workspace/);
    }
    expect(readdirSync(outside)).toEqual(['o.txt']);
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('OUT\n');
  });

  it('writes exactly the granted path outside, and undoes it there', async () => {
    const p = join(outside, 'o.txt');
    const r = await run({ command: 'str_replace', path: p, old_str: 'OUT', new_str: 'EDITED' }, [p]);
    expect(r.error).toBeUndefined();
    expect(readFileSync(p, 'utf8')).toBe('EDITED\n');
    expect((await run({ command: 'undo_edit', path: p })).error).toMatch(/^Refused to write/);
    expect((await run({ command: 'undo_edit', path: p }, [p])).error).toBeUndefined();
    expect(readFileSync(p, 'utf8')).toBe('OUT\n');
  });

  it('replaces a hard link to an outside file in the workspace instead of writing through it', async () => {
    linkSync(join(outside, 'o.txt'), join(ws, 'hard.txt'));
    const r = await run({ command: 'str_replace', path: join(ws, 'hard.txt'), old_str: 'OUT', new_str: 'MINE' });
    expect(r.error).toBeUndefined();
    expect(readFileSync(join(ws, 'hard.txt'), 'utf8')).toBe('MINE\n');
    expect(readFileSync(join(outside, 'o.txt'), 'utf8')).toBe('OUT\n');
  });

  it('keeps a file link inside the workspace a link, and the file its mode', async () => {
    writeFileSync(join(ws, 'real.sh'), 'echo OLD\n', { mode: 0o755 });
    symlinkSync('real.sh', join(ws, 'alias.sh'));
    await run({ command: 'str_replace', path: join(ws, 'alias.sh'), old_str: 'OLD', new_str: 'NEW' });
    expect(readFileSync(join(ws, 'real.sh'), 'utf8')).toBe('echo NEW\n');
    expect(statSync(join(ws, 'real.sh')).mode & 0o777).toBe(0o755);
    expect(readdirSync(ws).sort()).toEqual(['alias.sh', 'real.sh']);
  });

  it('refuses edits in .git and .glassbox unless granted', async () => {
    const r = await run({ command: 'create', path: join(ws, '.git', 'hooks', 'pre-commit'), file_text: 'x' });
    expect(r.error).toMatch(/protected folder: git runs hooks/);
    const p = join(ws, '.glassbox', 'config.json');
    expect((await run({ command: 'create', path: p, file_text: '{}' }, [p])).error).toBeUndefined();
  });
});
