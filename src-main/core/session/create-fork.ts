import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ForkRequest } from '../../../src-shared/contract/fork-views';
import { loadConfig } from '../config/config';
import { glassboxPaths, isValidSessionId } from '../config/paths';
import type { AgentRunResult } from '../agent/run-options';
import { ForkError, planFork } from '../fork/plan';
import { startFork, type ForkFiles } from '../fork/start';
import { makeForkWorkspace } from '../fork/workspace';
import { GlassboxSession } from './glassbox-session';
import type { SessionOptions } from './options';
import { SessionModel } from './model';
import { SessionStore } from './store';

/** A fork made and ready to run on. */
export interface PreparedFork extends ForkFiles {
  session: GlassboxSession;
  /** Runs the fork on from its fork point (once). */
  run(opts?: { maxSteps?: number }): Promise<AgentRunResult>;
}

/**
 * Makes a fork's session file: the parent's events before the cut, as they are (same seq; their
 * `session` still names the session that made them, so the fork's own events are told apart).
 */
function writeHistory(store: SessionStore, forkId: string, events: readonly { seq: number }[], cutSeq: number): void {
  const path = store.pathOf(forkId);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let text = '';
  for (const e of events) if (e.seq < cutSeq) text += JSON.stringify(e) + '\n';
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
}

/**
 * The first half of a fork: plans it from the parent's file (throws ForkError for an unknown
 * session or a change that does not fit the row), makes its workspace (a copy of the files as
 * they were at that step, restored from the checkpoints of the parent's workspace, unless
 * `live`), then writes the fork's file with the history before the fork point.
 */
export async function prepareFork(request: ForkRequest, opts: { env?: NodeJS.ProcessEnv; workspace: string }): Promise<ForkFiles> {
  const paths = glassboxPaths(opts.env ?? process.env);
  const store = new SessionStore(paths.sessions);
  if (!isValidSessionId(request.parent) || !store.exists(request.parent)) throw new ForkError(`no saved session '${request.parent}' in ${store.dir}`);
  const parent = store.load(request.parent);
  // Refused model settings (an unknown provider, a name, a temperature or thinking the provider does not take) surface before anything is made.
  if (request.change.what === 'model') {
    const { what: _what, from: _from, to: _to, ...fields } = request.change;
    try {
      new SessionModel(loadConfig(paths, opts.workspace).config, opts.env ?? process.env, parent.events).applyChange(fields);
    } catch (err) {
      throw new ForkError((err as Error).message);
    }
  }
  const plan = planFork(parent.events, request.at, request.change);
  const forkId = randomUUID();
  // The files first: a failure here leaves no half-made session behind.
  const workspace = await makeForkWorkspace({
    home: paths.home,
    forkId,
    mode: request.workspace ?? 'copy',
    workspace: opts.workspace,
    ...(plan.parentWorkspace ? { parentWorkspace: plan.parentWorkspace } : {}),
    parentEvents: parent.events,
    cutSeq: plan.cutSeq,
  });
  writeHistory(store, forkId, parent.events, plan.cutSeq);
  return { forkId, request: { ...request, change: plan.change }, plan, workspace };
}

/**
 * Forks a saved session at one of its rows with one thing changed (core of `glassbox sessions
 * fork`): `prepareFork`, a session built on the fork's file (in its copy, or live), then `run`
 * calls `startFork`. Nothing before the fork point runs again.
 */
export async function createFork(request: ForkRequest, options: SessionOptions & { workspace: string }): Promise<PreparedFork> {
  const files = await prepareFork(request, options);
  const session = await GlassboxSession.create({ ...options, workspace: files.workspace.dir, sessionId: files.forkId, resume: true });
  let ran = false;
  return {
    ...files,
    session,
    run: (opts = {}) => {
      if (ran) throw new Error('this fork has run already');
      ran = true;
      return startFork(session, files, opts);
    },
  };
}
