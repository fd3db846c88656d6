import type { Checkpoint, CheckpointFileChange } from '../../../../src-shared/contract/checkpoint-views';

/** The restore panel: which checkpoint, what it would change, which files are chosen. */
export interface RestorePanel {
  id: string;
  label: string;
  files: CheckpointFileChange[] | null;
  /** Paths chosen to restore (all by default). */
  chosen: string[];
  busy: boolean;
  error?: string;
}

/** The checkpoints slice: the workspace's checkpoints, the open restore panel, the last restore's undo point. */
export interface CheckpointsState {
  checkpoints: Checkpoint[];
  restorePanel: RestorePanel | null;
  /** After a restore: what it did and the checkpoint that takes it back. */
  lastRestore: { undoId: string; files: string[]; label: string } | null;
  checkpointMessage: { ok: boolean; text: string } | null;
}

/** None yet. */
export function initialCheckpointsState(): CheckpointsState {
  return { checkpoints: [], restorePanel: null, lastRestore: null, checkpointMessage: null };
}
