/**
 * What an editor call would do to a file, computed before it runs (nothing written): shown in
 * the approval so the user approves a diff, not escaped JSON. `before`/`after` are the whole
 * file's text; `error` says why the call would fail (then both are the current text).
 */
export interface ChangePreview {
  path: string;
  command: 'create' | 'str_replace' | 'insert' | 'undo_edit';
  before: string;
  after: string;
  /** The call creates the file. */
  created?: boolean;
  /** The call deletes the file (undoing the edit that created it). */
  deleted?: boolean;
  /** The call would fail with this message (the editor's own wording). */
  error?: string;
  /** The file is too big to ship: no text, only the path. */
  tooLarge?: boolean;
}
