import type { EditRecord } from '../../../../src-shared/contract/workbench-views';

/** The edits slice: the session's file edits and which one the pane shows (kept across tab switches). */
export interface EditsState {
  edits: EditRecord[];
  /** The file shown; null = the most recently edited one. */
  editPath: string | null;
  /** The edit of that file shown; null = follow its latest edit. */
  editIndex: number | null;
  /** What the last undo said, or why loading failed. */
  editMessage: { ok: boolean; text: string } | null;
  editBusy: boolean;
  /** *Revert this edit* per call card: busy while it runs, then what it said. */
  revertState: Record<string, { busy: boolean; message?: { ok: boolean; text: string } }>;
}

/** No edits. */
export function initialEditsState(): EditsState {
  return { edits: [], editPath: null, editIndex: null, editMessage: null, editBusy: false, revertState: {} };
}
