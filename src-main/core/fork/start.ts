import type { ForkChange, ForkRequest, ForkStartFields, ModelChangeFields, ModelSettings } from '../../../src-shared/contract/fork-views';
import type { AgentRunOptions, AgentRunResult } from '../agent/run-options';
import { ForkError, recordedAnswers, type ForkPlan } from './plan';
import type { ForkWorkspace } from './workspace';

/** A fork whose file and workspace are made: any session opened with `forkId` resumes it there, and `startFork` runs it on. */
export interface ForkFiles {
  forkId: string;
  request: ForkRequest;
  plan: ForkPlan;
  workspace: ForkWorkspace;
}

/** What running a fork needs of its session (GlassboxSession as it is). */
export interface ForkableSession {
  applyModelChange(change: ModelChangeFields): ModelSettings;
  applyForkOverride(change: { systemPrompt?: string; instructions?: { server: string; text: string } }): void;
  /** Tools wait until the fork's copy of the files is written (the first model request does not). */
  holdToolsUntil(files: Promise<unknown>): void;
  runFork(task: string, run: AgentRunOptions): Promise<AgentRunResult>;
  readonly bus: { emit(e: { type: 'log'; level: 'warn'; source: string; message: string }): unknown };
}

/**
 * The second half: applies the change to the fork's session (opened on its file) and runs it on
 * from the fork point — the edited message, the parent's turn with the edited call or result, or
 * a new model turn; later calls run live or, recorded, are answered from the parent where tool
 * and arguments match. Throws ForkError for refused model settings.
 */
export function startFork(session: ForkableSession, files: ForkFiles, opts: { maxSteps?: number } = {}): Promise<AgentRunResult> {
  const { request, plan } = files;
  let change: ForkChange = plan.change;
  try {
    if (change.what === 'model') {
      const { what: _what, from: _from, to: _to, ...fields } = change;
      const to = session.applyModelChange(fields);
      // What the fork ran with beside what its parent did: the compare view says what changed.
      change = { ...change, ...(plan.modelFrom ? { from: plan.modelFrom } : {}), to };
    } else if (change.what === 'systemPrompt') session.applyForkOverride({ systemPrompt: change.text });
    else if (change.what === 'instructions') session.applyForkOverride({ instructions: { server: change.server, text: change.text } });
  } catch (err) {
    throw new ForkError((err as Error).message);
  }
  if (files.workspace.ready) session.holdToolsUntil(files.workspace.ready);
  if (files.workspace.warning) session.bus.emit({ type: 'log', level: 'warn', source: 'fork', message: files.workspace.warning });
  const fork: ForkStartFields = {
    parent: request.parent,
    forkedAt: request.at,
    changed: change,
    forkKind: plan.kind,
    ...(request.recorded ? { recorded: true } : {}),
    forkWorkspace: files.workspace.mode,
    ...(plan.continues ? { continues: true } : {}),
  };
  return session.runFork(plan.task, {
    ...opts,
    fork,
    continues: plan.continues,
    ...(plan.head ? { head: plan.head } : {}),
    ...(request.recorded ? { answer: recordedAnswers(plan.later) } : {}),
  });
}

