import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { parseEventLine } from '../../../src-shared/events/event-line';
import { writeFileAtomic } from '../config/atomic-write';
import { readAt } from '../config/read-at';
import { isValidSessionId } from '../config/paths';
import { passes, type SearchQuery } from './query';
import { emptySession, indexEvents, openCalls, wordsOf, type IndexedSession, type SearchDoc } from './session-docs';

/** Bumped when the stored shape changes: an index of another version is rebuilt. */
const INDEX_VERSION = 4;
const HEAD_BYTES = 256;
const CATALOG = 'catalog.json';
/** Lines indexed between two yields of an async refresh (a few milliseconds of work). */
const SLICE_LINES = 2000;

/** One search hit: where it is and a snippet around the first match. */
export interface SearchHit {
  session: string;
  title: string;
  seq: number;
  ts: number;
  kind: SearchDoc['kind'];
  tool?: string;
  server?: string;
  callId?: string;
  status?: SearchDoc['status'];
  /** A call's own run time (ms), without its approval wait. */
  durationMs?: number;
  /** A call's approval wait (ms), when one was asked. */
  waitMs?: number;
  costUsd?: number;
  snippet: string;
}

/** What `refresh` did, for the bench and for tests. */
export interface RefreshStats {
  sessions: number;
  /** Files read from the start (new, rewritten, or their entry was missing/stale). */
  indexed: number;
  /** Files that had grown and were read from where the index stopped. */
  extended: number;
  removed: number;
}

/** A session as the catalog keeps it: everything but the items' text. */
export type SessionCard = Omit<IndexedSession, 'text' | 'docs'>;
type Body = Pick<IndexedSession, 'text' | 'docs'>;

/**
 * A search index over the session files in one folder, kept beside them in
 * `$GLASSBOX_HOME/state/search/`: a catalog (per session: title, times, usage and its distinct
 * words) and one file per session with its items' text, read only when the session's words can
 * match the query. Session files only ever grow, so `refresh` reads just what was appended since
 * the last time (a file that shrank or whose first bytes changed is read again from the start);
 * a missing, damaged or older-version index is rebuilt from the session files. Each message,
 * call and model turn keeps its first MAX_DOC_CHARS characters.
 */
export class SearchIndex {
  private readonly cards = new Map<string, SessionCard>();
  private readonly bodies = new Map<string, Body & { lower?: string }>();
  private readonly changed = new Set<string>();
  private catalogChanged = false;

  constructor(
    private readonly sessionsDir: string,
    private readonly indexDir: string,
  ) {
    try {
      const stored = JSON.parse(readFileSync(join(indexDir, CATALOG), 'utf8')) as { version?: number; sessions?: SessionCard[] };
      if (stored.version === INDEX_VERSION && Array.isArray(stored.sessions)) for (const c of stored.sessions) this.cards.set(c.id, c);
    } catch {
      // No catalog yet, or a torn one: it is only a cache, rebuilt from the session files.
    }
  }

  /** Brings the index up to date with the session files; saves what changed. */
  refresh(): RefreshStats {
    const steps = this.refreshSteps();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * `refresh` for a host that must keep answering: the event loop is served between slices of a
   * file's lines (a long session read for the first time takes seconds). Callers must not run
   * two at once on one index (InsightsBridge shares one run).
   */
  async refreshAsync(): Promise<RefreshStats> {
    const steps = this.refreshSteps();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      await new Promise<void>((done) => setImmediate(done));
    }
  }

  private *refreshSteps(): Generator<void, RefreshStats> {
    const stats: RefreshStats = { sessions: 0, indexed: 0, extended: 0, removed: 0 };
    const ids = existsSync(this.sessionsDir)
      ? readdirSync(this.sessionsDir).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -'.jsonl'.length)).filter(isValidSessionId)
      : [];
    const present = new Set(ids);
    for (const id of [...this.cards.keys()]) {
      if (present.has(id)) continue;
      this.cards.delete(id);
      this.bodies.delete(id);
      rmSync(this.bodyPath(id), { force: true });
      this.catalogChanged = true;
      stats.removed++;
    }
    for (const id of ids) {
      const r = yield* this.refreshOneSteps(id);
      if (r === 'indexed') stats.indexed++;
      else if (r === 'extended') stats.extended++;
    }
    stats.sessions = this.cards.size;
    this.save();
    return stats;
  }

  /** Every indexed session without its text (call `refresh` first). */
  list(): SessionCard[] {
    return [...this.cards.values()];
  }

  /** Hits for a query, newest first, at most `limit`. */
  search(q: SearchQuery, limit = 50): SearchHit[] {
    const hits: SearchHit[] = [];
    const needed = q.terms.flatMap(wordsOf);
    for (const card of [...this.cards.values()]) { // a snapshot: rebuild() re-inserts a card
      if (!needed.every((w) => card.words.includes(w))) continue;
      if (q.before !== undefined && card.createdAt >= q.before) continue;
      if (q.after !== undefined && card.updatedAt < q.after) continue;
      const body = this.body(card.id) ?? this.rebuild(card.id);
      if (!body) continue;
      const lower = (body.lower ??= body.text.toLowerCase());
      const seenCalls = new Set<string>(); // a call whose result came in a later batch has two items: one hit
      for (const d of candidates(body.docs, lower, q.terms)) {
        if (!matchesFilters(d, q)) continue;
        if (!q.terms.every((t) => includesWithin(lower, t, d.start, d.end))) continue;
        if (d.callId) {
          if (seenCalls.has(d.callId)) continue;
          seenCalls.add(d.callId);
        }
        hits.push(hitOf(card, body.text, d, lower, q.terms[0]));
      }
    }
    hits.sort((a, b) => b.ts - a.ts || b.seq - a.seq);
    return hits.slice(0, limit);
  }

  private bodyPath(id: string): string {
    return join(this.indexDir, `${id}.json`);
  }

  /** A session's items, read from its index file on first use; undefined when that file is unusable. */
  private body(id: string): (Body & { lower?: string }) | undefined {
    let b = this.bodies.get(id);
    if (b) return b;
    try {
      const stored = JSON.parse(readFileSync(this.bodyPath(id), 'utf8')) as Body & { version?: number };
      if (stored.version !== INDEX_VERSION || typeof stored.text !== 'string' || !Array.isArray(stored.docs)) return undefined;
      b = { text: stored.text, docs: stored.docs };
      this.bodies.set(id, b);
      return b;
    } catch {
      return undefined;
    }
  }

  /** Reads a session again from the start when its index file is missing or damaged. */
  private rebuild(id: string): (Body & { lower?: string }) | undefined {
    this.cards.delete(id);
    try {
      this.refreshOne(id);
    } catch {
      return undefined; // the session file went away meanwhile
    }
    this.save();
    return this.bodies.get(id);
  }

  private refreshOne(id: string): 'same' | 'indexed' | 'extended' {
    const steps = this.refreshOneSteps(id);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /** Indexes what was appended to one session file, yielding between slices of its lines. */
  private *refreshOneSteps(id: string): Generator<void, 'same' | 'indexed' | 'extended'> {
    const fd = openSync(join(this.sessionsDir, `${id}.jsonl`), 'r');
    try {
      const size = fstatSync(fd).size;
      const card = this.cards.get(id);
      const head = readAt(fd, 0, Math.min(HEAD_BYTES, size)).toString('utf8');
      if (card && card.bytes === size && card.head === head.slice(0, card.head.length)) return 'same';
      const body = card && size >= card.bytes && head.startsWith(card.head) ? this.body(id) : undefined;
      const s: IndexedSession = card && body ? { ...card, ...body } : emptySession(id);
      const chunk = readAt(fd, s.bytes, size - s.bytes);
      const lastNewline = chunk.lastIndexOf(0x0a);
      if (lastNewline < 0 && card && body) return 'same'; // only a line still being written
      const lines = chunk.subarray(0, Math.max(0, lastNewline)).toString('utf8').split('\n');
      const open = openCalls(s);
      for (let from = 0; from < lines.length; from += SLICE_LINES) {
        const events: GlassboxEvent[] = [];
        for (const line of lines.slice(from, from + SLICE_LINES)) {
          if (!line.trim()) continue;
          const e = parseEventLine(line);
          if (e) events.push(e); // else a damaged line: the session file reader reports it; search skips it
        }
        indexEvents(s, events, open);
        if (from + SLICE_LINES < lines.length) yield;
      }
      s.bytes += lastNewline + 1;
      s.head = head;
      s.words = [...new Set(wordsOf(s.text))].join(' ');
      const { text, docs, ...rest } = s;
      this.cards.set(id, rest);
      this.bodies.set(id, { text, docs });
      this.changed.add(id);
      this.catalogChanged = true;
      return card && body ? 'extended' : 'indexed';
    } finally {
      closeSync(fd);
    }
  }

  private save(): void {
    if (!this.catalogChanged) return;
    mkdirSync(this.indexDir, { recursive: true, mode: 0o700 });
    for (const id of this.changed) {
      const b = this.bodies.get(id);
      if (b) writeFileAtomic(this.bodyPath(id), JSON.stringify({ version: INDEX_VERSION, text: b.text, docs: b.docs }), 0o600);
    }
    // Written last: a crash in between leaves a catalog that points at older bodies, which refresh re-reads.
    writeFileAtomic(join(this.indexDir, CATALOG), JSON.stringify({ version: INDEX_VERSION, sessions: [...this.cards.values()] }), 0o600);
    this.changed.clear();
    this.catalogChanged = false;
  }
}

/** The items that contain the first term (found with indexOf over the session's whole text), or all. */
function candidates(docs: SearchDoc[], lower: string, terms: string[]): SearchDoc[] {
  if (!terms.length) return docs;
  const out: SearchDoc[] = [];
  const first = terms[0];
  let last = -1;
  for (let at = lower.indexOf(first); at >= 0; at = lower.indexOf(first, at + 1)) {
    const i = docAt(docs, at);
    if (i < 0 || i === last) continue;
    if (at + first.length > docs[i].end) continue; // runs past the item's end
    out.push(docs[i]);
    last = i;
  }
  return out;
}

/** Index of the item whose text holds offset `at` (binary search; items are in text order). */
function docAt(docs: SearchDoc[], at: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (docs[mid].start > at) hi = mid - 1;
    else if (docs[mid].end < at) lo = mid + 1;
    else return mid;
  }
  return -1;
}

function includesWithin(text: string, term: string, start: number, end: number): boolean {
  const at = text.indexOf(term, start);
  return at >= 0 && at + term.length <= end;
}

function matchesFilters(d: SearchDoc, q: SearchQuery): boolean {
  if (q.tool && !(d.tool && q.tool.test(d.tool))) return false;
  if (q.server && d.server !== q.server) return false;
  if (q.status && d.status !== q.status) return false;
  if (q.dur && !passes(d.durMs, q.dur)) return false;
  if (q.cost && !passes(d.costUsd, q.cost)) return false;
  if (q.after !== undefined && d.ts < q.after) return false;
  if (q.before !== undefined && d.ts >= q.before) return false;
  return true;
}

function hitOf(card: SessionCard, text: string, d: SearchDoc, lower: string, term: string | undefined): SearchHit {
  const at = term ? lower.indexOf(term, d.start) : d.start;
  const from = Math.max(d.start, at - 60);
  const to = Math.min(d.end, at + (term?.length ?? 0) + 100);
  const snippet = `${from > d.start ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < d.end ? '…' : ''}`;
  return {
    session: card.id,
    title: card.title || 'Untitled session',
    seq: d.seq,
    ts: d.ts,
    kind: d.kind,
    ...(d.tool ? { tool: d.tool } : {}),
    ...(d.server ? { server: d.server } : {}),
    ...(d.callId ? { callId: d.callId } : {}),
    ...(d.status ? { status: d.status } : {}),
    ...(d.durMs !== undefined ? { durationMs: d.durMs } : {}),
    ...(d.waitMs !== undefined ? { waitMs: d.waitMs } : {}),
    ...(d.costUsd !== undefined ? { costUsd: d.costUsd } : {}),
    snippet,
  };
}
