import { describe, expect, it } from 'vitest';
import { undoSummary, workspacePath } from './edit-undo';

describe('undoSummary', () => {
  const ws = '/w/proj';
  it('names the file relative to the workspace and never quotes the listing', () => {
    const r = undoSummary({ output: "Last edit to /w/proj/src/x.ts undone successfully. Here's the result of running `cat -n` on /w/proj/src/x.ts:\n     1\tx\n" }, '/w/proj/src/x.ts', ws);
    expect(r).toEqual({ ok: true, text: 'Restored src/x.ts to before the last edit.' });
  });

  it('says a created file was removed', () => {
    expect(undoSummary({ output: 'Last edit to /w/proj/n.md undone successfully. The file was created by that edit, so it has been deleted.', metadata: { deleted: true } }, '/w/proj/n.md', ws)).toEqual({
      ok: true,
      text: 'Removed n.md: the last edit had created it.',
    });
  });

  it('words the failures', () => {
    expect(undoSummary({ output: '', error: 'No edit history found for /w/proj/a.ts.' }, '/w/proj/a.ts', ws)).toEqual({ ok: false, text: 'Nothing to undo: a.ts has no edit left to undo in this session.' });
    expect(undoSummary({ output: '', error: 'Blocked by hook' }, '/w/proj/a.ts', ws).text).toBe('Could not undo the last edit of a.ts: Blocked by hook');
  });

  it('keeps a path outside the workspace whole', () => {
    expect(workspacePath('/etc/hosts', ws)).toBe('/etc/hosts');
    expect(workspacePath('/w/projects/x', ws)).toBe('/w/projects/x');
    expect(workspacePath('/w/proj', ws)).toBe('/w/proj');
  });
});
