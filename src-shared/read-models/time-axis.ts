import type { GlassboxEvent } from '../events/event-types';

/** What a bar on the time axis stands for. */
export type SpanKind = 'model' | 'thinking' | 'call' | 'approval' | 'question';

/** One bar of the time axis: real start and end (ms since epoch), in a lane and a row of it. */
export interface TimeSpan {
  lane: string;
  /** Row within the lane: calls that overlap (parallel read-only calls) sit side by side. */
  row: number;
  start: number;
  end: number;
  /** Model turns: when the first token arrived (the streaming part follows). */
  firstToken?: number;
  kind: SpanKind;
  label: string;
  status?: 'ok' | 'error' | 'blocked' | 'denied' | 'unfinished';
  callId?: string;
  /** Model turns: the inspector's key of the turn (`t<seq of its model_request>`). */
  turnKey?: string;
  /** On the critical path: the chain of bars, each starting after the one before ended, that ends last. */
  critical: boolean;
}

/** A lane of the time axis. */
export interface TimeLane {
  id: string;
  label: string;
  rows: number;
}

/** The session on a time axis. */
export interface TimeAxis {
  lanes: TimeLane[];
  /** Sorted by start. */
  spans: TimeSpan[];
  start: number;
  end: number;
}

/** Most rows one lane gets; more overlapping bars share the last. */
export const MAX_ROWS = 6;

function laneOfCall(tool: string, source: string): string {
  if (source.startsWith('mcp:')) return source;
  if (tool === 'bash') return 'shell';
  if (tool === 'str_replace_editor') return 'edits';
  return 'tools';
}

function laneLabel(id: string): string {
  if (id.startsWith('mcp:')) return `MCP ${id.slice(4)}`;
  return ({ model: 'Model turns', thinking: 'Thinking', waits: 'Approvals & waits', tools: 'Tool calls', shell: 'Shell', edits: 'Edits' } as Record<string, string>)[id] ?? id;
}

const LANE_ORDER = ['model', 'thinking', 'waits', 'tools', 'shell', 'edits'];

/**
 * Lays a recorded session out on real time: model turns (request → response, the streaming part
 * after the first token), the model's thinking (first to last reasoning delta) in its own lane, tool calls per kind (MCP per server, shell, edits, the rest), approval
 * and question waits. A call that waited for an approval runs from the answer on, so the wait is
 * a gap in its lane and a bar in the waits lane. Overlapping bars of a lane get rows; the
 * critical path is marked. Pure; linear apart from sorting.
 */
export function buildTimeAxis(events: readonly GlassboxEvent[]): TimeAxis {
  const spans: TimeSpan[] = [];
  const calls = new Map<string, { start: number; tool: string; source: string; runFrom: number }>();
  const asks = new Map<string, { start: number; callId?: string; label: string; kind: 'approval' | 'question' }>();
  let turn: { start: number; step: number; key: string; firstToken?: number; thinkFrom?: number; thinkTo?: number } | null = null;
  const thinkingSpan = (t: NonNullable<typeof turn>): void => {
    if (t.thinkFrom === undefined) return;
    spans.push({ lane: 'thinking', row: 0, start: t.thinkFrom, end: Math.max(t.thinkFrom + 1, t.thinkTo ?? t.thinkFrom), kind: 'thinking', label: `step ${t.step} thinking`, turnKey: t.key, critical: false });
  };
  let last = 0;
  for (const e of events) {
    last = Math.max(last, e.ts);
    switch (e.type) {
      case 'model_request':
        turn = { start: e.ts, step: e.step, key: `t${e.seq}` };
        break;
      case 'message_update':
        if (turn && turn.firstToken === undefined && e.role === 'assistant') turn.firstToken = e.ts;
        break;
      case 'thinking_update':
        if (!turn) break;
        turn.firstToken ??= e.ts;
        turn.thinkFrom ??= e.ts;
        turn.thinkTo = e.ts;
        break;
      case 'model_response': {
        if (!turn) break;
        const ttft = e.usage?.ttftMs;
        const firstToken = typeof ttft === 'number' ? Math.min(e.ts, turn.start + ttft) : turn.firstToken;
        spans.push({ lane: 'model', row: 0, start: turn.start, end: e.ts, ...(firstToken !== undefined ? { firstToken } : {}), kind: 'model', label: `step ${turn.step}${e.model ? ` · ${e.model}` : ''}`, turnKey: turn.key, critical: false });
        thinkingSpan(turn);
        turn = null;
        break;
      }
      case 'agent_end':
      case 'turn_end':
        if (turn) {
          // A turn that failed or was stopped before the model answered.
          spans.push({ lane: 'model', row: 0, start: turn.start, end: e.ts, kind: 'model', label: `step ${turn.step} (no answer)`, status: 'error', turnKey: turn.key, critical: false });
          thinkingSpan(turn);
          turn = null;
        }
        break;
      case 'tool_execution_start':
        calls.set(e.callId, { start: e.ts, tool: e.tool, source: e.source, runFrom: e.ts });
        break;
      case 'approval_requested':
        asks.set(e.requestId, { start: e.ts, callId: e.callId, label: `approve ${e.tool}`, kind: 'approval' });
        break;
      case 'approval_resolved': {
        const a = asks.get(e.requestId);
        asks.delete(e.requestId);
        if (a) spans.push({ lane: 'waits', row: 0, start: a.start, end: e.ts, kind: 'approval', label: `${a.label}: ${e.decision} by ${e.by}`, callId: e.callId, status: e.decision === 'allow' ? 'ok' : 'denied', critical: false });
        const c = calls.get(e.callId);
        if (c) c.runFrom = Math.max(c.runFrom, e.ts);
        break;
      }
      case 'human_input_requested':
        asks.set(e.requestId, { start: e.ts, label: `question: ${e.question.slice(0, 60)}`, kind: 'question' });
        break;
      case 'human_input_resolved': {
        const a = asks.get(e.requestId);
        asks.delete(e.requestId);
        if (a) spans.push({ lane: 'waits', row: 0, start: a.start, end: e.ts, kind: 'question', label: a.label, status: e.answer === null ? 'denied' : 'ok', critical: false });
        break;
      }
      case 'tool_execution_end': {
        const c = calls.get(e.callId);
        calls.delete(e.callId);
        if (!c) break;
        const status = e.blocked ? 'blocked' : e.result?.error ? 'error' : 'ok';
        spans.push({ lane: laneOfCall(c.tool, c.source), row: 0, start: Math.min(c.runFrom, e.ts), end: e.ts, kind: 'call', label: c.tool, status, callId: e.callId, critical: false });
        break;
      }
      default:
        break;
    }
  }
  // What never ended (a killed run) runs to the last event.
  for (const [callId, c] of calls) spans.push({ lane: laneOfCall(c.tool, c.source), row: 0, start: c.runFrom, end: last, kind: 'call', label: c.tool, status: 'unfinished', callId, critical: false });
  for (const [, a] of asks) spans.push({ lane: 'waits', row: 0, start: a.start, end: last, kind: a.kind, label: a.label, status: 'unfinished', ...(a.callId ? { callId: a.callId } : {}), critical: false });
  if (turn) spans.push({ lane: 'model', row: 0, start: turn.start, end: last, kind: 'model', label: `step ${turn.step} (unfinished)`, status: 'unfinished', turnKey: turn.key, critical: false });

  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const rowsOf = new Map<string, number[]>();
  for (const s of spans) {
    const ends = rowsOf.get(s.lane) ?? rowsOf.set(s.lane, []).get(s.lane)!;
    let row = ends.findIndex((end) => end <= s.start);
    if (row < 0) row = ends.length < MAX_ROWS ? ends.length : MAX_ROWS - 1;
    ends[row] = Math.max(ends[row] ?? 0, s.end);
    s.row = row;
  }
  markCriticalPath(spans);
  const lanes = [...rowsOf.keys()]
    .sort((a, b) => (LANE_ORDER.indexOf(a) + 1 || 99) - (LANE_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b))
    .map((id) => ({ id, label: laneLabel(id), rows: rowsOf.get(id)!.length }));
  const start = events[0]?.ts ?? 0;
  return { lanes, spans, start, end: Math.max(start + 1, last) };
}

/**
 * Marks the critical path: from the bar that ends last, back through the bar that ended last
 * before each one started (what it waited for). Sorting by end once makes each step a binary search.
 */
function markCriticalPath(spans: TimeSpan[]): void {
  if (!spans.length) return;
  const byEnd = [...spans].sort((a, b) => a.end - b.end);
  let i = byEnd.length - 1;
  let cur = byEnd[i]!;
  cur.critical = true;
  for (;;) {
    // The last bar ending at or before cur starts (1 ms of slack: events are stamped in ms).
    let lo = 0;
    let hi = i - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (byEnd[mid]!.end <= cur.start + 1) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Skip bars that started after cur did (they ended within its first millisecond).
    while (found >= 0 && byEnd[found]!.start >= cur.start && byEnd[found] !== cur) found--;
    if (found < 0) return;
    i = found;
    cur = byEnd[found]!;
    cur.critical = true;
  }
}
