import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatUsage } from '../../../src-shared/events/model-usage';
import { loadConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import { SearchIndex, type SearchHit, type SessionCard } from '../../core/search/search-index';
import { parseSearchQuery, QueryError } from '../../core/search/query';
import { collectSecrets } from '../../core/secrets/config-secrets';
import { SecretRedactor } from '../../core/secrets/redactor';
import { sessionToHtml } from '../../core/session/session-html';
import { resolveTelemetry, type TelemetrySettings } from '../../core/telemetry/config';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { SessionStore } from '../../core/session/store';
import { isValidSessionId } from '../../core/config/paths';
import { parseCliArgs, runSubcommand } from '../args';
import { forkSession } from './sessions-fork-command';
import { diffSessionsCommand } from './sessions-diff-command';
import { EXIT, println, UsageError, type CliIO } from '../io';

const USAGE = `Usage:
  glassbox sessions list [--json]
  glassbox sessions search QUERY [--json] [--limit N]
  glassbox sessions export ID --html FILE [--without-tool-outputs]
  glassbox sessions export ID --otlp
  glassbox sessions fork ID --at SEQ [--message TEXT | --result TEXT | --args JSON | --model M] [--recorded] [--json]
  glassbox sessions diff A B [--json]

list    saved sessions, newest first: id, title, created, updated, events, tokens and cost.
search  every saved session's messages, tool arguments and results. Words and "phrases" must
        all appear in one item (any case); filters: tool:NAME (globs: tool:mcp_*) server:ID
        status:ok|error|blocked dur:>500ms cost:>0.01 after:2026-11-30 before:2026-12-01.
export  one self-contained HTML file (no network; opens from file://), secrets redacted; or,
        with --otlp, the session's spans to the OpenTelemetry collector configured
        (OTEL_EXPORTER_OTLP_ENDPOINT or config telemetry.otlp), into the session's trace.
fork    a new session from one step of a session with one thing changed, run on from there.
diff    two sessions aligned step by step, with the first step where they differ.
Exit 0 (also when nothing matches); 1 when spans could not be sent; 2 on a bad query, an
unknown session, no collector configured or a usage error. fork exits as run does; diff 0
when the same, 1 when they differ. --help after each for more.`;

/** `glassbox sessions list|search|export`. */
export function sessionsCommand(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(argv, io, USAGE, { list: listSessions, search: searchSessions, export: exportSession, fork: forkSession, diff: diffSessionsCommand });
}

function openIndex(io: CliIO): SearchIndex {
  const paths = glassboxPaths(io.env);
  const index = new SearchIndex(paths.sessions, join(paths.state, 'search'));
  index.refresh();
  return index;
}

/** A renamed session's title lives in `<id>.meta.json`. */
function titleOf(io: CliIO, s: SessionCard): string {
  const meta = join(glassboxPaths(io.env, false).sessions, `${s.id}.meta.json`);
  try {
    if (existsSync(meta)) return (JSON.parse(readFileSync(meta, 'utf8')) as { title?: string }).title || s.title || 'Untitled session';
  } catch {
    // an unreadable meta file: the recorded title
  }
  return s.title || 'Untitled session';
}

const day = (ts: number): string => (ts ? new Date(ts).toISOString().replace('T', ' ').slice(0, 16) : '');

async function listSessions(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: false }, USAGE);
  if (values.help) return help(io);
  const list = openIndex(io)
    .list()
    // Conversations only: files of `tools call`, `tools list` and `replay` (no task) are no sessions.
    .filter((s) => s.conversation)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((s) => ({ id: s.id, title: titleOf(io, s), createdAt: s.createdAt, updatedAt: s.updatedAt, events: s.eventCount, usage: s.usage, ...(s.parent ? { parent: s.parent, forkedAt: s.forkedAt } : {}) }));
  if (values.json) {
    println(io.stdout, JSON.stringify(list, null, 2));
    return EXIT.OK;
  }
  if (!list.length) println(io.stderr, 'No saved sessions yet.');
  for (const s of list) {
    const fork = s.parent ? `\n  fork of ${s.parent} at step ${s.forkedAt}` : '';
    println(io.stdout, `${s.id}  ${day(s.updatedAt)}  ${s.events} events  ${s.usage.turns ? formatUsage(s.usage) : 'no model turns'}\n  ${s.title}${fork}`);
  }
  return EXIT.OK;
}

async function searchSessions(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs(
    { args: argv, options: { json: { type: 'boolean' }, limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true },
    USAGE,
  );
  if (values.help) return help(io);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer (got '${values.limit}')`);
  let query;
  try {
    query = parseSearchQuery(positionals.join(' '));
  } catch (err) {
    if (err instanceof QueryError) throw new UsageError(err.message);
    throw err;
  }
  const hits = openIndex(io).search(query, limit);
  if (values.json) {
    println(io.stdout, JSON.stringify(hits, null, 2));
    return EXIT.OK;
  }
  if (!hits.length) println(io.stderr, 'No matches.');
  for (const h of hits) println(io.stdout, formatHit(h));
  return EXIT.OK;
}

function formatHit(h: SearchHit): string {
  const what = h.kind === 'call' ? `${h.tool}${h.status ? ` ${h.status}` : ''}${h.durationMs !== undefined ? ` ${h.durationMs} ms` : ''}` : h.kind === 'model' ? `model turn $${h.costUsd?.toFixed(4)}` : h.kind;
  return `${h.session}#${h.seq}  ${day(h.ts)}  ${what}  — ${h.title}\n  ${h.snippet}`;
}

async function exportSession(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs(
    { args: argv, options: { html: { type: 'string' }, otlp: { type: 'boolean' }, 'without-tool-outputs': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true },
    USAGE,
  );
  if (values.help) return help(io);
  const [id, extra] = positionals;
  if (!id || extra) throw new UsageError(`export takes one session id\n\n${USAGE}`);
  if (!values.html === !values.otlp) throw new UsageError('export needs one of --html FILE or --otlp');
  const paths = glassboxPaths(io.env);
  const store = new SessionStore(paths.sessions);
  if (!isValidSessionId(id) || !store.exists(id)) throw new UsageError(`no saved session '${id}' in ${store.dir}`);
  const { events } = store.load(id);
  const config = loadConfig(paths, io.cwd).config;
  // Session files are redacted when written; this pass also covers secrets configured since.
  const redactor = new SecretRedactor(collectSecrets(config, io.env));
  if (values.otlp) return exportOtlp(id, events, resolveTelemetry(config, io.env), redactor, io);
  if (!values.html) throw new UsageError('export needs --html FILE');
  const html = sessionToHtml(events, {
    title: store.summary(id)?.title ?? id,
    withoutToolOutputs: values['without-tool-outputs'] === true,
    redact: (t) => redactor.redact(t),
  });
  const out = resolve(io.cwd, values.html);
  writeFileSync(out, html, { mode: 0o600 });
  println(io.stderr, `Wrote ${out} (${Math.round(html.length / 1024)} kB).`);
  return EXIT.OK;
}

/** `sessions export ID --otlp`: the session's spans to the configured collector. */
async function exportOtlp(id: string, events: GlassboxEvent[], settings: TelemetrySettings, redactor: SecretRedactor, io: CliIO): Promise<number> {
  if (!settings.otlp) throw new UsageError('--otlp needs a collector: set OTEL_EXPORTER_OTLP_ENDPOINT (or config telemetry.otlp.endpoint)');
  const { exportRecordedSession } = await import('../../core/telemetry/session-otlp-export');
  const r = await exportRecordedSession(id, events, settings, (e) => (redactor.active ? redactor.redactValue(e) : e));
  const url = settings.traceUrl?.replaceAll('{traceId}', r.traceId);
  const lost = r.spans - r.counts.exported;
  println(io.stderr, `Exported ${r.counts.exported} of ${r.spans} span(s) of session ${id} to ${settings.otlp.url}: trace ${r.traceId}${url ? ` ${url}` : ''}${lost ? ` (${lost} not sent: the collector refused them or did not answer)` : ''}`);
  return lost || !r.complete ? EXIT.FAILED : EXIT.OK;
}

function help(io: CliIO): number {
  println(io.stdout, USAGE);
  return EXIT.OK;
}
