import { describe, expect, it } from 'vitest';
import type { EditRecord } from '../../../../src-shared/contract/workbench-views';
import { describeEdit, groupEditsByFile, languageForPath } from './edited-files';

const edit = (seq: number, path: string, command = 'str_replace', before = 'a', after = 'b'): EditRecord => ({
  callId: `c${seq}`,
  seq,
  ts: seq,
  path,
  command,
  before,
  after,
});

describe('groupEditsByFile', () => {
  it('keeps each file’s edits in order and lists the most recently edited file first', () => {
    const files = groupEditsByFile([edit(5, '/w/b.ts'), edit(1, '/w/a.py'), edit(3, '/w/b.ts'), edit(9, '/w/a.py')]);
    expect(files.map((f) => [f.path, f.edits.map((e) => e.seq)])).toEqual([
      ['/w/a.py', [1, 9]],
      ['/w/b.ts', [3, 5]],
    ]);
  });
  it('is empty for no edits', () => {
    expect(groupEditsByFile([])).toEqual([]);
  });
});

describe('languageForPath', () => {
  const langs = [
    { id: 'typescript', extensions: ['.ts', '.tsx'] },
    { id: 'dockerfile', extensions: ['.dockerfile'], filenames: ['Dockerfile'] },
    { id: 'python', extensions: ['.py'] },
    { id: 'special', extensions: ['.d.ts'] },
  ];
  it.each([
    ['/w/src/app.ts', 'typescript'],
    ['/w/src/App.TSX', 'typescript'],
    ['/w/types.d.ts', 'special'],
    ['/w/Dockerfile', 'dockerfile'],
    ['/w/x.py', 'python'],
    ['/w/notes.unknown', 'plaintext'],
    ['/w/.ts', 'plaintext'],
    ['C:\\w\\a.py', 'python'],
  ])('%s → %s', (path, id) => {
    expect(languageForPath(path, langs)).toBe(id);
  });
});

describe('describeEdit', () => {
  it('names an undo that removed a created file', () => {
    expect(describeEdit(edit(1, '/a', 'undo_edit', 'text', ''))).toBe('undo (file removed)');
    expect(describeEdit(edit(1, '/a', 'create', '', 'x'))).toBe('created');
  });
});
