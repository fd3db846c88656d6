import { join, resolve } from 'node:path';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ForkWorkspaceMode } from '../../../src-shared/contract/fork-views';
import { realpathSync } from 'node:fs';
import { CheckpointStore } from '../checkpoints/store';
import { retargetCopyLinks } from './links';

/** Where a fork works, and how its files got there. */
export interface ForkWorkspace {
  dir: string;
  mode: ForkWorkspaceMode;
  /** The checkpoint the copy was made from (absent: live, or the files as they are now). */
  checkpoint?: string;
  /** Files written into the copy. */
  files?: number;
  /** Said to the user: the copy could not be made as the files were at that step. */
  warning?: string;
}

/** The folder of a fork's own copy of the workspace: `$GLASSBOX_HOME/state/forks/<forkId>/workspace`. */
export function forkCopyDir(home: string, forkId: string): string {
  return join(home, 'state', 'forks', forkId, 'workspace');
}

/**
 * The checkpoint holding the workspace as it was just before event `cutSeq` of a session: the
 * last `checkpoint` event the session recorded before it (when the store still keeps it), else
 * the store's last checkpoint taken before that event's time (one another session took, when
 * nothing changed since). Null when there is none.
 */
export function checkpointBefore(store: CheckpointStore, events: readonly GlassboxEvent[], cutSeq: number): string | null {
  const kept = new Set(store.list().map((c) => c.id));
  let found: string | null = null;
  let cutTs = Infinity;
  for (const e of events) {
    if (e.seq >= cutSeq) {
      cutTs = e.ts;
      break;
    }
    if (e.type === 'checkpoint' && e.kind !== 'before-restore' && kept.has(e.id)) found = e.id;
  }
  if (found) return found;
  const earlier = store.list().filter((c) => c.ts <= cutTs);
  return earlier.at(-1)?.id ?? null;
}

/**
 * Makes the fork's workspace. `live`: the user's workspace as it is. `copy`: a folder of the
 * fork's own holding the files as they were at the fork point, restored from the checkpoints of
 * the parent's workspace — never written over the user's files; without a checkpoint from
 * before that point, the files as they are now (with a warning saying so).
 */
export async function makeForkWorkspace(opts: {
  home: string;
  forkId: string;
  mode: ForkWorkspaceMode;
  /** The workspace the fork runs in when live, and copies from when no checkpoint fits (the user's choice). */
  workspace: string;
  /** The workspace the parent recorded (its checkpoints are kept under that path). */
  parentWorkspace?: string;
  parentEvents: readonly GlassboxEvent[];
  cutSeq: number;
}): Promise<ForkWorkspace> {
  if (opts.mode === 'live') return { dir: resolve(opts.workspace), mode: 'live' };
  const dir = forkCopyDir(opts.home, opts.forkId);
  const recorded = new CheckpointStore(opts.home, opts.parentWorkspace ?? opts.workspace);
  const id = checkpointBefore(recorded, opts.parentEvents, opts.cutSeq);
  if (id) {
    const { files } = await recorded.materialize(id, dir);
    retargetCopyLinks(dir, rootsOf(opts.parentWorkspace ?? opts.workspace));
    return { dir, mode: 'copy', checkpoint: id, files };
  }
  const { files } = await new CheckpointStore(opts.home, opts.workspace).materialize(null, dir);
  retargetCopyLinks(dir, rootsOf(opts.workspace));
  return {
    dir,
    mode: 'copy',
    files,
    warning:
      'the parent session has no checkpoint from before this step (checkpoints are taken in the window, or with checkpoints.enabled in the config), so the fork works in a copy of the files as they are now',
  };
}

/** A workspace's path as recorded and as its real path (a link to it names the one or the other). */
function rootsOf(workspace: string): string[] {
  const roots = [resolve(workspace)];
  try {
    const real = realpathSync(workspace);
    if (real !== roots[0]) roots.push(real);
  } catch {
    // Gone since: the recorded path is all there is.
  }
  return roots;
}
