import { structuredPatch } from 'diff';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { durationText } from '../../../src-shared/events/duration-text';
import { escapeHtml as esc } from './export-markdown';

type StartEvent = Extract<GlassboxEvent, { type: 'tool_execution_start' }>;
type EndEvent = Extract<GlassboxEvent, { type: 'tool_execution_end' }>;

/** Texts of the two sides of an edit above this size are not diffed in the export (noted instead). */
const MAX_DIFF_CHARS = 2_000_000;

/** What one call card of the export needs besides its events. */
export interface ExportCallContext {
  /** Escapes and redacts a value for the page. */
  text(v: unknown): string;
  /** Redacts a raw string (before it is diffed or escaped). */
  redact(s: string): string;
  withoutToolOutputs: boolean;
  /** The card's number in the page (the id of its toggle). */
  n: number;
}

/** A call's run time and its wait for approval, as far as the session recorded them. */
export interface CallTiming {
  /** The tool's own run time (the whole duration when no wait is known). */
  runMs: number | undefined;
  /** How long the call waited for a person's approval; undefined when it did not (or is unknown). */
  waitMs: number | undefined;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/**
 * Splits a call's duration into run time and approval wait. Files that record both say so
 * (`runMs` / `approvalWaitMs` on the end event); for older files the wait is the time between
 * the call's `approval_requested` and `approval_resolved`, and the run time what is left of
 * `durationMs`. A file with neither has one duration, shown as the run time.
 */
export function callTiming(end: EndEvent, waitFromEvents: number | undefined): CallTiming {
  const rec = end as EndEvent & { runMs?: unknown; approvalWaitMs?: unknown };
  const total = num(end.durationMs);
  // Files that record the wait apart (`waitMs`) already give the run time as `durationMs`.
  const recordedWait = num(end.waitMs);
  if (recordedWait !== undefined) return { runMs: total, waitMs: recordedWait > 0 ? recordedWait : undefined };
  const run = num(rec.runMs);
  const wait = num(rec.approvalWaitMs) ?? waitFromEvents;
  if (run !== undefined) return { runMs: run, waitMs: wait && wait > 0 ? wait : undefined };
  if (wait !== undefined && wait > 0 && total !== undefined && wait <= total) return { runMs: total - wait, waitMs: wait };
  return { runMs: total, waitMs: undefined };
}

/** The line the card's head shows for the arguments: a command, a path, a URL, else the JSON. */
function argsPreview(tool: string, args: unknown): string {
  if (args && typeof args === 'object') {
    const a = args as Record<string, unknown>;
    if (typeof a.command === 'string' && tool === 'bash') return a.command;
    if (tool === 'str_replace_editor' && typeof a.command === 'string' && typeof a.path === 'string') return `${a.command} ${a.path}`;
    for (const k of ['path', 'url', 'query', 'code', 'question', 'command']) if (typeof a[k] === 'string') return `${k}: ${a[k] as string}`;
  }
  const s = (typeof args === 'string' ? args : (JSON.stringify(args) ?? '')).replace(/\s+/g, ' ');
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
}

/** The file change an editor call recorded in its result (before and after), or null. */
function editChange(end: EndEvent): { path: string; before: string; after: string } | null {
  if (end.tool !== 'str_replace_editor' || end.blocked || end.result?.error) return null;
  const m = end.result?.metadata;
  if (!m || typeof m.path !== 'string' || m.command === 'view' || typeof m.before !== 'string' || typeof m.after !== 'string') return null;
  return { path: m.path, before: m.before, after: m.after };
}

/** An edit's changed lines with three lines around each change, as the window's diff shows them. */
function diffHtml(change: { path: string; before: string; after: string }, c: ExportCallContext): string {
  const before = c.redact(change.before);
  const after = c.redact(change.after);
  const head = `<div class="path">${c.text(change.path)}</div>`;
  if (before.length + after.length > MAX_DIFF_CHARS) return `<div class="diff" data-diff>${head}<div class="hunk">The file is too large to show its change here.</div></div>`;
  const patch = structuredPatch(change.path, change.path, before, after, '', '', { context: 3, timeout: 2000 });
  if (!patch) return `<div class="diff" data-diff>${head}<div class="hunk">The change was too large to diff here.</div></div>`;
  const lines: string[] = [];
  for (const h of patch.hunks) {
    lines.push(`<div class="hunk">@@ −${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@</div>`);
    for (const l of h.lines) {
      const kind = l[0] === '+' ? 'add' : l[0] === '-' ? 'del' : 'same';
      if (l[0] === '\\') continue; // "\ No newline at end of file"
      lines.push(`<span class="ln ${kind}">${kind === 'add' ? '+' : kind === 'del' ? '−' : ' '} ${esc(l.slice(1))}</span>`);
    }
  }
  if (!patch.hunks.length) lines.push('<div class="hunk">No change.</div>');
  return `<div class="diff" data-diff>${head}${lines.join('')}</div>`;
}

/** A call's status word, as the window's cards say it. */
export function callStatus(end: EndEvent): 'ok' | 'error' | 'blocked' {
  return end.blocked ? 'blocked' : end.result?.error ? 'error' : 'ok';
}

/**
 * A call whose tool has an MCP App view: a plain note that the view needs its server (the
 * export never carries the view's HTML or any script).
 */
function appViewNote(metadata: unknown, c: ExportCallContext): string {
  const v = (metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).mcpApp : undefined) as { server?: unknown; resourceUri?: unknown } | undefined;
  if (!v || typeof v.server !== 'string') return '';
  return `<div class="label" data-app-view>Interactive view (MCP App ${c.text(String(v.resourceUri ?? ''))} of server ${c.text(v.server)}): not included; it needs the server — open the session in Glassbox to see it.</div>`;
}

/**
 * One call as a folded card: a head (marker, tool, status, what it was asked, its run time and
 * any approval wait) that opens the body (the edit's diff, arguments, result). The toggle is a
 * visually hidden checkbox before the head, so the page folds without a script.
 */
export function callCardHtml(start: StartEvent | undefined, end: EndEvent, timing: CallTiming, c: ExportCallContext): string {
  const status = callStatus(end);
  const args = start ? (typeof start.args === 'string' ? start.args : JSON.stringify(start.args, null, 2)) : '';
  const result = [end.result?.output, end.result?.error ? `Error: ${String(end.result.error)}` : '', end.result?.system].filter(Boolean).map(String).join('\n');
  const run = durationText(timing.runMs);
  const time = [run ? `ran ${run}` : '', timing.waitMs !== undefined ? `waited ${durationText(timing.waitMs)} for approval` : ''].filter(Boolean).join(' · ');
  const source = start?.source && start.source !== 'builtin' ? ` · ${c.text(start.source)}` : '';
  // A diff shows the file's content: it goes where tool outputs go.
  const change = status === 'ok' && !c.withoutToolOutputs ? editChange(end) : null;
  const images = Array.isArray(end.result?.images) && end.result.images.length ? `<div class="label">${end.result.images.length} image(s) not included</div>` : '';
  return (
    `<div class="call" id="call-${esc(end.callId)}" data-call>` +
    `<input type="checkbox" class="toggle sr" id="t${c.n}" aria-label="Show the call's details">` +
    `<label class="call-head" for="t${c.n}"><span class="tool">${c.text(end.tool)}</span>` +
    `<span class="st st-${status}">${status === 'ok' ? 'done' : status}</span>` +
    `<span class="preview">${c.text(argsPreview(String(end.tool), start?.args))}</span>` +
    `<span class="time" data-time>${time}${source}</span></label>` +
    `<div class="call-body">` +
    (change ? diffHtml(change, c) : '') +
    `<div class="label">arguments</div><pre>${c.text(args)}</pre>` +
    (c.withoutToolOutputs ? `<div class="label">result</div><pre class="note">(tool output left out of this export)</pre>` : `<div class="label">result</div><pre>${c.text(result)}</pre>`) +
    images +
    appViewNote(end.result?.metadata, c) +
    `</div></div>`
  );
}
