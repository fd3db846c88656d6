
/** Limits of a workspace's checkpoints (the `checkpoints` config section; all optional). */
export interface CheckpointConfig {
  /** Default true in a window. */
  enabled?: boolean;
  /** Checkpoints kept per workspace; the oldest are pruned (default 100). */
  maxCheckpoints?: number;
  /** Files bigger than this are left out (default 5 MB). */
  maxFileBytes?: number;
  /** A workspace with more files than this is not checkpointed (default 50,000). */
  maxFiles?: number;
}
