import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ToolResultRecord } from '../../../src-shared/events/tool-result';
import type { RecordedToolCall, ReplayOutcome } from '../../../src-shared/contract/replay';
import { toResultRecord } from '../../../src-shared/events/tool-result';
import type { ToolRunner } from '../tools/tool-runner';


/** A recorded call with the approval decision recorded for it (absent: none was asked). */
export type RecordedCallWithApproval = RecordedToolCall & { approval?: { decision: 'allow' | 'deny'; by: string } };

/**
 * The decision recorded for a call: the human's (or the timeout's) answer when one was asked;
 * a call blocked without a question (deny mode, a rule) counts as denied by the policy.
 */
function approvalOf(events: readonly GlassboxEvent[], callId: string, blocked: boolean): { decision: 'allow' | 'deny'; by: string } | null {
  let found: { decision: 'allow' | 'deny'; by: string } | null = null;
  for (const e of events) if (e.type === 'approval_resolved' && e.callId === callId) found = { decision: e.decision, by: e.by };
  return found ?? (blocked ? { decision: 'deny', by: 'policy' } : null);
}

// `diff` is required on the first differing result, not at import: it costs ~0.1 s of CPU.
const requireHere = createRequire(import.meta.url);
let diffModule: typeof import('diff') | undefined;
function diffLib(): typeof import('diff') {
  diffModule ??= requireHere('diff') as typeof import('diff');
  return diffModule;
}

/** The original tool calls of a session, in order (replays of earlier calls are left out). */
export function recordedCalls(events: GlassboxEvent[]): RecordedCallWithApproval[] {
  const calls = new Map<string, RecordedCallWithApproval>();
  const blocked = new Set<string>();
  for (const e of events) {
    if (e.type === 'tool_execution_start' && !e.replayOf) {
      calls.set(e.callId, { callId: e.callId, tool: e.tool, args: e.args, source: e.source, result: null });
    } else if (e.type === 'tool_execution_end' && !e.replayOf) {
      const c = calls.get(e.callId);
      if (c) c.result = e.result;
      if (e.blocked) blocked.add(e.callId);
    }
  }
  for (const c of calls.values()) {
    const a = approvalOf(events, c.callId, blocked.has(c.callId));
    if (a) c.approval = a;
  }
  return [...calls.values()];
}

/** Any call of a session by id (a replay too), joining its start and end; null when absent. */
export function findRecordedCall(events: readonly GlassboxEvent[], callId: string): RecordedCallWithApproval | null {
  let call: RecordedCallWithApproval | null = null;
  let blocked = false;
  for (const e of events) {
    if (e.type === 'tool_execution_start' && e.callId === callId) {
      call = { callId, tool: e.tool, args: e.args, source: e.source, result: null };
    } else if (e.type === 'tool_execution_end' && e.callId === callId) {
      call ??= { callId, tool: e.tool, args: {}, result: null };
      call.result = e.result;
      blocked = !!e.blocked;
    }
  }
  const a = call ? approvalOf(events, callId, blocked) : null;
  if (call && a) call.approval = a;
  return call;
}

/**
 * The comparable text of a result: output, error, system note and a digest of each image.
 * Metadata (durations, UI data) is left out on purpose: it differs run to run.
 */
export function resultText(r: ToolResultRecord | null): string {
  if (!r) return '(no result was recorded)\n';
  const parts: string[] = [];
  if (r.output != null) parts.push(`output:\n${r.output}`);
  if (r.error != null) parts.push(`error:\n${r.error}`);
  if (r.system != null) parts.push(`system:\n${r.system}`);
  for (const img of r.images ?? []) parts.push(`image ${img.mimeType} sha256:${createHash('sha256').update(img.data).digest('hex').slice(0, 16)}`);
  const text = parts.join('\n');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** A unified diff of two results, '' when they are equal. */
export function diffResults(recorded: ToolResultRecord | null, now: ToolResultRecord, label = 'result'): { equal: boolean; diff: string } {
  const a = resultText(recorded);
  const b = resultText(now);
  if (a === b) return { equal: true, diff: '' };
  return { equal: false, diff: diffLib().createTwoFilesPatch(`recorded ${label}`, `replayed ${label}`, a, b, undefined, undefined, { context: 3 }) };
}

let replayCounter = 0;

/**
 * Re-runs one recorded call through the session's ToolRunner (validation, hooks, approvals,
 * events with `replayOf`), optionally with edited args, and compares the new result with the
 * recorded one. A replay never widens an approval: the gate judges it as in `ask` mode, shows
 * the recorded decision, and asks again for a call that was denied (edited args are a new
 * call and are judged as such).
 */
export async function replayCall(
  session: { runner: ToolRunner },
  recorded: RecordedToolCall,
  args?: unknown,
  signal?: AbortSignal,
  /** `user`: the user replays it from the window (recorded as their action). */
  origin?: 'user',
): Promise<ReplayOutcome> {
  const useArgs = args === undefined ? recorded.args : args;
  const callId = `replay_${++replayCounter}_${recorded.callId}`.slice(0, 120);
  const outcome = await session.runner.run(
    {
      callId,
      tool: recorded.tool,
      args: typeof useArgs === 'string' ? useArgs : ((useArgs ?? {}) as Record<string, unknown>),
      replayOf: recorded.callId,
      ...(origin ? { origin } : {}),
      // Absent (e.g. a call from the window's call index): the gate falls back to what it decided itself.
      ...((recorded as RecordedCallWithApproval).approval ? { recordedApproval: (recorded as RecordedCallWithApproval).approval } : {}),
    },
    signal,
  );
  const result = toResultRecord(outcome.result);
  delete result.metadata;
  const { equal, diff } = diffResults(recorded.result, result, `${recorded.tool} ${recorded.callId}`);
  return { callId: outcome.callId, replayOf: recorded.callId, tool: recorded.tool, args: useArgs, equal, diff, recorded: recorded.result, result };
}

/** Replays every recorded call of a session in order, or only `callId` (with optional edited args). */
export async function replaySession(
  session: { runner: ToolRunner },
  events: GlassboxEvent[],
  opts: { callId?: string; args?: unknown; signal?: AbortSignal } = {},
): Promise<ReplayOutcome[]> {
  const calls = recordedCalls(events);
  if (opts.callId !== undefined) {
    const c = calls.find((x) => x.callId === opts.callId);
    if (!c) throw new Error(`no recorded call '${opts.callId}' (recorded: ${calls.map((x) => x.callId).join(', ') || 'none'})`);
    return [await replayCall(session, c, opts.args, opts.signal)];
  }
  const out: ReplayOutcome[] = [];
  for (const c of calls) {
    if (opts.signal?.aborted) break;
    out.push(await replayCall(session, c, undefined, opts.signal));
  }
  return out;
}
