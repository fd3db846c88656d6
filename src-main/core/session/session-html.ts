import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { addUsage, emptyTotals, formatUsage } from '../../../src-shared/events/model-usage';

/** Options of an HTML export. */
export interface SessionHtmlOptions {
  title: string;
  /** Leave tool outputs out (arguments, status and timing stay). */
  withoutToolOutputs?: boolean;
  /** Applied to every text that goes into the page (the session's secrets). */
  redact?: (text: string) => string;
}

/**
 * Escapes anything for HTML text and attribute values. Every value the page prints goes through
 * it, numbers too: a session file is data from disk (and usage comes from the model server), so
 * a "number" may be a string holding markup.
 */
const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A finite number as itself, anything else as 0 (for arithmetic on times). */
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The page's Content-Security-Policy: nothing loads from anywhere (inline styles and data: images
 * only), no script, no form submits, no base URL, no frames. With every value escaped nothing
 * can inject markup; this is the second wall.
 */
export const EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-src 'none'; frame-ancestors 'none'";

const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#6b7280;--line:#e5e7eb;--card:#f8fafc;--ok:#15803d;--err:#b91c1c;--warn:#b45309;--accent:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#0f1218;--fg:#e5e7eb;--muted:#9ca3af;--line:#272c36;--card:#161a22;--ok:#4ade80;--err:#f87171;--warn:#fbbf24;--accent:#60a5fa}}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
header{padding:16px 24px;border-bottom:1px solid var(--line)}h1{font-size:18px;margin:0 0 4px}
.meta{color:var(--muted);font-size:12px}main{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:24px;padding:16px 24px}
@media (max-width:900px){main{grid-template-columns:1fr}}
.msg{margin:0 0 12px;padding:10px 12px;border-radius:8px;border:1px solid var(--line);white-space:pre-wrap;word-break:break-word}
.thinking{margin:0 0 8px;padding:4px 10px;border-left:3px solid var(--line);color:var(--muted);white-space:pre-wrap;word-break:break-word;font-size:13px}
.thinking summary{cursor:pointer;font-size:12px}.redacted{font-style:italic;border:1px dashed var(--line);border-radius:4px;padding:0 4px}
.msg.user{background:var(--card)}.role{font-size:11px;text-transform:uppercase;color:var(--muted);display:block;margin-bottom:2px}
details.call{margin:0 0 12px;border:1px solid var(--line);border-radius:8px;background:var(--card)}
details.call summary{cursor:pointer;padding:8px 12px;display:flex;gap:8px;align-items:baseline}
.tool{font-family:ui-monospace,monospace;font-weight:600}.st-ok{color:var(--ok)}.st-error{color:var(--err)}.st-blocked{color:var(--warn)}
pre{margin:0;padding:8px 12px;border-top:1px solid var(--line);overflow:auto;font:12px/1.45 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}
.label{padding:6px 12px 0;font-size:11px;color:var(--muted);text-transform:uppercase}
aside h2{font-size:13px;text-transform:uppercase;color:var(--muted);margin:0 0 8px}
table{border-collapse:collapse;width:100%;font-size:12px}td,th{text-align:left;padding:3px 4px;border-bottom:1px solid var(--line)}
.tl-row{display:grid;grid-template-columns:110px 1fr;gap:6px;align-items:center;font-size:11px}.tl-row span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-family:ui-monospace,monospace;color:var(--muted)}
.lane{position:relative;height:14px;background:var(--card);border-radius:3px;margin:2px 0}
.bar{position:absolute;top:2px;height:10px;border-radius:2px;background:var(--accent);min-width:2px}.bar.model{background:var(--muted)}.bar.error{background:var(--err)}
.note{color:var(--muted);font-style:italic}
`;

/**
 * One self-contained HTML page of a session: the conversation with every tool call (arguments,
 * result, status, time; expandable like the inspector), the model turns' usage, and a timeline
 * of calls and model turns on real time. No script, no network: it opens from `file://`.
 */
/**
 * A call whose tool has an MCP App view: a plain note that the view needs its server (the
 * export never carries the view's HTML or any script).
 */
function appViewNote(metadata: unknown): string {
  const v = (metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).mcpApp : undefined) as { server?: unknown; resourceUri?: unknown } | undefined;
  if (!v || typeof v.server !== 'string') return '';
  return `<div class="label" data-app-view>Interactive view (MCP App ${esc(String(v.resourceUri ?? ''))} of server ${esc(v.server)}): not included; it needs the server — open the session in Glassbox to see it.</div>`;
}

export function sessionToHtml(events: GlassboxEvent[], opts: SessionHtmlOptions): string {
  const r = opts.redact ?? ((s: string) => s);
  const t = (s: unknown): string => esc(r(String(s ?? '')));
  const body: string[] = [];
  const totals = emptyTotals();
  const starts = new Map<string, Extract<GlassboxEvent, { type: 'tool_execution_start' }>>();
  const bars: { kind: 'call' | 'model' | 'error'; label: string; from: number; to: number }[] = [];
  const turnsTable: string[] = [];
  let modelFrom = 0;
  for (const e of events) {
    switch (e.type) {
      case 'message_end':
        if (e.role === 'assistant' && typeof e.thinking === 'string' && e.thinking.trim()) {
          // Folded like the window's; a redacted block reads as such, never as raw data.
          const shown = e.thinking.split('[redacted]').map(t).join('<span class="redacted">redacted by the provider</span>');
          body.push(`<details class="thinking" id="seq-${esc(e.seq)}-thinking"><summary>Thinking</summary><div>${shown}</div></details>`);
        }
        if ((e.role === 'user' || e.role === 'assistant') && typeof e.content === 'string' && e.content.trim()) {
          body.push(`<div class="msg ${e.role}" id="seq-${esc(e.seq)}"><span class="role">${e.role}</span>${t(e.content)}</div>`);
        }
        break;
      case 'tool_execution_start':
        starts.set(e.callId, e);
        break;
      case 'tool_execution_end': {
        const start = starts.get(e.callId);
        const status = e.blocked ? 'blocked' : e.result?.error ? 'error' : 'ok';
        const args = start ? (typeof start.args === 'string' ? start.args : JSON.stringify(start.args, null, 2)) : '';
        const result = [e.result?.output, e.result?.error ? `Error: ${String(e.result.error)}` : '', e.result?.system].filter(Boolean).map(String).join('\n');
        body.push(
          `<details class="call" id="call-${esc(e.callId)}"><summary><span class="tool">${t(e.tool)}</span>` +
            `<span class="st-${status}">${status}</span><span class="meta">${esc(e.durationMs)} ms · ${esc(start?.source ?? '')}</span></summary>` +
            `<div class="label">arguments</div><pre>${t(args)}</pre>` +
            (opts.withoutToolOutputs ? `<div class="label">result</div><pre class="note">(tool output left out of this export)</pre>` : `<div class="label">result</div><pre>${t(result)}</pre>`) +
            `${Array.isArray(e.result?.images) && e.result.images.length ? `<div class="label">${e.result.images.length} image(s) not included</div>` : ''}` +
            appViewNote(e.result?.metadata) +
            `</details>`,
        );
        bars.push({ kind: status === 'ok' ? 'call' : 'error', label: String(e.tool), from: num(e.ts) - num(e.durationMs), to: num(e.ts) });
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
              `<td>${typeof e.usage.costUsd === 'number' ? `$${e.usage.costUsd.toFixed(4)}` : 'unknown'}</td><td>${esc(e.usage.durationMs)} ms</td></tr>`,
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
  const t0 = num(events[0]?.ts);
  const t1 = Math.max(t0 + 1, num(events[events.length - 1]?.ts));
  const pct = (x: number): string => `${(((x - t0) / (t1 - t0)) * 100).toFixed(2)}%`;
  const timeline = bars
    .map(
      (b) =>
        `<div class="tl-row" title="${t(b.label)}: ${esc(b.to - b.from)} ms"><span>${t(b.label)}</span>` +
        `<div class="lane"><div class="bar ${b.kind === 'call' ? '' : b.kind}" style="left:${pct(b.from)};width:${pct(t0 + Math.max(0, b.to - b.from))}"></div></div></div>`,
    )
    .join('');
  const when = t0 && Math.abs(t0) <= 8.64e15 ? new Date(t0).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}"><meta name="referrer" content="no-referrer">
<title>${t(opts.title)} — Glassbox session</title><style>${CSS}</style></head>
<body><header><h1>${t(opts.title)}</h1><div class="meta">${esc(when)} · ${esc(events.length)} events · ${starts.size} tool call${starts.size === 1 ? '' : 's'} · ${esc(formatUsage(totals))}${opts.withoutToolOutputs ? ' · tool outputs left out' : ''}</div></header>
<main><section aria-label="Conversation">${body.join('\n') || '<p class="note">Nothing recorded.</p>'}</section>
<aside><h2>Usage</h2><table><thead><tr><th>turn</th><th>model</th><th>in</th><th>out</th><th>cost</th><th>time</th></tr></thead><tbody>${turnsTable.join('')}</tbody></table>
<h2 style="margin-top:16px">Timeline</h2>${timeline || '<p class="note">No calls.</p>'}</aside></main>
<footer class="meta" style="padding:8px 24px">Exported by Glassbox. Secrets known to the exporting machine are redacted.</footer></body></html>
`;
}
