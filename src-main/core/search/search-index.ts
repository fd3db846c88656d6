import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { writeFileAtomic } from '../config/atomic-write';
import { isValidSessionId } from '../session/session-store';
import { passes, type SearchQuery } from './search-query';
import { emptySession, indexEvents, openCalls, type IndexedSession, type SearchDoc } from './session-docs';

/** Bumped when the stored shape changes: an index of another version is rebuilt. */
const INDEX_VERSION = 1;
const HEAD_BYTES = 256;

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
  durationMs?: number;
  costUsd?: number;
  snippet: string;
}

/** What `refresh` did, for the bench and for tests. */
export interface RefreshStats {
  sessions: number;
  /** Files read from the start (new, rewritten, or the index was missing/stale). */
  indexed: number;
  /** Files that had grown and were read from where the index stopped. */
  extended: number;
  removed: number;
}

/**
 * A search index over the session files in one folder, kept in one file
 * (`$GLASSBOX_HOME/state/search-index.json`). Session files only ever grow, so `refresh` reads
 * just what was appended since the last time (a file that shrank or whose first bytes changed is
 * read again from the start); a missing, unreadable or older-version index is rebuilt. Each
 * message, call and model turn keeps its first MAX_DOC_CHARS characters.
 */
export class SearchIndex {
  private sessions = new Map<string, IndexedSession>();
  private lower = new Map<string, string>();
  private dirty = false;

  constructor(
    private readonly sessionsDir: string,
    private readonly indexPath: string,
  ) {
    this.load();
  }

  private load(): void {
    if (!existsSync(this.indexPath)) return;
    try {
      const stored = JSON.parse(readFileSync(this.indexPath, 'utf8')) as { version?: number; sessions?: IndexedSession[] };
      if (stored.version !== INDEX_VERSION || !Array.isArray(stored.sessions)) return;
      for (const s of stored.sessions) this.sessions.set(s.id, s);
    } catch {
      // A torn or damaged index is only a cache: rebuilt from the session files.
      this.sessions.clear();
    }
  }

  /** Brings the index up to date with the session files; saves it when anything changed. */
  refresh(): RefreshStats {
    const stats: RefreshStats = { sessions: 0, indexed: 0, extended: 0, removed: 0 };
    const ids = existsSync(this.sessionsDir)
      ? readdirSync(this.sessionsDir).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -'.jsonl'.length)).filter(isValidSessionId)
      : [];
    const present = new Set(ids);
    for (const id of [...this.sessions.keys()]) {
      if (!present.has(id)) {
        this.sessions.delete(id);
        this.lower.delete(id);
        stats.removed++;
        this.dirty = true;
      }
    }
    for (const id of ids) {
      const r = this.refreshOne(id);
      if (r === 'indexed') stats.indexed++;
      else if (r === 'extended') stats.extended++;
    }
    stats.sessions = this.sessions.size;
    if (this.dirty) this.save();
    return stats;
  }

  private refreshOne(id: string): 'same' | 'indexed' | 'extended' {
    const fd = openSync(join(this.sessionsDir, `${id}.jsonl`), 'r');
    try {
      const size = fstatSync(fd).size;
      let s = this.sessions.get(id);
      const head = readBytes(fd, 0, Math.min(HEAD_BYTES, size)).toString('utf8');
      if (s && s.bytes === size && s.head === head.slice(0, s.head.length)) return 'same';
      let how: 'indexed' | 'extended' = 'extended';
      if (!s || size < s.bytes || !head.startsWith(s.head)) {
        s = emptySession(id);
        how = 'indexed';
      }
      const chunk = readBytes(fd, s.bytes, size - s.bytes);
      const lastNewline = chunk.lastIndexOf(0x0a);
      if (lastNewline < 0) return 'same'; // only a line still being written
      const events: GlassboxEvent[] = [];
      for (const line of chunk.subarray(0, lastNewline).toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const e = JSON.parse(line) as GlassboxEvent;
          if (e && typeof e.type === 'string') events.push(e);
        } catch {
          // a damaged line: the session file reader reports it; search skips it
        }
      }
      indexEvents(s, events, openCalls(s));
      s.bytes += lastNewline + 1;
      s.head = head;
      this.sessions.set(id, s);
      this.lower.delete(id);
      this.dirty = true;
      return how;
    } finally {
      closeSync(fd);
    }
  }

  private save(): void {
    writeFileAtomic(this.indexPath, JSON.stringify({ version: INDEX_VERSION, sessions: [...this.sessions.values()] }), 0o600);
    this.dirty = false;
  }

  /** Every indexed session (call `refresh` first). */
  list(): IndexedSession[] {
    return [...this.sessions.values()];
  }

  /** Hits for a query, newest first, at most `limit`. */
  search(q: SearchQuery, limit = 50): SearchHit[] {
    const hits: SearchHit[] = [];
    for (const s of this.sessions.values()) {
      let lower = this.lower.get(s.id);
      if (lower === undefined) {
        lower = s.text.toLowerCase();
        this.lower.set(s.id, lower);
      }
      const seenCalls = new Set<string>(); // a call whose result came in a later batch has two items: one hit
      for (const d of candidates(s, lower, q.terms)) {
        if (!matchesFilters(d, q)) continue;
        if (!q.terms.every((t) => includesWithin(lower, t, d.start, d.end))) continue;
        if (d.callId) {
          if (seenCalls.has(d.callId)) continue;
          seenCalls.add(d.callId);
        }
        hits.push(hitOf(s, d, lower, q.terms[0]));
      }
    }
    hits.sort((a, b) => b.ts - a.ts || b.seq - a.seq);
    return hits.slice(0, limit);
  }
}

function readBytes(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.alloc(Math.max(0, length));
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buf, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buf.subarray(0, read);
}

/** The items that contain the first term (found with indexOf over the session's whole text), or all. */
function candidates(s: IndexedSession, lower: string, terms: string[]): SearchDoc[] {
  if (!terms.length) return s.docs;
  const out: SearchDoc[] = [];
  const first = terms[0];
  let last = -1;
  for (let at = lower.indexOf(first); at >= 0; at = lower.indexOf(first, at + 1)) {
    const i = docAt(s.docs, at);
    if (i < 0 || i === last) continue;
    if (at + first.length > s.docs[i].end) continue; // runs past the item's end
    out.push(s.docs[i]);
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

function hitOf(s: IndexedSession, d: SearchDoc, lower: string, term: string | undefined): SearchHit {
  const at = term ? lower.indexOf(term, d.start) : d.start;
  const from = Math.max(d.start, at - 60);
  const to = Math.min(d.end, at + (term?.length ?? 0) + 100);
  const snippet = `${from > d.start ? '…' : ''}${s.text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < d.end ? '…' : ''}`;
  return {
    session: s.id,
    title: s.title || 'Untitled session',
    seq: d.seq,
    ts: d.ts,
    kind: d.kind,
    ...(d.tool ? { tool: d.tool } : {}),
    ...(d.server ? { server: d.server } : {}),
    ...(d.callId ? { callId: d.callId } : {}),
    ...(d.status ? { status: d.status } : {}),
    ...(d.durMs !== undefined ? { durationMs: d.durMs } : {}),
    ...(d.costUsd !== undefined ? { costUsd: d.costUsd } : {}),
    snippet,
  };
}
