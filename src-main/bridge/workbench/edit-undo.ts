import { isAbsolute, relative } from 'node:path';
import type { ToolResult } from '../../../src-shared/events/tool-result';

/** A path as the user knows it: relative to the workspace when inside it, else as given. */
export function workspacePath(path: string, workspace: string): string {
  const rel = relative(workspace, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * What *Undo last edit* tells the user, in plain words naming the file, instead of the editor's
 * text for the model (its `cat -n` listing of the whole file).
 */
export function undoSummary(result: ToolResult, path: string, workspace: string): { ok: boolean; text: string } {
  const file = workspacePath(path, workspace);
  if (result.error) {
    if (result.error.startsWith('No edit history found')) return { ok: false, text: `Nothing to undo: ${file} has no edit left to undo in this session.` };
    return { ok: false, text: `Could not undo the last edit of ${file}: ${result.error}` };
  }
  if (result.metadata?.deleted === true) return { ok: true, text: `Removed ${file}: the last edit had created it.` };
  return { ok: true, text: `Restored ${file} to before the last edit.` };
}
