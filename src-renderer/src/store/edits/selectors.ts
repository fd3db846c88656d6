import type { EditRecord } from '../../../../src-shared/contract/workbench-views';
import { groupEditsByFile, type EditedFile } from './edited-files';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';

/** The file and edit the pane shows. */
export interface EditsShown {
  file: EditedFile | undefined;
  /** Index of the shown edit within the file's edits. */
  index: number;
  edit: EditRecord | undefined;
}

/**
 * Which edit shows: the chosen file (else the most recently edited), its chosen edit clamped to
 * what exists (else its latest). Pure.
 */
export function shownEdit(files: readonly EditedFile[], path: string | null, index: number | null): EditsShown {
  const file = files.find((f) => f.path === path) ?? files[0];
  const i = file ? Math.min(index ?? file.edits.length - 1, file.edits.length - 1) : 0;
  return { file, index: i, edit: file?.edits[i] };
}

const files = memoLast((edits: EditRecord[]) => groupEditsByFile(edits));
const shown = memoLast((f: EditedFile[], path: string | null, index: number | null) => shownEdit(f, path, index));

/** What the edits pane shows. */
export const editsSelectors = {
  files: (s: AppStoreState) => files(s.edits),
  shown: (s: AppStoreState) => shown(files(s.edits), s.editPath, s.editIndex),
  message: (s: AppStoreState) => s.editMessage,
  busy: (s: AppStoreState) => s.editBusy,
};
