import type { GlassboxEvent, ToolCallRecord, ToolSource } from '../../../src-shared/events/event-types';
import type { ForkChange, ForkPointKind, ModelSettings } from '../../../src-shared/contract/fork-views';
import { fromResultRecord, type ToolResultRecord } from '../../../src-shared/events/tool-result';
import type { PresetAnswer } from '../agent/run-options';
import { canonicalArgs } from '../../../src-shared/read-models/canonical-args';

/** A fork that cannot be made as asked (unknown step, a change that does not fit the row): said to the user as is. */
export class ForkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForkError';
  }
}

/** One of the parent's calls after the fork point: what a recorded fork may answer from. */
export interface ParentCall {
  callId: string;
  tool: string;
  /** Canonical JSON of the arguments (key order does not matter). */
  argsKey: string;
  source: ToolSource;
  result: ToolResultRecord | null;
}

/**
 * Where and how a fork starts, computed from the parent's events alone (nothing run, nothing
 * written): the events copied (`seq < cutSeq`), the run's task, whether a new user message
 * starts it, and — for a fork at a call or a result — the parent's model turn that stands for
 * the fork's first step, with the calls answered before the fork point.
 */
export interface ForkPlan {
  kind: ForkPointKind;
  /** The seq of the row asked for. */
  at: number;
  /** Events with a smaller seq are the fork's copied history. */
  cutSeq: number;
  /** The task of the fork's run (the edited message, or the parent run's task). */
  task: string;
  /** No user message starts the fork's run: it continues the conversation. */
  continues: boolean;
  head?: { text: string; toolCalls: ToolCallRecord[]; answered: Map<string, PresetAnswer> };
  change: ForkChange;
  /** The parent's calls from the cut on, in order (a recorded fork answers from them). */
  later: ParentCall[];
  /** The workspace the parent's run recorded (where its checkpoints are kept). */
  parentWorkspace?: string;
  /** The model settings the parent's request at the fork point went out with, as far as its file recorded them. */
  modelFrom?: Partial<ModelSettings>;
}

/**
 * The settings of the parent's model request the fork stands in for (the first at or after the
 * cut, else the last before it): provider id, model, endpoint, and — in files that recorded them —
 * temperature and thinking. Files made before providers could be chosen used the default one.
 */
export function modelSettingsAt(events: readonly GlassboxEvent[], cutSeq: number): Partial<ModelSettings> | undefined {
  const requests = events.filter((e): e is Extract<GlassboxEvent, { type: 'model_request' }> => e.type === 'model_request');
  const hit = requests.find((e) => e.seq >= cutSeq) ?? requests.filter((e) => e.seq < cutSeq).at(-1);
  const r = hit?.request as Record<string, unknown> | undefined;
  if (!r) return undefined;
  const out: Partial<ModelSettings> = { provider: typeof r.providerId === 'string' ? r.providerId : 'default' };
  if (typeof r.model === 'string') out.model = r.model;
  if (typeof r.endpoint === 'string') out.endpoint = r.endpoint;
  if ('temperature' in r) out.temperature = typeof r.temperature === 'number' ? r.temperature : null;
  if ('thinking' in r) out.thinking = typeof r.thinking === 'number' || typeof r.thinking === 'string' ? (r.thinking as ModelSettings['thinking']) : null;
  return out;
}

const MODEL_ROWS = new Set(['turn_start', 'turn_end', 'model_request', 'model_response', 'model_retry', 'model_error', 'message_start', 'message_update', 'compaction_start', 'compaction_end']);

/** The kind of row an event belongs to, and the call it names; null for events that are no row of the conversation. */
function rowOf(e: GlassboxEvent): { kind: ForkPointKind; callId?: string } | null {
  switch (e.type) {
    case 'agent_start':
      return { kind: 'user' };
    case 'message_end':
      if (e.role === 'user') return { kind: 'user' };
      if (e.role === 'tool' && e.toolCallId) return { kind: 'result', callId: e.toolCallId };
      if (e.role === 'assistant') return { kind: 'model' };
      return null;
    case 'tool_execution_start':
    case 'approval_requested':
    case 'approval_resolved':
      return { kind: 'call', callId: e.callId };
    case 'tool_execution_end':
      return { kind: 'result', callId: e.callId };
    default:
      if (MODEL_ROWS.has(e.type)) return { kind: 'model' };
      return null;
  }
}

function lastBefore<T extends GlassboxEvent['type']>(events: readonly GlassboxEvent[], upto: number, type: T): Extract<GlassboxEvent, { type: T }> | null {
  for (let i = upto; i >= 0; i--) if (events[i]!.type === type) return events[i] as Extract<GlassboxEvent, { type: T }>;
  return null;
}

/** The parent's own tool calls from `fromSeq` on (replays and the user's own calls are no part of the conversation). */
function callsFrom(events: readonly GlassboxEvent[], fromSeq: number): ParentCall[] {
  const byId = new Map<string, ParentCall>();
  for (const e of events) {
    if (e.seq < fromSeq) continue;
    if (e.type === 'tool_execution_start' && !e.replayOf && !e.origin) byId.set(e.callId, { callId: e.callId, tool: e.tool, argsKey: canonicalArgs(e.args), source: e.source, result: null });
    else if (e.type === 'tool_execution_end' && !e.replayOf && !e.origin) {
      const c = byId.get(e.callId);
      if (c) c.result = e.result;
    }
  }
  return [...byId.values()];
}

/** The parent's result of a call (null: it never ended). */
function resultOf(events: readonly GlassboxEvent[], callId: string): ToolResultRecord | null {
  for (const e of events) if (e.type === 'tool_execution_end' && e.callId === callId && !e.replayOf && !e.origin) return e.result;
  return null;
}

/** A fork of `events` at the row of event `at` with `change`; throws ForkError when it does not fit. */
export function planFork(events: readonly GlassboxEvent[], at: number, change: ForkChange): ForkPlan {
  const plan = planRow(events, at, change);
  if (plan.change.what !== 'model') return plan;
  const from = modelSettingsAt(events, plan.cutSeq);
  return from ? { ...plan, modelFrom: from } : plan;
}

function planRow(events: readonly GlassboxEvent[], at: number, change: ForkChange): ForkPlan {
  const index = events.findIndex((e) => e.seq === at);
  if (index < 0) throw new ForkError(`the session has no step ${at} (its events go from 1 to ${events.at(-1)?.seq ?? 0})`);
  const event = events[index]!;
  if ((event.type === 'tool_execution_start' || event.type === 'tool_execution_end') && (event.replayOf || event.origin)) {
    throw new ForkError(`step ${at} is a call run by hand or a replay, not part of the conversation: fork at one of the model's calls`);
  }
  const row = rowOf(event);
  if (!row) {
    throw new ForkError(`step ${at} is a ${event.type} event: fork at a user message, a model turn, a tool call, its result or an approval`);
  }
  let kind = row.kind;
  if (change.what === 'message' && kind !== 'user') throw new ForkError(`--message edits a user message; step ${at} is a ${kindName(kind)}`);
  if ((change.what === 'result' || change.what === 'args') && kind !== 'call' && kind !== 'result') {
    throw new ForkError(`--${change.what} edits a tool call; step ${at} is a ${kindName(kind)}`);
  }
  if (change.what === 'result') kind = 'result';
  if (change.what === 'args') kind = 'call';
  const start = lastBefore(events, index, 'agent_start');
  const task = start?.task ?? '';
  const parentWorkspace = start?.workspace;

  if (kind === 'user') {
    if (!start) throw new ForkError(`step ${at} belongs to no run`);
    return { kind, at, cutSeq: start.seq, task: change.what === 'message' ? change.text : task, continues: false, change, later: callsFrom(events, start.seq), ...(parentWorkspace ? { parentWorkspace } : {}) };
  }
  if (kind === 'model') {
    const turn = lastBefore(events, index, 'turn_start');
    if (!turn || (start && turn.seq < start.seq)) throw new ForkError(`step ${at} belongs to no model turn`);
    return { kind, at, cutSeq: turn.seq, task, continues: true, change, later: callsFrom(events, turn.seq), ...(parentWorkspace ? { parentWorkspace } : {}) };
  }

  // A call or its result: the parent's turn that made the call stands for the fork's first step.
  const callId = row.callId!;
  if (change.what === 'result' || change.what === 'args') {
    // The row names the call: a change given without one (the CLI's --result, --args) is for it.
    if (!change.callId) change = { ...change, callId };
    else if (change.callId !== callId) throw new ForkError(`step ${at} is call ${callId}, not ${change.callId}`);
  }
  let made = -1;
  for (let i = index; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'message_end' && e.role === 'assistant' && e.toolCalls?.some((c) => c.id === callId)) {
      made = i;
      break;
    }
  }
  if (made < 0) throw new ForkError(`no model turn of this session made call ${callId}`);
  const message = events[made] as Extract<GlassboxEvent, { type: 'message_end' }>;
  const turn = lastBefore(events, made, 'turn_start');
  if (!turn) throw new ForkError(`call ${callId} belongs to no model turn`);
  const calls = message.toolCalls!;
  const k = calls.findIndex((c) => c.id === callId);
  const toolCalls = calls.map((c) => (change.what === 'args' && c.id === callId ? { ...c, arguments: typeof change.args === 'string' ? change.args : JSON.stringify(change.args) } : c));
  const answered = new Map<string, PresetAnswer>();
  const parentAnswer = (c: ToolCallRecord): void => {
    const rec = resultOf(events, c.id);
    answered.set(c.id, { result: rec ? fromResultRecord(rec) : { error: 'no result was recorded for this call (the run was interrupted)' }, how: 'parent' });
  };
  calls.slice(0, k).forEach(parentAnswer);
  if (change.what === 'result') answered.set(callId, { result: fromResultRecord(change.result), how: 'edited' });
  else if (kind === 'result') parentAnswer(calls[k]!);
  const later = callsFrom(events, turn.seq).filter((c) => !answered.has(c.callId) && !(kind === 'call' && c.callId === callId));
  return {
    kind,
    at,
    cutSeq: turn.seq,
    task,
    continues: true,
    head: { text: message.content, toolCalls, answered },
    change,
    later,
    ...(parentWorkspace ? { parentWorkspace } : {}),
  };
}

function kindName(kind: ForkPointKind): string {
  return kind === 'user' ? 'user message' : kind === 'model' ? 'model turn' : kind === 'call' ? 'tool call' : 'tool result';
}

/**
 * Answers a recorded fork's calls from the parent: the first parent call not used yet with the
 * same tool and the same arguments (in any key order); null when none matches (the call runs live).
 */
export function recordedAnswers(later: readonly ParentCall[]): (call: ToolCallRecord) => PresetAnswer | null {
  const used = new Set<string>();
  return (call) => {
    let key: string;
    try {
      key = canonicalArgs(call.arguments.trim() ? JSON.parse(call.arguments) : {});
    } catch {
      return null;
    }
    const hit = later.find((p) => !used.has(p.callId) && p.tool === call.name && p.argsKey === key && p.result);
    if (!hit) return null;
    used.add(hit.callId);
    return { result: fromResultRecord(hit.result!), how: 'recorded', from: hit.callId, source: hit.source };
  };
}
