import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/config/atomic-write';
import type { GlassboxEvent } from '../core/events/event-types';
import type { SessionSummary } from './contract';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Whether a session id is safe to use as a file name (no path tricks). Pure. */
export function checkSessionId(id: string): { ok: true } | { ok: false; reason: string } {
  if (!SAFE_ID.test(id) || id === '.' || id === '..') return { ok: false, reason: `Not a session id: ${id.slice(0, 80)}` };
  return { ok: true };
}

/**
 * Parses session file text: one event per line; a torn or malformed line is skipped (a kill -9
 * can leave the last line half written).
 */
export function parseSessionLines(text: string): { events: GlassboxEvent[]; skipped: number } {
  const events: GlassboxEvent[] = [];
  let skipped = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) {
      try {
        const e = JSON.parse(text.slice(start, end)) as GlassboxEvent;
        if (e && typeof e === 'object' && typeof e.type === 'string') events.push(e);
        else skipped++;
      } catch {
        skipped++;
      }
    }
    start = end + 1;
  }
  return { events, skipped };
}

function titleFrom(events: GlassboxEvent[]): string {
  const first = events.find((e) => e.type === 'agent_start');
  const task = first && first.type === 'agent_start' ? first.task : '';
  return task ? task.replace(/\s+/g, ' ').slice(0, 80) : 'New session';
}

/**
 * The saved sessions in `$GLASSBOX_HOME/sessions/*.jsonl`, as the sidebar sees them. Titles the
 * user gave are kept beside them in `titles.json` (the session files are append-only records).
 */
export class SessionCatalog {
  private readonly titlesPath: string;

  constructor(private readonly dir: string) {
    this.titlesPath = join(dir, 'titles.json');
  }

  /** Path of a session's file; throws NOT_FOUND-safe errors for a bad id. */
  pathOf(id: string): string {
    const check = checkSessionId(id);
    if (!check.ok) throw Object.assign(new Error(check.reason), { code: 'BAD_ARGS' });
    return join(this.dir, `${id}.jsonl`);
  }

  private titles(): Record<string, string> {
    try {
      const v = JSON.parse(readFileSync(this.titlesPath, 'utf8')) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  /** Every saved session, newest first; `query` matches the title or id (case-insensitive). */
  list(query?: string): SessionSummary[] {
    if (!existsSync(this.dir)) return [];
    const titles = this.titles();
    const out: SessionSummary[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const id = name.slice(0, -'.jsonl'.length);
      const summary = this.summaryOf(id, titles);
      if (summary) out.push(summary);
    }
    const q = query?.trim().toLowerCase();
    return out
      .filter((s) => !q || s.title.toLowerCase().includes(q) || s.id.toLowerCase().includes(q))
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The summary of one session, or null when its file does not exist. */
  summaryOf(id: string, titles = this.titles()): SessionSummary | null {
    const path = this.pathOf(id);
    if (!existsSync(path)) return null;
    const st = statSync(path);
    // Titles come from the first line(s); read only the head of big files.
    const head = readHead(path, 64 * 1024);
    const { events } = parseSessionLines(head.includes('\n') ? head.slice(0, head.lastIndexOf('\n')) : head);
    const createdAt = events[0]?.ts ?? st.birthtimeMs;
    return {
      id,
      title: titles[id] ?? titleFrom(events),
      createdAt,
      updatedAt: st.mtimeMs,
      eventCount: -1,
    };
  }

  /** Every event of a session; null when it does not exist. */
  read(id: string): GlassboxEvent[] | null {
    const path = this.pathOf(id);
    if (!existsSync(path)) return null;
    return parseSessionLines(readFileSync(path, 'utf8')).events;
  }

  /** The raw JSONL text of a session. */
  readText(id: string): string | null {
    const path = this.pathOf(id);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  }

  rename(id: string, title: string): void {
    this.pathOf(id);
    const titles = this.titles();
    titles[id] = title.trim().slice(0, 200) || 'Untitled';
    writeFileAtomic(this.titlesPath, JSON.stringify(titles, null, 2));
  }

  delete(id: string): void {
    rmSync(this.pathOf(id), { force: true });
    const titles = this.titles();
    if (id in titles) {
      delete titles[id];
      writeFileAtomic(this.titlesPath, JSON.stringify(titles, null, 2));
    }
  }
}

function readHead(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
