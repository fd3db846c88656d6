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
  /** Files written into the copy (known once `ready` settles). */
  files?: number;
  /**
   * A copy's files are all written (rejects when they could not be): the copy is made in two parts,
   * so the fork's session opens and its first model request goes out while the rest is written;
   * the session's tools wait for this.
   */
  ready?: Promise<void>;
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
  const source = id ? recorded : new CheckpointStore(opts.home, opts.workspace);
  const roots = rootsOf(id ? (opts.parentWorkspace ?? opts.workspace) : opts.workspace);
  const { rest } = await source.materializeFirst(id, dir, SESSION_READS);
  retargetCopyLinks(dir, roots);
  const out: ForkWorkspace = { dir, mode: 'copy' };
  out.ready = rest.then((files) => {
    retargetCopyLinks(dir, roots);
    out.files = files;
  });
  // Whoever runs the fork awaits `ready` and reports a failure; it is never unhandled here.
  out.ready.catch(() => undefined);
  if (id) out.checkpoint = id;
  else
    out.warning =
      'the parent session has no checkpoint from before this step (checkpoints are taken in the window, or with checkpoints.enabled in the config), so the fork works in a copy of the files as they are now';
  return out;
}

/** What a session reads from its workspace when it opens (project config, extensions, skills): in the copy before it opens. */
const SESSION_READS = ['.glassbox', '.agents', '.claude'];

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
