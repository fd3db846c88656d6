import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { durationText } from '../../../src-shared/events/duration-text';
import { addUsage, emptyTotals, formatUsage } from '../../../src-shared/events/model-usage';
import { callCardHtml, callStatus, callTiming } from './export-call';
import { escapeHtml as esc, exportMarkdown } from './export-markdown';
import { EXPORT_CSS } from './export-style';

/** Options of an HTML export. */
export interface SessionHtmlOptions {
  title: string;
  /** Leave tool outputs out (arguments, status and timing stay). */
  withoutToolOutputs?: boolean;
  /** Applied to every text that goes into the page (the session's secrets). */
  redact?: (text: string) => string;
}

/** A finite number as itself, anything else as 0 (for arithmetic on times). */
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The page's Content-Security-Policy: nothing loads from anywhere (inline styles and data: images
 * only), no script at all, no form submits, no base URL, no frames. The page is built so that no
 * value can become markup; this is the second wall.
 */
export const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-src 'none'; frame-ancestors 'none'";

interface Bar {
  kind: 'call' | 'model' | 'error';
  label: string;
  from: number;
  to: number;
  /** The part of a call spent waiting for approval (drawn apart). */
  waitMs?: number;
  /** The call card's toggle id: clicking the row opens the card. */
  toggle?: string;
}

/**
 * One self-contained HTML page of a session, a viewer as Inspect AI's log viewer is: the
 * conversation with messages rendered from Markdown (safely: see export-markdown.ts), the
 * model's thinking folded, every tool call as a folded card (a visible marker; *Expand all* in
 * the header) holding its edit diff, arguments and result, durations in human units with the
 * approval wait apart from the run time, the model turns' usage, and a timeline whose rows open
 * their call. No script, no network: it opens from `file://`, and every value is escaped (a
 * session file is data from disk; usage comes from the model server) and redacted.
 */
export function sessionToHtml(events: GlassboxEvent[], opts: SessionHtmlOptions): string {
  const r = opts.redact ?? ((s: string) => s);
  const t = (s: unknown): string => esc(r(String(s ?? '')));
  const body: string[] = [];
  const totals = emptyTotals();
  const starts = new Map<string, Extract<GlassboxEvent, { type: 'tool_execution_start' }>>();
  // Approval waits per call, from the request and its answer (files written before the end
  // event carried the wait itself).
  const asked = new Map<string, { callId: string; ts: number }>();
  const waits = new Map<string, number>();
  const bars: Bar[] = [];
  const turnsTable: string[] = [];
  let modelFrom = 0;
  let cards = 0;
  for (const e of events) {
    switch (e.type) {
      case 'message_end':
        if (e.role === 'assistant' && typeof e.thinking === 'string' && e.thinking.trim()) {
          // Folded like the window's; a redacted block reads as such, never as raw data.
          const shown = e.thinking.split('[redacted]').map(t).join('<span class="redacted">redacted by the provider</span>');
          body.push(`<details class="thinking" id="seq-${esc(e.seq)}-thinking"><summary>Thinking</summary><div>${shown}</div></details>`);
        }
        if ((e.role === 'user' || e.role === 'assistant') && typeof e.content === 'string' && e.content.trim()) {
          body.push(`<div class="msg ${e.role}" id="seq-${esc(e.seq)}"><span class="role">${e.role}</span><div class="md">${exportMarkdown(r(e.content))}</div></div>`);
        }
        break;
      case 'approval_requested':
        if (typeof e.callId === 'string') asked.set(String(e.requestId), { callId: e.callId, ts: num(e.ts) });
        break;
      case 'approval_resolved': {
        const q = asked.get(String(e.requestId));
        if (q) waits.set(q.callId, (waits.get(q.callId) ?? 0) + Math.max(0, num(e.ts) - q.ts));
        break;
      }
      case 'tool_execution_start':
        starts.set(e.callId, e);
        break;
      case 'tool_execution_end': {
        const start = starts.get(e.callId);
        const timing = callTiming(e, waits.get(e.callId));
        const n = ++cards;
        body.push(callCardHtml(start, e, timing, { text: t, redact: r, withoutToolOutputs: opts.withoutToolOutputs === true, n }));
        const status = callStatus(e);
        const end = num(e.ts);
        bars.push({ kind: status === 'ok' ? 'call' : 'error', label: r(String(e.tool)), from: end - num(e.durationMs), to: end, ...(timing.waitMs ? { waitMs: timing.waitMs } : {}), toggle: `t${n}` });
        break;
      }
      case 'model_request':
        modelFrom = num(e.ts);
        break;
      case 'model_response':
        addUsage(totals, e.usage);
        if (e.usage) {
          turnsTable.push(
            `<tr><td>${esc(e.step)}</td><td>${esc(e.model ?? '')}</td><td>${e.usage.estimated ? '~' : ''}${esc(e.usage.inputTokens)}</td><td>${esc(e.usage.outputTokens)}</td>` +
              `<td>${typeof e.usage.costUsd === 'number' ? `$${e.usage.costUsd.toFixed(4)}` : 'unknown'}</td><td>${esc(durationText(e.usage.durationMs))}</td></tr>`,
          );
        }
        bars.push({ kind: 'model', label: `model turn ${String(e.step)}`, from: modelFrom || num(e.ts), to: num(e.ts) });
        break;
      case 'agent_end':
        if (e.reason !== 'finished') body.push(`<div class="msg note">Run ended: ${esc(e.reason)}${e.error ? ` — ${t(e.error)}` : ''}</div>`);
        break;
      default:
        break;
    }
  }
  const when = num(events[0]?.ts) && Math.abs(num(events[0]?.ts)) <= 8.64e15 ? new Date(num(events[0]?.ts)).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '';
  const span = events.length > 1 ? durationText(num(events[events.length - 1]?.ts) - num(events[0]?.ts)) : '';
  const calls = `${starts.size} tool call${starts.size === 1 ? '' : 's'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}"><meta name="referrer" content="no-referrer">
<title>${t(opts.title)} — Glassbox session</title><style>${EXPORT_CSS}</style></head>
<body><input type="checkbox" id="expand-all" class="sr" aria-label="Expand every call">
<header><div class="titles"><h1>${t(opts.title)}</h1><div class="meta">${esc([when, span && `lasted ${span}`, `${events.length} events`, calls, formatUsage(totals), opts.withoutToolOutputs ? 'tool outputs left out' : ''].filter(Boolean).join(' · '))}</div></div>
<div class="toolbar">${cards ? '<label class="btn expand-label" for="expand-all" data-expand-all></label>' : ''}</div></header>
<main><section aria-label="Conversation">${body.join('\n') || '<p class="note">Nothing recorded.</p>'}</section>
<aside><h2>Usage</h2><table class="usage"><thead><tr><th>turn</th><th>model</th><th>in</th><th>out</th><th>cost</th><th>time</th></tr></thead><tbody>${turnsTable.join('')}</tbody></table>
<h2 style="margin-top:16px">Timeline</h2>${timelineHtml(bars, events) || '<p class="note">No calls.</p>'}</aside></main>
<footer class="meta">Exported by Glassbox. Secrets known to the exporting machine are redacted. This page runs no script and loads nothing.</footer></body></html>
`;
}

/** The calls and model turns on real time; a call's row opens its card (its label toggles it). */
function timelineHtml(bars: Bar[], events: GlassboxEvent[]): string {
  if (!bars.length) return '';
  // Loops, not Math.min(...bars): a long session has more bars than a call may take arguments.
  let t0 = num(events[0]?.ts);
  let t1 = num(events[events.length - 1]?.ts);
  for (const b of bars) {
    if (b.from < t0) t0 = b.from;
    if (b.to > t1) t1 = b.to;
  }
  t1 = Math.max(t0 + 1, t1);
  const pct = (x: number): string => `${((x / (t1 - t0)) * 100).toFixed(2)}%`;
  const rows = bars.map((b) => {
    const len = Math.max(0, b.to - b.from);
    const wait = b.waitMs ? Math.min(b.waitMs, len) : 0;
    const title = `${b.label}: ${durationText(len - wait)}${wait ? `, waited ${durationText(wait)} for approval` : ''}`;
    const lane =
      `<div class="lane">` +
      (wait ? `<div class="bar wait" style="left:${pct(b.from - t0)};width:${pct(wait)}"></div>` : '') +
      `<div class="bar ${b.kind === 'call' ? '' : b.kind}" style="left:${pct(b.from - t0 + wait)};width:${pct(len - wait)}"></div></div>`;
    const tag = b.toggle ? 'label' : 'div';
    return `<${tag} class="tl-row"${b.toggle ? ` for="${b.toggle}"` : ''} title="${esc(title)}"><span>${esc(b.label)}</span>${lane}</${tag}>`;
  });
  return `<div class="tl">${rows.join('')}</div>`;
}
