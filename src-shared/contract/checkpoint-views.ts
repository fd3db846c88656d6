/*
 * The checkpoints' views: what core keeps and the bridge returns (a restore's preview per file).
 */
import { z } from 'zod';

/** One checkpoint: the workspace's files at a moment, kept in the shadow repository. */
export const CheckpointSchema = z.object({
  /** The commit in the shadow repository. */
  id: z.string().min(1),
  ts: z.number(),
  /**
   * What it marks: after a turn, before one (changes made between turns), after a model step
   * whose tools may have written (`afterSeq`: its turn_end; what a fork restores), or a restore.
   */
  kind: z.enum(['turn', 'before-turn', 'step', 'restore', 'before-restore']),
  label: z.string(),
  /** The session whose turn made it, if any. */
  session: z.string().optional(),
  /** The `agent_end` event's seq this checkpoint follows (so the chat can put it on the turn). */
  afterSeq: z.number().int().optional(),
  /** Files changed since the previous checkpoint. */
  changed: z.number().int().min(0),
});
/** One checkpoint (its record in checkpoints.json). */
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** One file a restore would change, with both texts when they are small text. */
export interface CheckpointFileChange {
  path: string;
  /** What the restore does to it: put back a changed file, re-create a deleted one, delete a new one. */
  status: 'modified' | 'restored' | 'deleted';
  /** The text now (absent when binary, too large, or the file does not exist). */
  current?: string;
  /** The text it gets back. */
  restored?: string;
  binary?: boolean;
}

/**
 * What a restore puts back: the files (`files`, default true), the conversation (`conversation`,
 * default false: back to right after the checkpoint's turn), or both; not neither.
 */
export const RestoreOptionsSchema = z
  .object({ files: z.boolean().optional(), conversation: z.boolean().optional() })
  .refine((o) => o.files !== false || o.conversation === true, 'choose the files, the conversation, or both');
/** What a restore puts back. */
export type RestoreOptions = z.infer<typeof RestoreOptionsSchema>;

/** What a restore did. */
export interface RestoreResult {
  /** The checkpoint taken just before (restoring it undoes the files part); absent when no files were asked for. */
  undo?: Checkpoint;
  /** The checkpoint of the workspace after the restore. */
  after?: Checkpoint;
  /** Files written or deleted. */
  files: string[];
  /** The `conversation_restored` event's seq, when the conversation was restored. */
  conversationSeq?: number;
}
