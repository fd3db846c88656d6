import { isActivity } from '../../../src-shared/read-models/session-activity';
import { callTiming } from '../../../src-shared/read-models/call-timing';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { addUsage, emptyTotals, type UsageTotals } from '../../../src-shared/events/model-usage';

/** Characters of one message, argument list or result the index keeps (the file keeps all). */
export const MAX_DOC_CHARS = 2000;

/** One searchable item of a session: a message, a tool call (arguments + result) or a model turn. */
export interface SearchDoc {
  seq: number;
  ts: number;
  kind: 'user' | 'assistant' | 'thinking' | 'call' | 'model';
  /** Where this item's text sits in the session's `text`. */
  start: number;
  end: number;
  tool?: string;
  server?: string;
  callId?: string;
  status?: 'ok' | 'error' | 'blocked';
  /** A call's own run time (ms), without its approval wait. */
  durMs?: number;
  /** A call's approval wait (ms), when one was asked. */
  waitMs?: number;
  /** While the call's approval is open: when it was asked (older files derive the wait from it). */
  askedAt?: number;
  costUsd?: number;
}

/** What the index knows of one session file. */
export interface IndexedSession {
  id: string;
  /** Bytes of the file read so far (session files only grow). */
  bytes: number;
  /** The file's first bytes, to tell a rewritten file from one that grew. */
  head: string;
  title: string;
  /** A fork: the session it was forked from, and the seq it was forked at (its own `agent_start` says). */
  parent?: string;
  forkedAt?: number;
  createdAt: number;
  /** The last activity (background events such as MCP status and log lines do not count). */
  updatedAt: number;
  /** Given a task (an `agent_start`): a conversation, listed as a session. */
  conversation?: boolean;
  eventCount: number;
  usage: UsageTotals;
  /** The same usage split by the model that answered (`unknown` for turns that did not say). */
  usageByModel?: Record<string, UsageTotals>;
  /** The same usage split by the day of the turn (YYYY-MM-DD in the host's local time), for "today" and "this week". */
  usageByDay?: Record<string, UsageTotals>;
  /** Every distinct lower-cased word of the session's items, space-separated: a query's words must all be in it. */
  words: string;
  /** Every item's text, one after the other (`SearchDoc.start/end` point into it). */
  text: string;
  docs: SearchDoc[];
}

/** The words of a text as the index keeps them: lower-cased runs of letters, digits and `_`. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** YYYY-MM-DD of a time in the host's local time zone. */
export function localDay(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A session with nothing read yet. */
export function emptySession(id: string): IndexedSession {
  return { id, bytes: 0, head: '', title: '', createdAt: 0, updatedAt: 0, eventCount: 0, usage: emptyTotals(), words: '', text: '', docs: [] };
}

function clip(s: string): string {
  return s.length > MAX_DOC_CHARS ? s.slice(0, MAX_DOC_CHARS) : s;
}

function argsText(args: unknown): string {
  if (typeof args === 'string') return args;
  if (args && typeof args === 'object') {
    // The values a person searches for (a command, a path), not the JSON punctuation around them.
    return Object.entries(args as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n');
  }
  return String(args ?? '');
}

/**
 * Folds events into a session's index entry (mutates `s`). A call's item is created at its start
 * (tool, server, arguments) and completed at its end (result, status, duration), which may come
 * in a later batch: the text of a call therefore grows in place only while it is the last item;
 * otherwise the result is appended as an item of its own pointing at the same call.
 */
export function indexEvents(s: IndexedSession, events: GlassboxEvent[], open: Map<string, SearchDoc> = openCalls(s)): void {
  const add = (doc: Omit<SearchDoc, 'start' | 'end'>, text: string): SearchDoc => {
    const start = s.text.length;
    s.text += `${clip(text)}\n`;
    const d: SearchDoc = { ...doc, start, end: s.text.length - 1 };
    s.docs.push(d);
    return d;
  };
  for (const e of events) {
    s.eventCount += 1;
    if (!s.createdAt) s.createdAt = e.ts;
    if (isActivity(e) || !s.updatedAt) s.updatedAt = e.ts;
    switch (e.type) {
      case 'agent_start':
        s.conversation = true;
        if (!s.title && e.task.trim()) s.title = e.task.trim().split('\n')[0].slice(0, 80);
        // History copied from a parent keeps the parent's session id: only the fork's own start names its parent.
        if (e.parent && e.session === s.id) {
          s.parent = e.parent;
          s.forkedAt = e.forkedAt;
        }
        break;
      case 'message_end':
        // The user's task arrives as agent_start and again as this message: indexed here once.
        if (e.role === 'assistant' && e.thinking?.trim()) add({ seq: e.seq, ts: e.ts, kind: 'thinking' }, e.thinking);
        if ((e.role === 'assistant' || e.role === 'user') && e.content.trim()) add({ seq: e.seq, ts: e.ts, kind: e.role }, e.content);
        break;
      case 'tool_execution_start': {
        if (!s.title) s.title = `${e.tool} call`;
        const server = e.source.startsWith('mcp:') ? e.source.slice(4) : undefined;
        const d = add({ seq: e.seq, ts: e.ts, kind: 'call', tool: e.tool, callId: e.callId, ...(server ? { server } : {}) }, `${e.tool}\n${argsText(e.args)}`);
        open.set(e.callId, d);
        break;
      }
      case 'approval_requested': {
        const d = open.get(e.callId);
        if (d) d.askedAt = e.ts;
        break;
      }
      case 'approval_resolved': {
        const d = open.get(e.callId);
        if (d?.askedAt !== undefined) {
          d.waitMs = Math.max(0, e.ts - d.askedAt);
          delete d.askedAt;
        }
        break;
      }
      case 'tool_execution_end': {
        const status = e.blocked ? 'blocked' : e.result.error ? 'error' : 'ok';
        const result = [e.result.output, e.result.error, e.result.system].filter(Boolean).join('\n');
        const d = open.get(e.callId);
        open.delete(e.callId);
        // The run time, without the approval wait (older files: the wait is taken from the approval's events).
        const timing = callTiming(e, d?.waitMs !== undefined ? { askedAt: 0, answeredAt: d.waitMs } : undefined);
        const times = { durMs: timing.durationMs, ...(timing.waitMs !== undefined ? { waitMs: timing.waitMs } : {}) };
        if (d) delete d.askedAt;
        if (d && d === s.docs[s.docs.length - 1]) {
          // The text ends with this item's "\n": appending keeps the item whole. Never slice
          // and rebuild `s.text` here: that copies the whole session's text per call (quadratic:
          // a 30,000-call session took minutes to index).
          s.text += `${clip(result)}\n`;
          d.end = s.text.length - 1;
          Object.assign(d, { status, ...times });
        } else {
          if (d) Object.assign(d, { status, ...times });
          add({ seq: e.seq, ts: e.ts, kind: 'call', tool: e.tool, callId: e.callId, status, ...times, ...(d?.server ? { server: d.server } : {}) }, result);
        }
        break;
      }
      case 'model_response':
        addUsage(s.usage, e.usage);
        if (e.usage) {
          const byModel = (s.usageByModel ??= {});
          addUsage((byModel[e.model ?? 'unknown'] ??= emptyTotals()), e.usage);
          const byDay = (s.usageByDay ??= {});
          addUsage((byDay[localDay(e.ts)] ??= emptyTotals()), e.usage);
        }
        if (typeof e.usage?.costUsd === 'number') add({ seq: e.seq, ts: e.ts, kind: 'model', costUsd: e.usage.costUsd }, e.model ?? '');
        break;
      default:
        break;
    }
  }
}

/** The calls of an entry whose end has not been seen yet (after loading it from disk). */
export function openCalls(s: IndexedSession): Map<string, SearchDoc> {
  const open = new Map<string, SearchDoc>();
  for (const d of s.docs) if (d.kind === 'call' && d.callId && !d.status) open.set(d.callId, d);
  return open;
}
