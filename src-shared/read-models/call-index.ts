import { callTiming } from './call-timing';
import type { CallDetail, CallFilter, CallStatus, CallSummary, PendingDialog } from '../contract/views';
import type { GlassboxEvent } from '../events/event-types';

/**
 * Every tool call of a session, rebuilt from its events. Pure and incremental: `applyEvent`
 * mutates only the call it touches, so 10,000 calls stay cheap. Shared by the host (calls.*)
 * and the renderer's toolCalls slice, so both agree on what a call's status is.
 */
export interface CallIndex {
  /** Call ids in start order. */
  order: string[];
  byId: Map<string, CallDetail>;
  /** approval requestId → callId, to attach resolutions. */
  approvals: Map<string, string>;
}

/** An empty index. */
export function createCallIndex(): CallIndex {
  return { order: [], byId: new Map(), approvals: new Map() };
}

function statusOfEnd(e: Extract<GlassboxEvent, { type: 'tool_execution_end' }>, prev: CallDetail | undefined): CallStatus {
  if (prev?.approval?.decision === 'deny') return 'denied';
  if (e.blocked) return 'blocked';
  return e.result.error ? 'error' : 'ok';
}

/**
 * Applies one event; returns the id of the call it changed (or null). Events for a call not
 * yet started (out of order) create the call so nothing is lost.
 */
export function applyCallEvent(index: CallIndex, e: GlassboxEvent): string | null {
  switch (e.type) {
    case 'tool_execution_start': {
      const prev = index.byId.get(e.callId);
      const call: CallDetail = {
        callId: e.callId,
        tool: e.tool,
        source: e.source,
        status: prev?.status === 'awaiting_approval' ? 'awaiting_approval' : 'running',
        startedAt: e.ts,
        args: e.args,
        updates: prev?.updates ?? [],
        ...(prev?.approval ? { approval: prev.approval } : {}),
        ...(e.replayOf ? { replayOf: e.replayOf } : {}),
        ...(e.origin === 'user' ? { origin: 'user' as const } : {}),
        ...(e.origin === 'app' ? { origin: 'app' as const, ...(e.viewOf ? { viewOf: e.viewOf } : {}) } : {}),
      };
      if (!prev) index.order.push(e.callId);
      index.byId.set(e.callId, call);
      return e.callId;
    }
    case 'tool_execution_update': {
      // A new object on every change, so views holding the old one re-render.
      if (e.kind === 'task' && !e.task) return null;
      const call = ensure(index, e.callId, e.ts);
      if (e.kind === 'task') {
        index.byId.set(e.callId, { ...call, task: e.task, taskSince: call.taskSince ?? e.ts });
        return e.callId;
      }
      const update: CallDetail['updates'][number] = { kind: e.kind, ts: e.ts };
      if (e.progress !== undefined) update.progress = e.progress;
      if (e.total !== undefined) update.total = e.total;
      if (e.message !== undefined) update.message = e.message;
      if (e.level !== undefined) update.level = e.level;
      index.byId.set(e.callId, { ...call, updates: [...call.updates, update] });
      return e.callId;
    }
    case 'tool_execution_end': {
      const prev = ensure(index, e.callId, e.ts, e.tool);
      const timing = callTiming(e, prev.approval);
      const { waitMs: _old, ...rest } = prev;
      index.byId.set(e.callId, { ...rest, tool: e.tool, status: statusOfEnd(e, prev), ...timing, result: e.result });
      return e.callId;
    }
    case 'approval_requested': {
      const call = ensure(index, e.callId, e.ts, e.tool);
      index.approvals.set(e.requestId, e.callId);
      index.byId.set(e.callId, {
        ...call,
        args: call.args ?? e.args,
        status: call.result ? call.status : 'awaiting_approval',
        approval: { requestId: e.requestId, reasons: e.reasons ?? [], askedAt: e.ts },
      });
      return e.callId;
    }
    case 'approval_resolved': {
      const callId = e.callId || index.approvals.get(e.requestId);
      if (!callId) return null;
      const call = ensure(index, callId, e.ts);
      index.byId.set(callId, {
        ...call,
        status: call.result ? call.status : e.decision === 'deny' ? 'denied' : 'running',
        approval: { requestId: e.requestId, reasons: call.approval?.reasons ?? [], decision: e.decision, by: e.by, ...(call.approval?.askedAt !== undefined ? { askedAt: call.approval.askedAt } : {}), answeredAt: e.ts },
      });
      return callId;
    }
    case 'mcp_traffic': {
      const call = ensure(index, e.callId, e.ts);
      index.byId.set(e.callId, { ...call, mcpTraffic: { server: e.server, request: e.request, response: e.response } });
      return e.callId;
    }
    default:
      return null;
  }
}

function ensure(index: CallIndex, callId: string, ts: number, tool = '?'): CallDetail {
  let call = index.byId.get(callId);
  if (!call) {
    call = { callId, tool, source: 'builtin', status: 'running', startedAt: ts, args: undefined, updates: [] };
    index.byId.set(callId, call);
    index.order.push(callId);
  }
  return call;
}

/** The list form of a call. */
export function summarizeCall(c: CallDetail): CallSummary {
  const s: CallSummary = { callId: c.callId, tool: c.tool, source: c.source, status: c.status, startedAt: c.startedAt };
  if (c.durationMs !== undefined) s.durationMs = c.durationMs;
  if (c.waitMs !== undefined) s.waitMs = c.waitMs;
  return s;
}

/** Whether a call passes a filter (tool and source match exactly or by prefix `mcp:`; text searches args and result). */
export function matchesCallFilter(c: CallDetail, f: CallFilter | undefined): boolean {
  if (!f) return true;
  if (f.tool && c.tool !== f.tool) return false;
  if (f.source) {
    if (f.source === 'mcp' ? !c.source.startsWith('mcp:') : f.source === 'extension' ? !c.source.startsWith('extension:') : c.source !== f.source) return false;
  }
  if (f.status && c.status !== f.status) return false;
  if (f.text) {
    const needle = f.text.toLowerCase();
    const hay = `${c.tool} ${JSON.stringify(c.args ?? '')} ${c.result?.output ?? ''} ${c.result?.error ?? ''}`.toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

/**
 * Pending dialogs from events: requested and not yet resolved. Kept by the host so a reloaded
 * page gets them back.
 */
export function applyDialogEvent(pending: PendingDialog[], e: GlassboxEvent): PendingDialog[] {
  switch (e.type) {
    case 'approval_requested':
      return [
        ...pending.filter((d) => d.requestId !== e.requestId),
        { kind: 'approval', requestId: e.requestId, callId: e.callId, tool: e.tool, args: e.args, reasons: e.reasons ?? [], ...(e.escalation ? { escalation: e.escalation } : {}), ...(e.dangerous ? { dangerous: true as const } : {}), ts: e.ts },
      ];
    case 'human_input_requested':
      return [
        ...pending.filter((d) => d.requestId !== e.requestId),
        e.kind === 'elicitation'
          ? { kind: 'elicitation', requestId: e.requestId, server: e.server ?? 'unknown server', message: e.question, schema: e.schema ?? {}, ts: e.ts }
          : { kind: 'question', requestId: e.requestId, question: e.question, ts: e.ts },
      ];
    case 'approval_resolved':
    case 'human_input_resolved':
      return pending.some((d) => d.requestId === e.requestId) ? pending.filter((d) => d.requestId !== e.requestId) : pending;
    case 'agent_end':
      // A finished or cancelled run can no longer take answers.
      return pending.length ? [] : pending;
    default:
      return pending;
  }
}
