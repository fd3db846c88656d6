import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ForkRequest, ForkStartFields } from '../../../src-shared/contract/fork-views';
import { glassboxPaths } from '../config/paths';
import type { AgentRunResult } from '../agent/tool-call-agent';
import { GlassboxSession, type SessionOptions } from '../session/glassbox-session';
import { isValidSessionId, SessionStore } from '../session/session-store';
import { ForkError, planFork, recordedAnswers, type ForkPlan } from './fork-plan';
import { makeForkWorkspace, type ForkWorkspace } from './fork-workspace';

/** A fork made and ready to run on. */
export interface PreparedFork {
  session: GlassboxSession;
  plan: ForkPlan;
  workspace: ForkWorkspace;
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
 * Forks a saved session at one of its rows with one thing changed (core of `glassbox sessions
 * fork` and the window's *Fork from here…*): plans the fork from the parent's file, writes the
 * fork's file with the history before the fork point (nothing before it runs again), makes its
 * workspace (a copy as the files were at that step, unless `live`), builds its session there
 * and applies the change. `run` then goes on from the fork point: the edited message, the
 * parent's turn with the edited call or result, or a new model turn; later calls run live or,
 * recorded, are answered from the parent where tool and arguments match.
 * Throws ForkError for an unknown session or a change that does not fit the row.
 */
export async function createFork(request: ForkRequest, options: SessionOptions & { workspace: string }): Promise<PreparedFork> {
  const paths = glassboxPaths(options.env ?? process.env);
  const store = new SessionStore(paths.sessions);
  if (!isValidSessionId(request.parent) || !store.exists(request.parent)) throw new ForkError(`no saved session '${request.parent}' in ${store.dir}`);
  const parent = store.load(request.parent);
  const plan = planFork(parent.events, request.at, request.change);
  if (request.change.what === 'model' && !request.change.model.trim()) throw new ForkError('--model needs a model name');
  const forkId = randomUUID();
  const mode = request.workspace ?? 'copy';
  // The files first: a failure here leaves no half-made session behind.
  const workspace = await makeForkWorkspace({
    home: paths.home,
    forkId,
    mode,
    workspace: options.workspace,
    ...(plan.parentWorkspace ? { parentWorkspace: plan.parentWorkspace } : {}),
    parentEvents: parent.events,
    cutSeq: plan.cutSeq,
  });
  writeHistory(store, forkId, parent.events, plan.cutSeq);
  const session = await GlassboxSession.create({ ...options, workspace: workspace.dir, sessionId: forkId, resume: true });
  const change = request.change;
  try {
    if (change.what === 'model') session.setModel(change.model);
    else if (change.what === 'systemPrompt') session.applyForkOverride({ systemPrompt: change.text });
    else if (change.what === 'instructions') session.applyForkOverride({ instructions: { server: change.server, text: change.text } });
  } catch (err) {
    await session.dispose();
    store.delete(forkId);
    throw new ForkError((err as Error).message);
  }
  if (workspace.warning) session.bus.emit({ type: 'log', level: 'warn', source: 'fork', message: workspace.warning });
  const fork: ForkStartFields = {
    parent: request.parent,
    forkedAt: request.at,
    changed: change,
    forkKind: plan.kind,
    ...(request.recorded ? { recorded: true } : {}),
    forkWorkspace: mode,
    ...(plan.continues ? { continues: true } : {}),
  };
  let ran = false;
  return {
    session,
    plan,
    workspace,
    run: (opts = {}) => {
      if (ran) throw new Error('this fork has run already');
      ran = true;
      return session.runFork(plan.task, {
        ...opts,
        fork,
        continues: plan.continues,
        ...(plan.head ? { head: plan.head } : {}),
        ...(request.recorded ? { answer: recordedAnswers(plan.later) } : {}),
      });
    },
  };
}
