import type { EditRecord } from '../../../../src-shared/contract/workbench-views';

/** The edits of one file, oldest first. */
export interface EditedFile {
  path: string;
  edits: EditRecord[];
  /** Seq of its latest edit (the list shows recently edited files first). */
  lastSeq: number;
}

/** Groups edits by file: files most recently edited first, each file's edits in order. */
export function groupEditsByFile(edits: readonly EditRecord[]): EditedFile[] {
  const byPath = new Map<string, EditedFile>();
  for (const e of [...edits].sort((a, b) => a.seq - b.seq)) {
    let f = byPath.get(e.path);
    if (!f) byPath.set(e.path, (f = { path: e.path, edits: [], lastSeq: e.seq }));
    f.edits.push(e);
    f.lastSeq = e.seq;
  }
  return [...byPath.values()].sort((a, b) => b.lastSeq - a.lastSeq);
}

/** A language Monaco knows: its id, extensions (with the dot) and exact file names. */
export interface LanguageInfo {
  id: string;
  extensions?: readonly string[];
  filenames?: readonly string[];
}

/**
 * The Monaco language id for a file name: an exact file name match first (`Dockerfile`), then
 * the longest matching extension (`.d.ts` before `.ts`), else plain text.
 */
export function languageForPath(path: string, languages: readonly LanguageInfo[]): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  const lower = name.toLowerCase();
  for (const l of languages) if (l.filenames?.some((f) => f.toLowerCase() === lower)) return l.id;
  let best: { id: string; len: number } | null = null;
  for (const l of languages) {
    for (const ext of l.extensions ?? []) {
      const e = ext.toLowerCase();
      if (lower.endsWith(e) && lower.length > e.length && (!best || e.length > best.len)) best = { id: l.id, len: e.length };
    }
  }
  return best?.id ?? 'plaintext';
}

/** A short name for a path: the file name with its parent folder. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || path;
}

/** How an edit is labelled in the pane. */
export function describeEdit(e: EditRecord): string {
  switch (e.command) {
    case 'create':
      return 'created';
    case 'str_replace':
      return 'replaced text';
    case 'insert':
      return 'inserted lines';
    case 'undo_edit':
      return e.after === '' && e.before !== '' ? 'undo (file removed)' : 'undo';
    default:
      return e.command;
  }
}
