import { applyCallEvent, createCallIndex, type CallIndex } from '../../../src-shared/read-models/call-index';
import type { AgentState, SessionView } from '../../../src-shared/contract/views';
import type { ContextMeter } from '../../../src-shared/events/context-meter';
import type { GlassboxEvent, RecordedWire } from '../../../src-shared/events/event-types';
import type { ModelUsage } from '../../../src-shared/events/model-usage';
import { applyChatEvent, chatFromItems, emptyChat, type ChatState } from '../../../src-shared/read-models/chat-items';

/** One model turn as the inspector shows it. */
export interface ModelTurn {
  key: string;
  step: number;
  ts: number;
  request?: unknown;
  /** What the request held, by part (the context meter); absent in older sessions. */
  context?: ContextMeter;
  response?: unknown;
  /** When the response arrived. */
  endTs?: number;
  /** The model that answered. */
  model?: string;
  /** Older sessions may carry only the token counts. */
  usage?: Partial<ModelUsage>;
  /** The exact body sent (earlier turns' messages left out: see wire-request.ts) and the chunks received. */
  wire?: RecordedWire;
  /** The last retry of this request while it is being retried ("Retrying (2/3) in 4 s…"). */
  retry?: { attempt: number; maxRetries: number; delayMs: number; ts: number; error: string };
  /** The request failed for good: endpoint, status, the server's text (the body sent and received are in `wire`). */
  error?: { endpoint: string; status?: number; message: string; attempts: number };
}

/** The data the events of a session determine (the session and toolCalls slices' state). */
export interface SessionData {
  sessionId: string;
  title: string;
  chat: ChatState;
  calls: CallIndex;
  /** Bumped whenever `calls` changed (it is mutated in place for speed). */
  callsVersion: number;
  turns: ModelTurn[];
  agent: AgentState;
  lastSeq: number;
  /** Rows of the session not loaded yet (a tail view arrived first; the rest is on its way). */
  earlierRows: number;
  /** `earlierRows` is an estimate (a long session's first screen, read from the end of its file). */
  earlierEstimated: boolean;
  /** Calls of the session not loaded yet (as `earlierRows`; an estimate when `earlierEstimated`). */
  earlierCalls: number;
}

/** An empty session view. */
export function emptySessionData(): SessionData {
  return {
    sessionId: '',
    title: 'New session',
    chat: emptyChat(),
    calls: createCallIndex(),
    callsVersion: 0,
    turns: [],
    agent: { sessionId: '', running: false },
    lastSeq: 0,
    earlierRows: 0,
    earlierEstimated: false,
    earlierCalls: 0,
  };
}

function applyTurn(turns: ModelTurn[], e: GlassboxEvent, mutate: boolean): ModelTurn[] {
  if (e.type === 'model_request') {
    const t: ModelTurn = { key: `t${e.seq}`, step: e.step, ts: e.ts, request: e.request, ...(e.context ? { context: e.context } : {}) };
    if (mutate) {
      turns.push(t);
      return turns;
    }
    return [...turns, t];
  }
  if (e.type === 'model_retry' || e.type === 'model_error') {
    let i = turns.length - 1;
    while (i >= 0 && turns[i]!.step !== e.step) i--;
    const base: ModelTurn = i >= 0 ? turns[i]! : { key: `t${e.seq}`, step: e.step, ts: e.ts };
    const t: ModelTurn =
      e.type === 'model_retry'
        ? { ...base, retry: { attempt: e.attempt, maxRetries: e.maxRetries, delayMs: e.delayMs, ts: e.ts, error: e.error } }
        : {
            ...base,
            endTs: e.ts,
            error: { endpoint: e.endpoint, ...(e.status !== undefined ? { status: e.status } : {}), message: e.message, attempts: e.attempts },
            ...(e.wire ? { wire: e.wire } : {}),
          };
    const out = mutate ? turns : turns.slice();
    if (i >= 0) out[i] = t;
    else out.push(t);
    return out;
  }
  if (e.type === 'model_response') {
    let i = turns.length - 1;
    while (i >= 0 && (turns[i]!.step !== e.step || turns[i]!.response !== undefined)) i--;
    const base: ModelTurn = i >= 0 ? turns[i]! : { key: `t${e.seq}`, step: e.step, ts: e.ts };
    const t: ModelTurn = {
      ...base,
      response: e.response,
      endTs: e.ts,
      ...(e.model ? { model: e.model } : {}),
      ...(e.usage ? { usage: e.usage } : {}),
      ...(e.wire ? { wire: e.wire } : {}),
    };
    const out = mutate ? turns : turns.slice();
    if (i >= 0) out[i] = t;
    else out.push(t);
    return out;
  }
  return turns;
}

/**
 * Applies one live event to the session data; returns the changed fields only. Pure with one
 * deliberate exception: the call index is updated in place and `callsVersion` bumped, so a
 * session with 10,000 calls does not copy a map per event.
 */
export function reduceEvent(d: SessionData, e: GlassboxEvent): Partial<SessionData> {
  if (d.sessionId && e.session !== d.sessionId) return {};
  if (e.seq <= d.lastSeq) return {}; // already seen (snapshot and live stream overlap)
  const out: Partial<SessionData> = { lastSeq: e.seq };
  const chat = applyChatEvent(d.chat, e);
  if (chat !== d.chat) out.chat = chat;
  if (applyCallEvent(d.calls, e) !== null) out.callsVersion = d.callsVersion + 1;
  const turns = applyTurn(d.turns, e, false);
  if (turns !== d.turns) out.turns = turns;
  if (e.type === 'agent_start') {
    out.agent = { ...d.agent, running: true, task: e.task };
    if (d.title === 'New session') out.title = e.task.slice(0, 80);
  }
  if (e.type === 'steer_queue') {
    out.agent = { ...(out.agent ?? d.agent), queued: e.queued, stopAfterStep: e.stopAfterStep };
  }
  if (e.type === 'spend_status') {
    out.agent = { ...(out.agent ?? d.agent), spend: { sessionUsd: e.sessionUsd, unpricedTurns: e.unpricedTurns, ...(e.dayUsd !== undefined ? { dayUsd: e.dayUsd } : {}), limits: e.limits } };
  }
  if (e.type === 'agent_end') {
    out.agent = {
      sessionId: d.agent.sessionId,
      running: false,
      lastEnd: { reason: e.reason, ...(e.error ? { error: e.error } : {}) },
      // The sandbox outlives a run: the "unsandboxed" badge must not vanish when it ends.
      ...(d.agent.sandbox ? { sandbox: d.agent.sandbox } : {}),
      // So do the spend meter and what is still queued (sent next, or left for the user).
      ...(d.agent.spend ? { spend: d.agent.spend } : {}),
      ...(d.agent.queued?.length ? { queued: d.agent.queued } : {}),
    };
  }
  return out;
}

/**
 * Takes in the host's pre-reduced view (sessions.view) in one pass: the rows and calls are
 * adopted as they are, only the lookup maps are built. No event is replayed.
 */
export function fromView(v: SessionView): SessionData {
  const calls = createCallIndex();
  for (const c of v.calls) {
    calls.order.push(c.callId);
    calls.byId.set(c.callId, c);
  }
  for (const [requestId, callId] of v.approvals) calls.approvals.set(requestId, callId);
  let turns: ModelTurn[] = [];
  for (const e of v.turnEvents) turns = applyTurn(turns, e, true);
  return {
    sessionId: v.summary.id,
    title: v.summary.title,
    chat: chatFromItems(v.chat),
    calls,
    callsVersion: 1,
    turns,
    agent: v.state,
    lastSeq: v.lastSeq,
    earlierRows: v.tail ? v.tail.rows - v.chat.length : 0,
    earlierEstimated: v.tail?.estimated === true,
    earlierCalls: v.tail ? Math.max(0, v.tail.calls - v.calls.length) : 0,
  };
}
