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
  /** Put the chosen files back (default on). */
  withFiles: boolean;
  /** Set the conversation back to right after the checkpoint's turn (default off). */
  withConversation: boolean;
  /** The checkpoint ends a turn, so the conversation can go back to it. */
  canConversation: boolean;
}

/** The checkpoints slice: the workspace's checkpoints, the open restore panel, the last restore's undo point. */
export interface CheckpointsState {
  checkpoints: Checkpoint[];
  restorePanel: RestorePanel | null;
  /** After a restore: what it did and the checkpoint that takes it back. */
  lastRestore: { undoId?: string; files: string[]; label: string; conversationSeq?: number } | null;
  checkpointMessage: { ok: boolean; text: string } | null;
}

/** None yet. */
export function initialCheckpointsState(): CheckpointsState {
  return { checkpoints: [], restorePanel: null, lastRestore: null, checkpointMessage: null };
}
