import { describe, expect, it } from 'vitest';
import type { EditRecord } from '../../../../src-shared/contract/workbench-views';
import { groupEditsByFile } from './edited-files';
import { shownEdit } from './selectors';

function edit(seq: number, path: string): EditRecord {
  return { seq, ts: seq, callId: `c${seq}`, path, command: 'str_replace', before: `${seq - 1}`, after: `${seq}`, tooLarge: false } as EditRecord;
}

describe('shownEdit', () => {
  const files = groupEditsByFile([edit(1, '/w/a.py'), edit(2, '/w/b.py'), edit(3, '/w/a.py')]);

  it('without a choice: the most recently edited file at its latest edit', () => {
    const s = shownEdit(files, null, null);
    expect([s.file?.path, s.index, s.edit?.seq]).toEqual(['/w/a.py', 1, 3]);
  });

  it('a chosen file and edit', () => {
    const s = shownEdit(files, '/w/b.py', 0);
    expect([s.file?.path, s.index, s.edit?.seq]).toEqual(['/w/b.py', 0, 2]);
    expect(shownEdit(files, '/w/a.py', 0).edit?.seq).toBe(1);
  });

  it('a file of another session falls back to the latest; an index past the end is clamped', () => {
    expect(shownEdit(files, '/elsewhere.py', 0).file?.path).toBe('/w/a.py');
    expect(shownEdit(files, '/w/a.py', 9).index).toBe(1);
  });

  it('no edits: nothing shown', () => {
    expect(shownEdit([], null, null)).toEqual({ file: undefined, index: 0, edit: undefined });
  });
});
