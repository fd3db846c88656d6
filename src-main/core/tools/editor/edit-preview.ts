import { isAbsolute } from 'node:path';
import { resolveToolPath } from '../../workspace/tool-path';
import type { ChangePreview } from '../../../../src-shared/events/change-preview';
import type { EditHistory } from './edit-history';
import type { FileOperator } from './file-operator';
import { decodeText, EditorError, insertLines, MAX_METADATA_BYTES, replaceOnce } from './text-edits';

const COMMANDS = new Set(['create', 'str_replace', 'insert', 'undo_edit']);

/**
 * The change a `str_replace_editor` call would make, computed with the editor's own text logic
 * (replaceOnce, insertLines, the undo history) and nothing written. Null for calls that change
 * nothing (`view`), or whose path is relative when no workspace is given. A relative path is
 * resolved against the workspace exactly as the editor resolves it, and the preview names the
 * absolute path. A call that would fail gets the editor's error message, so the approval
 * already says it will not apply.
 */
export async function previewEdit(
  args: Record<string, unknown>,
  io: { operator: FileOperator; history: EditHistory; workspace?: string },
): Promise<ChangePreview | null> {
  const command = args.command;
  if (typeof command !== 'string' || !COMMANDS.has(command) || typeof args.path !== 'string') return null;
  if (io.workspace === undefined && !isAbsolute(args.path)) return null;
  const resolved = resolveToolPath(io.workspace ?? '/', args.path);
  const cmd = command as ChangePreview['command'];
  if (!resolved.ok) return { path: args.path, command: cmd, before: '', after: '', error: resolved.reason };
  const path = resolved.path;
  const { operator, history } = io;
  const exists = await operator.exists(path);
  let current = '';
  const fail = (error: string): ChangePreview => ({ path, command: cmd, before: current, after: current, error });
  try {
    if (exists && (await operator.isDirectory(path))) return fail(`The path ${path} is a directory.`);
    if (exists && cmd !== 'create') {
      const bytes = await operator.readFile(path);
      if (bytes.byteLength > MAX_METADATA_BYTES) return { path, command: cmd, before: '', after: '', tooLarge: true };
      current = cmd === 'undo_edit' ? safeDecode(bytes, path) : decodeText(bytes, path);
    }
    switch (cmd) {
      case 'create':
        if (exists) return fail(`File already exists at: ${path}. Cannot overwrite files using command \`create\`.`);
        if (typeof args.file_text !== 'string') return fail('Parameter `file_text` is required for command: create');
        return { path, command: cmd, before: '', after: args.file_text, created: true };
      case 'str_replace':
        if (!exists) return fail(`The path ${path} does not exist.`);
        if (typeof args.old_str !== 'string') return fail('Parameter `old_str` is required for command: str_replace');
        return { path, command: cmd, before: current, after: replaceOnce(current, args.old_str, typeof args.new_str === 'string' ? args.new_str : '', path).text };
      case 'insert':
        if (!exists) return fail(`The path ${path} does not exist.`);
        if (typeof args.insert_line !== 'number' || typeof args.new_str !== 'string') return fail('Parameters `insert_line` and `new_str` are required for command: insert');
        return { path, command: cmd, before: current, after: insertLines(current, args.insert_line, args.new_str) };
      case 'undo_edit': {
        const entry = history.peek(path);
        if (!entry) return fail(`No edit history found for ${path}.`);
        if (entry.before === null) return { path, command: cmd, before: current, after: '', deleted: true };
        return { path, command: cmd, before: current, after: entry.before };
      }
    }
  } catch (err) {
    return fail(err instanceof EditorError ? err.message : `${cmd} failed for ${path}: ${(err as Error)?.message ?? String(err)}`);
  }
}

function safeDecode(bytes: Uint8Array, path: string): string {
  try {
    return decodeText(bytes, path);
  } catch {
    return '';
  }
}
