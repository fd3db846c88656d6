import type { GlassboxEvent } from '../events/event-types';
import type { ToolResultRecord } from '../events/tool-result';
import type { PresetAnswerKind } from '../contract/fork-views';
import { canonicalArgs } from './canonical-args';

/** One tool call of a step, as a comparison sees it. */
export interface StepCall {
  callId: string;
  tool: string;
  args: unknown;
  /** Canonical JSON of the arguments. */
  argsKey: string;
  result: ToolResultRecord | null;
  blocked?: boolean;
  durationMs?: number;
  /** Answered without running (a fork). */
  answered?: PresetAnswerKind;
  seq: number;
}

/** One model step of a session: the user's message that started it (first step of a run), the model's turn, its calls. */
export interface SessionStep {
  /** 1-based, across the whole session. */
  index: number;
  /** The seq of its turn_start. */
  seq: number;
  startTs: number;
  endTs: number;
  /** The user's message, on the first step of a run. */
  user?: string;
  /** The model's text. */
  text: string;
  calls: StepCall[];
  model?: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  /** A model error, or the run's end error, on this step. */
  error?: string;
  /** The run ended after this step (`agent_end.reason`). */
  end?: string;
  /** The fork's run starts at this step (its agent_start carries parent/forkedAt). */
  forkStart?: { parent: string; forkedAt: number };
}

/** Totals of one session for a comparison. */
export interface SessionTotals {
  steps: number;
  inputTokens: number;
  outputTokens: number;
  /** Null when no step had a known price. */
  costUsd: number | null;
  /** Wall time of its runs (agent_start to agent_end, summed), ms. */
  wallMs: number;
  /** Tool errors, model errors and runs that ended in an error. */
  errors: number;
  toolCalls: number;
  /** Files the editor created or changed (other tools' writes are not known by name). */
  files: string[];
  /** Set when the session is a fork. */
  parent?: string;
  forkedAt?: number;
}

const EDITING = new Set(['create', 'str_replace', 'insert', 'undo_edit']);

/** The steps and totals of a session, from its events (one pass). Pure. */
export function sessionSteps(events: readonly GlassboxEvent[]): { steps: SessionStep[]; totals: SessionTotals } {
  const steps: SessionStep[] = [];
  const byCall = new Map<string, StepCall>();
  const files = new Set<string>();
  let cur: SessionStep | null = null;
  let pendingUser: string | undefined;
  let pendingFork: SessionStep['forkStart'];
  let runStart: number | null = null;
  let wallMs = 0;
  let errors = 0;
  let costKnown = false;
  let parent: string | undefined;
  let forkedAt: number | undefined;
  for (const e of events) {
    switch (e.type) {
      case 'agent_start':
        // A run that continues (a fork from a model turn) keeps the user's message its copied history began, not yet given to a step.
        pendingUser = e.continues ? pendingUser : e.task;
        pendingFork = e.parent !== undefined && e.forkedAt !== undefined ? { parent: e.parent, forkedAt: e.forkedAt } : undefined;
        // The last fork start is the session's own (a fork of a fork carries its parent's too).
        if (pendingFork) {
          parent = pendingFork.parent;
          forkedAt = pendingFork.forkedAt;
        }
        runStart = e.ts;
        break;
      case 'turn_start':
        cur = { index: steps.length + 1, seq: e.seq, startTs: e.ts, endTs: e.ts, text: '', calls: [], inputTokens: 0, outputTokens: 0, costUsd: null };
        if (pendingUser !== undefined) cur.user = pendingUser;
        if (pendingFork) cur.forkStart = pendingFork;
        pendingUser = undefined;
        pendingFork = undefined;
        steps.push(cur);
        break;
      case 'message_end':
        if (cur && e.role === 'assistant') cur.text = e.content;
        break;
      case 'model_response':
        if (!cur) break;
        if (e.model) cur.model = e.model;
        if (e.usage) {
          cur.inputTokens += e.usage.inputTokens ?? 0;
          cur.outputTokens += e.usage.outputTokens ?? 0;
          if (typeof e.usage.costUsd === 'number') {
            cur.costUsd = (cur.costUsd ?? 0) + e.usage.costUsd;
            costKnown = true;
          }
        }
        break;
      case 'model_error':
        errors++;
        if (cur) cur.error = e.message;
        break;
      case 'tool_execution_start': {
        if (e.replayOf || e.origin || !cur) break;
        const c: StepCall = { callId: e.callId, tool: e.tool, args: e.args, argsKey: canonicalArgs(e.args), result: null, seq: e.seq, ...(e.answered ? { answered: e.answered } : {}) };
        cur.calls.push(c);
        byCall.set(e.callId, c);
        const a = e.args as { command?: unknown; path?: unknown } | null;
        if (e.tool === 'str_replace_editor' && a && typeof a.path === 'string' && typeof a.command === 'string' && EDITING.has(a.command)) files.add(a.path);
        break;
      }
      case 'tool_execution_end': {
        const c = byCall.get(e.callId);
        if (!c || e.replayOf || e.origin) break;
        c.result = e.result;
        c.durationMs = e.durationMs;
        if (e.blocked) c.blocked = true;
        if (e.result.error) errors++;
        break;
      }
      case 'turn_end':
        if (cur) cur.endTs = e.ts;
        break;
      case 'agent_end':
        if (runStart !== null) wallMs += Math.max(0, e.ts - runStart);
        runStart = null;
        if (e.reason === 'error') errors++;
        if (cur) {
          cur.end = e.reason;
          cur.endTs = Math.max(cur.endTs, e.ts);
          if (e.error && !cur.error) cur.error = e.error;
        }
        cur = null;
        break;
      default:
        break;
    }
  }
  // A run still going (or cut short by a crash): count it to its last event.
  if (runStart !== null && events.length) wallMs += Math.max(0, events[events.length - 1]!.ts - runStart);
  const totals: SessionTotals = {
    steps: steps.length,
    inputTokens: steps.reduce((n, s) => n + s.inputTokens, 0),
    outputTokens: steps.reduce((n, s) => n + s.outputTokens, 0),
    costUsd: costKnown ? steps.reduce((n, s) => n + (s.costUsd ?? 0), 0) : null,
    wallMs,
    errors,
    toolCalls: steps.reduce((n, s) => n + s.calls.length, 0),
    files: [...files].sort(),
    ...(parent !== undefined ? { parent } : {}),
    ...(forkedAt !== undefined ? { forkedAt } : {}),
  };
  return { steps, totals };
}
