import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import type { ToolResultRecord } from '../../../../src-shared/events/tool-result';
import { plural } from '../../../../src-shared/text/plural';

/** What kind of moment an entry is; the timeline filters by these. */
export type TimelineCategory = 'user' | 'model' | 'tool' | 'edit' | 'terminal' | 'approval' | 'mcp' | 'other';

export const TIMELINE_CATEGORIES: readonly TimelineCategory[] = ['user', 'model', 'tool', 'edit', 'terminal', 'approval', 'mcp', 'other'];

/** One point of the timeline. */
export interface TimelineEntry {
  /** Position in the full (unfiltered) timeline. */
  index: number;
  seq: number;
  ts: number;
  category: TimelineCategory;
  title: string;
  /** Text shown for the entry (message content, tool output, decision…). */
  detail: string;
  /** The tool call this entry belongs to, for "show in chat". */
  callId?: string;
  tool?: string;
  args?: unknown;
  /** For edits: the file before and after. */
  edit?: { path: string; before: string; after: string };
  /** For calls that re-ran a recorded one. */
  replayOf?: string;
}

function resultText(r: ToolResultRecord): string {
  const parts: string[] = [];
  if (r.output) parts.push(r.output);
  if (r.error) parts.push(`Error: ${r.error}`);
  if (r.system) parts.push(`[system] ${r.system}`);
  if (r.images.length) parts.push(`[${plural(r.images.length, 'image')}]`);
  return parts.join('\n');
}

function oneLine(s: string, max = 90): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function argsSummary(tool: string, args: unknown): string {
  if (args && typeof args === 'object') {
    const a = args as Record<string, unknown>;
    if (tool === 'bash' && typeof a.command === 'string') return a.command;
    if (typeof a.path === 'string') return `${typeof a.command === 'string' ? `${a.command} ` : ''}${a.path}`;
  }
  return JSON.stringify(args ?? {});
}

/**
 * Turns a recorded session's events into timeline entries: model turns, user messages, tool
 * calls (edits and shell commands told apart), approvals and dialogs, MCP changes. Streaming
 * deltas and model request bodies are left out: they repeat what the turn's end says. Pure.
 */
export function buildTimeline(events: readonly GlassboxEvent[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  const starts = new Map<string, Extract<GlassboxEvent, { type: 'tool_execution_start' }>>();
  const ended = new Set<string>();
  let lastTask: string | undefined;
  const push = (e: GlassboxEvent, category: TimelineCategory, title: string, detail: string, extra: Partial<TimelineEntry> = {}): void => {
    out.push({ index: out.length, seq: e.seq, ts: e.ts, category, title, detail, ...extra });
  };
  for (const e of events) {
    switch (e.type) {
      case 'agent_start':
        lastTask = e.task;
        push(e, 'user', `Task: ${oneLine(e.task)}`, e.task);
        break;
      case 'agent_end':
        push(e, 'other', `Run ended: ${e.reason}`, e.error ?? e.reason);
        break;
      case 'message_end':
        if (e.role === 'assistant') {
          const calls = e.toolCalls ?? [];
          const what = e.content.trim() ? oneLine(e.content) : calls.length ? `calls ${calls.map((c) => c.name).join(', ')}` : '(empty)';
          push(e, 'model', `Model: ${what}`, [e.thinking ? `Thinking:\n${e.thinking}\n` : '', e.content, ...calls.map((c) => `→ ${c.name}(${c.arguments})`)].filter(Boolean).join('\n'));
        } else if (e.role === 'user' && e.content !== lastTask) {
          // The task's own user message repeats the agent_start entry; other user messages show.
          push(e, 'user', `User: ${oneLine(e.content)}`, e.content);
        }
        break;
      case 'tool_execution_start':
        starts.set(e.callId, e);
        break;
      case 'tool_execution_end': {
        ended.add(e.callId);
        const start = starts.get(e.callId);
        const args = start?.args;
        const text = resultText(e.result);
        const status = e.blocked ? 'blocked' : e.result.error ? 'error' : 'ok';
        const extra: Partial<TimelineEntry> = { callId: e.callId, tool: e.tool, args, ...(e.replayOf ? { replayOf: e.replayOf } : {}) };
        const meta = e.result.metadata;
        const replay = e.replayOf ? ' (replay)' : '';
        if (e.tool === 'str_replace_editor' && meta && typeof meta.path === 'string' && typeof meta.command === 'string' && meta.command !== 'view' && status === 'ok') {
          const before = typeof meta.before === 'string' ? meta.before : '';
          const after = typeof meta.after === 'string' ? meta.after : '';
          push(e, 'edit', `Edit ${meta.command} ${meta.path}${replay}`, text, { ...extra, edit: { path: meta.path, before, after } });
        } else if (e.tool === 'bash') {
          push(e, 'terminal', `$ ${oneLine(argsSummary(e.tool, args), 80)} · ${status}${replay}`, text, extra);
        } else {
          push(e, 'tool', `${e.tool} ${oneLine(argsSummary(e.tool, args), 60)} · ${status}${replay}`, text, extra);
        }
        break;
      }
      case 'approval_requested':
        push(e, 'approval', `Approval asked: ${e.tool}`, JSON.stringify(e.args, null, 2) + (e.reasons?.length ? `\n\n${e.reasons.join('\n')}` : ''), { callId: e.callId, tool: e.tool, args: e.args });
        break;
      case 'approval_resolved':
        push(e, 'approval', `Approval: ${e.decision} (by ${e.by})`, `${e.decision} by ${e.by}`, { callId: e.callId });
        break;
      case 'human_input_requested':
        push(e, 'user', `Question: ${oneLine(e.question)}`, e.question);
        break;
      case 'human_input_resolved':
        push(e, 'user', `Answer: ${oneLine(e.answer ?? `(${e.action ?? 'none'})`)}`, e.answer ?? '');
        break;
      case 'mcp_server_status':
        push(e, 'mcp', `MCP ${e.server}: ${e.status}`, e.error ?? e.status);
        break;
      case 'mcp_tools_changed':
        push(e, 'mcp', `MCP ${e.server}: tools changed`, `added: ${e.added.join(', ') || '—'}\nremoved: ${e.removed.join(', ') || '—'}`);
        break;
      case 'compaction_end':
        push(e, 'other', `Context compacted ${e.before} → ${e.after} tokens`, '');
        break;
      case 'log':
        if (e.level === 'warn' || e.level === 'error') push(e, 'other', `${e.level}: ${oneLine(e.message)}`, e.message);
        break;
      default:
        break;
    }
  }
  // A call that never ended (the run was killed) still shows, as unfinished.
  for (const [callId, s] of starts) {
    if (ended.has(callId)) continue;
    out.push({ index: 0, seq: s.seq, ts: s.ts, category: s.tool === 'bash' ? 'terminal' : 'tool', title: `${s.tool === 'bash' ? '$' : s.tool} ${oneLine(argsSummary(s.tool, s.args), 60)} · unfinished`, detail: '', callId, tool: s.tool, args: s.args });
  }
  out.sort((a, b) => a.seq - b.seq);
  out.forEach((entry, i) => (entry.index = i));
  return out;
}

/** Entries whose category is shown. */
export function filterTimeline(entries: readonly TimelineEntry[], shown: ReadonlySet<TimelineCategory>): TimelineEntry[] {
  return entries.filter((e) => shown.has(e.category));
}

/** How many entries of each category happened up to and including `position`. */
export function countsUpTo(entries: readonly TimelineEntry[], position: number): Record<TimelineCategory, number> {
  const counts = Object.fromEntries(TIMELINE_CATEGORIES.map((c) => [c, 0])) as Record<TimelineCategory, number>;
  for (let i = 0; i <= position && i < entries.length; i++) counts[entries[i]!.category]++;
  return counts;
}

/** Clamps a scrub position into the list. */
export function clampPosition(position: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(0, Math.round(position)), length - 1);
}
