import { homedir } from 'node:os';
import { join } from 'node:path';
import { PATH_RULE, resolveToolPath } from '../../workspace/tool-path';
import { EditHistory } from './edit-history';
import { previewEdit } from './edit-preview';
import type { ChangePreview } from '../../../../src-shared/events/change-preview';
import { LocalFileOperator, type FileOperator } from './file-operator';
import type { JsonSchema, Tool, ToolAnnotations, ToolContext } from '../tool';
import { BoundaryError } from '../../workspace/file-boundary';
import { hiddenFolders } from '../../workspace/file-access';
import { realPathOf } from '../../workspace/real-path';
import { errorResult, okResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import { clip, countNewlines, decodeText, EditorError, insertLines, makeOutput, MAX_METADATA_BYTES, pyList, replaceOnce, SNIPPET_LINES, TRUNCATED_MESSAGE } from './text-edits';

// The text helpers are part of the editor's surface (tests, the seed's wording).

const COMMANDS = ['view', 'create', 'str_replace', 'insert', 'undo_edit'] as const;
type EditorCommand = (typeof COMMANDS)[number];

// Kept short (every request carries it) but with what a model needs: the seed's first line and
// `cat -n` wording, the unique exact-match rule, create/undo semantics, the path rule.
const DESCRIPTION = `Custom editing tool for viewing, creating and editing files
* If \`path\` is a file, \`view\` displays the result of applying \`cat -n\`; a directory lists non-hidden entries 2 levels deep
* \`create\` fails if \`path\` exists; \`undo_edit\` reverts the last edit of \`path\` (of a \`create\`: deletes the file)
* \`path\` is ${PATH_RULE}; results name the absolute path. UTF-8 text only; long output is clipped (\`<response clipped>\`)
* \`str_replace\`: \`old_str\` must match EXACTLY (whitespace, tabs) and be unique in the file, so include enough context; \`new_str\` replaces it`;

const INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    command: { enum: [...COMMANDS], type: 'string' },
    path: { description: `File or directory, ${PATH_RULE}, e.g. \`src/app.py\`.`, type: 'string' },
    file_text: { description: '`create`: the content of the new file.', type: 'string' },
    old_str: { description: '`str_replace`: the exact text to replace.', type: 'string' },
    new_str: { description: '`str_replace`: the new text (default empty). `insert`: the text to insert.', type: 'string' },
    insert_line: { description: '`insert`: insert `new_str` AFTER this line (0: at the top).', type: 'integer' },
    view_range: { description: '`view` of a file: [start, end] lines, from 1; end -1 reads to the end.', items: { type: 'integer' }, type: 'array' },
  },
  required: ['command', 'path'],
};

const realWorkspaces = new Map<string, { at: number; real: string }>();
/** The workspace's real path, resolved at most every two seconds (a lookup per component each time). */
function workspaceReal(workspace: string): string {
  const now = Date.now();
  const hit = realWorkspaces.get(workspace);
  if (hit && now - hit.at < 2000) return hit.real;
  const real = realPathOf(workspace);
  realWorkspaces.set(workspace, { at: now, real });
  return real;
}

/** Options for building the editor. */
export interface StrReplaceEditorOptions {
  /** Where undo stacks persist (normally `EditHistory.forHome($GLASSBOX_HOME)`). */
  history: EditHistory;
  /**
   * File access; by default the local file system through the file boundary, confined per call
   * (hidden folders unreadable, writes only inside the workspace unless the approval granted
   * the path). A sandbox or a test may supply its own.
   */
  operator?: FileOperator;
  /** The user's home folder, whose credentials folders stay hidden (default os.homedir()). */
  userHome?: string;
}

/** File text for result metadata, left out when it is too big to ship to the UI. */
function metaText(text: string): string | undefined {
  return Buffer.byteLength(text, 'utf8') > MAX_METADATA_BYTES ? undefined : text;
}

function editMetadata(path: string, command: EditorCommand, before: string, after: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = { path, command, ...extra };
  const b = metaText(before);
  const a = metaText(after);
  if (b !== undefined) meta.before = b;
  if (a !== undefined) meta.after = a;
  return meta;
}

/**
 * `str_replace_editor`: view, create, str_replace, insert, undo_edit — the seed's (OpenManus)
 * behaviour and wording, with its faults fixed: undo persists across restarts, undoing a
 * `create` deletes the file, tabs are kept, directory listings run no shell, long views are
 * clipped outside the numbering, binary/non-UTF-8 files are refused, and the
 * multiple-occurrence list names the line of every real occurrence.
 */
export class StrReplaceEditor implements Tool {
  readonly name = 'str_replace_editor';
  readonly description = DESCRIPTION;
  readonly inputSchema = INPUT_SCHEMA;
  readonly annotations: ToolAnnotations = { title: 'File editor', readOnlyHint: false, destructiveHint: false };
  private readonly history: EditHistory;
  private readonly custom: FileOperator | undefined;
  private readonly userHome: string;

  constructor(opts: StrReplaceEditorOptions) {
    this.history = opts.history;
    this.custom = opts.operator;
    this.userHome = opts.userHome ?? homedir();
  }

  /** The change `args` would make, nothing written (the approval's diff); null for `view`. */
  preview(args: Record<string, unknown>, ctx?: { workspace: string }): Promise<ChangePreview | null> {
    // For previews, which the human deciding sees (bounded, regular files only, nothing
    // confined). A fresh operator each time: an operator remembers what one call asked about a
    // path, and a kept one would still say "does not exist" after an earlier call created it.
    return previewEdit(args, { operator: this.custom ?? new LocalFileOperator(), history: this.history, workspace: ctx?.workspace });
  }

  /** What this call may touch: hidden folders never, writes in the workspace, plus what its approval granted. */
  private operatorFor(ctx: ToolContext): FileOperator {
    if (this.custom) return this.custom;
    return new LocalFileOperator({
      workspace: workspaceReal(ctx.workspace),
      hidden: hiddenFolders(this.userHome, [ctx.home]),
      ...(ctx.grantedPaths ? { granted: ctx.grantedPaths } : {}),
    });
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const command = args.command as EditorCommand;
    const rawPath = typeof args.path === 'string' ? args.path : '';
    try {
      const resolved = resolveToolPath(ctx.workspace, rawPath);
      if (!resolved.ok) throw new EditorError(resolved.reason);
      const path = resolved.path;
      const op = this.operatorFor(ctx);
      await this.validatePath(op, command, path);
      switch (command) {
        case 'view':
          return await this.view(op, path, args.view_range);
        case 'create':
          if (typeof args.file_text !== 'string') throw new EditorError('Parameter `file_text` is required for command: create');
          return await this.create(op, path, args.file_text);
        case 'str_replace':
          if (typeof args.old_str !== 'string') throw new EditorError('Parameter `old_str` is required for command: str_replace');
          return await this.strReplace(op, path, args.old_str, typeof args.new_str === 'string' ? args.new_str : '');
        case 'insert':
          if (typeof args.insert_line !== 'number') throw new EditorError('Parameter `insert_line` is required for command: insert');
          if (typeof args.new_str !== 'string') throw new EditorError('Parameter `new_str` is required for command: insert');
          return await this.insert(op, path, args.insert_line, args.new_str);
        case 'undo_edit':
          return await this.undoEdit(op, path);
        default:
          throw new EditorError(
            `Unrecognized command ${String(command)}. The allowed commands for the ${this.name} tool are: ${COMMANDS.join(', ')}`,
          );
      }
    } catch (err) {
      if (err instanceof EditorError || err instanceof BoundaryError) return errorResult(err.message);
      // File-system failures (permissions, disk full) are results the model can act on.
      return errorResult(`${String(command)} failed for ${rawPath}: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  private async validatePath(op: FileOperator, command: EditorCommand, path: string): Promise<void> {
    const exists = await op.exists(path);
    if (command === 'create') {
      if (exists) throw new EditorError(`File already exists at: ${path}. Cannot overwrite files using command \`create\`.`);
      return;
    }
    // Undoing a create whose file was deleted since still has something to undo.
    if (!exists && !(command === 'undo_edit' && this.history.size(path) > 0)) {
      throw new EditorError(`The path ${path} does not exist. Please provide a valid path.`);
    }
    if (command !== 'view' && (await op.isDirectory(path))) {
      throw new EditorError(`The path ${path} is a directory and only the \`view\` command can be used on directories`);
    }
  }

  private async readText(op: FileOperator, path: string): Promise<string> {
    return decodeText(await op.readFile(path), path);
  }

  private async view(op: FileOperator, path: string, viewRange: unknown): Promise<ToolResult> {
    const range = Array.isArray(viewRange) && viewRange.length > 0 ? viewRange : undefined;
    if (await op.isDirectory(path)) {
      if (range) throw new EditorError('The `view_range` parameter is not allowed when `path` points to a directory.');
      return this.viewDirectory(op, path);
    }
    let content = await this.readText(op, path);
    let initLine = 1;
    if (range) {
      if (range.length !== 2 || !range.every((n) => Number.isInteger(n))) {
        throw new EditorError('Invalid `view_range`. It should be a list of two integers.');
      }
      const lines = content.split('\n');
      const n = lines.length;
      const [first, last] = range as [number, number];
      if (first < 1 || first > n) {
        throw new EditorError(
          `Invalid \`view_range\`: ${pyList(range)}. Its first element \`${first}\` should be within the range of lines of the file: ${pyList([1, n])}`,
        );
      }
      if (last > n) {
        throw new EditorError(
          `Invalid \`view_range\`: ${pyList(range)}. Its second element \`${last}\` should be smaller than the number of lines in the file: \`${n}\``,
        );
      }
      if (last !== -1 && last < first) {
        throw new EditorError(
          `Invalid \`view_range\`: ${pyList(range)}. Its second element \`${last}\` should be larger or equal than its first \`${first}\``,
        );
      }
      content = (last === -1 ? lines.slice(first - 1) : lines.slice(first - 1, last)).join('\n');
      initLine = first;
    }
    return okResult(makeOutput(content, path, initLine));
  }

  /**
   * Lists `path` and everything up to two levels below it, hidden items (and what is inside
   * hidden folders) left out, like the seed's `find PATH -maxdepth 2 -not -path '*\/.*'` but
   * walking the folders itself: no shell, so a path cannot inject a command, and names are
   * printed exactly as they are.
   */
  private async viewDirectory(op: FileOperator, path: string): Promise<ToolResult> {
    const lines: string[] = [path];
    const problems: string[] = [];
    const walk = async (dir: string, depth: number): Promise<void> => {
      let entries;
      try {
        entries = await op.readDirectory(dir);
      } catch (err) {
        problems.push(`${dir}: ${(err as Error).message}`);
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const child = join(dir, e.name);
        lines.push(child);
        if (e.isDirectory && depth < 2) await walk(child, depth + 1);
      }
    };
    await walk(path, 1);
    const { text, clipped } = clip(lines.join('\n'));
    let output = `Here's the files and directories up to 2 levels deep in ${path}, excluding hidden items:\n${text}\n`;
    if (clipped) output += `${TRUNCATED_MESSAGE}\n`;
    if (problems.length) output += `(could not list: ${problems.join('; ')})\n`;
    return okResult(output);
  }

  private async create(op: FileOperator, path: string, fileText: string): Promise<ToolResult> {
    try {
      await op.writeFile(path, fileText, { create: true });
    } catch (err) {
      // Something took the name since the check: never overwritten.
      if (err instanceof BoundaryError && err.code === 'exists') throw new EditorError(`File already exists at: ${path}. Cannot overwrite files using command \`create\`.`);
      throw err;
    }
    this.history.push(path, { command: 'create', before: null, ts: Date.now() });
    return okResult(`File created successfully at: ${path}`, {
      metadata: editMetadata(path, 'create', '', fileText, { created: true }),
    });
  }

  private async strReplace(op: FileOperator, path: string, oldStr: string, newStr: string): Promise<ToolResult> {
    const content = await this.readText(op, path);
    const replaced = replaceOnce(content, oldStr, newStr, path);
    const { at } = replaced;
    newStr = replaced.newStr;
    const newContent = replaced.text;
    await op.writeFile(path, newContent);
    this.history.push(path, { command: 'str_replace', before: content, ts: Date.now() });

    const replacementLine = countNewlines(content.slice(0, at));
    const startLine = Math.max(0, replacementLine - SNIPPET_LINES);
    const endLine = replacementLine + SNIPPET_LINES + countNewlines(newStr);
    const snippet = newContent.split('\n').slice(startLine, endLine + 1).join('\n');
    const message =
      `The file ${path} has been edited. ` +
      makeOutput(snippet, `a snippet of ${path}`, startLine + 1) +
      'Review the changes and make sure they are as expected. Edit the file again if necessary.';
    return okResult(message, { metadata: editMetadata(path, 'str_replace', content, newContent) });
  }

  private async insert(op: FileOperator, path: string, insertLine: number, newStr: string): Promise<ToolResult> {
    const content = await this.readText(op, path);
    const newContent = insertLines(content, insertLine, newStr);
    const lines = content.split('\n');
    const newLines = newStr.split('\n');
    await op.writeFile(path, newContent);
    this.history.push(path, { command: 'insert', before: content, ts: Date.now() });

    const snippet = [
      ...lines.slice(Math.max(0, insertLine - SNIPPET_LINES), insertLine),
      ...newLines,
      ...lines.slice(insertLine, insertLine + SNIPPET_LINES),
    ].join('\n');
    const message =
      `The file ${path} has been edited. ` +
      makeOutput(snippet, 'a snippet of the edited file', Math.max(1, insertLine - SNIPPET_LINES + 1)) +
      'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
    return okResult(message, { metadata: editMetadata(path, 'insert', content, newContent) });
  }

  private async undoEdit(op: FileOperator, path: string): Promise<ToolResult> {
    const entry = this.history.peek(path);
    if (!entry) throw new EditorError(`No edit history found for ${path}.`);
    const exists = await op.exists(path);
    // The current text is only needed for the diff pane; an unreadable file must not block undo.
    let current = '';
    if (exists) {
      try {
        current = decodeText(await op.readFile(path), path);
      } catch {
        current = '';
      }
    }
    if (entry.before === null) {
      await op.remove(path);
      this.history.pop(path);
      return okResult(`Last edit to ${path} undone successfully. The file was created by that edit, so it has been deleted.`, {
        metadata: editMetadata(path, 'undo_edit', current, '', { deleted: true }),
      });
    }
    await op.writeFile(path, entry.before);
    this.history.pop(path);
    return okResult(`Last edit to ${path} undone successfully. ${makeOutput(entry.before, path)}`, {
      metadata: editMetadata(path, 'undo_edit', current, entry.before),
    });
  }
}
