import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write';
import { isValidSessionId } from '../config/paths';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { readSessionFile, readSessionFileAsync } from './session-file';
import { scanSessionFile } from './session-file-scan';
import type { SessionSummary } from '../../../src-shared/contract/views';
import { isConversation, lastActiveAt, titleFromTask } from '../../../src-shared/read-models/session-activity';


/** A loaded session file. */
export interface LoadedSession {
  id: string;
  path: string;
  events: GlassboxEvent[];
  skipped: number;
  warnings: string[];
}

/** An exported session, ready to save. */
export interface ExportedSession {
  fileName: string;
  mimeType: string;
  text: string;
}

/** Files above this size are summarised by a scan of their bytes, not by parsing every line. */
const SCAN_ABOVE = 4 << 20;

function titleFrom(events: GlassboxEvent[]): string {
  const start = events.find((e) => e.type === 'agent_start');
  const title = titleFromTask(start?.type === 'agent_start' ? start.task : null);
  if (title) return title;
  // A file without a task (`glassbox tools call`, a replay): not listed, but `sessions export` names it.
  const call = events.find((e) => e.type === 'tool_execution_start');
  if (call && call.type === 'tool_execution_start') return call.replayOf ? `replay of ${call.tool} ${call.replayOf}` : `${call.tool} call`;
  return 'Untitled session';
}

/** A fork's parent and fork point: its own `agent_start` says (copied history keeps the parent's session id). */
function forkOf(id: string, events: GlassboxEvent[]): { parent?: string; forkedAt?: number } {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'agent_start' && e.parent && e.session === id) return { parent: e.parent, ...(e.forkedAt !== undefined ? { forkedAt: e.forkedAt } : {}) };
  }
  return {};
}

/**
 * The saved sessions in `$GLASSBOX_HOME/sessions`: `<id>.jsonl` (events) and `<id>.meta.json`
 * (the title, when renamed). List, load, rename, delete, export.
 */
export class SessionStore {
  // Summaries by id, valid while the file's size and mtime (and the meta file's) are unchanged:
  // the UI lists often, and reading every session file each time does not scale.
  private readonly cache = new Map<string, { key: string; summary: SessionSummary | null; active: boolean }>();

  constructor(readonly dir: string) {}

  /** Path of a session's event file. Throws for an invalid id. */
  pathOf(id: string): string {
    if (!isValidSessionId(id)) throw new Error(`invalid session id '${id}'`);
    return join(this.dir, `${id}.jsonl`);
  }

  private metaPath(id: string): string {
    return join(this.dir, `${id}.meta.json`);
  }

  exists(id: string): boolean {
    return isValidSessionId(id) && existsSync(this.pathOf(id));
  }

  private readMeta(id: string): { title?: string } {
    try {
      return JSON.parse(readFileSync(this.metaPath(id), 'utf8')) as { title?: string };
    } catch {
      return {};
    }
  }

  /** The title the user gave a session (Rename), or null. */
  renamedTitle(id: string): string | null {
    return (this.exists(id) && this.readMeta(id).title) || null;
  }

  /** A session's summary as the list shows it: null when it does not exist or is not a conversation. */
  listedSummary(id: string): SessionSummary | null {
    return this.summarise(id, true);
  }

  /** One session's summary, or null when it does not exist. */
  summary(id: string): SessionSummary | null {
    return this.summarise(id, false);
  }

  private summarise(id: string, activeOnly: boolean): SessionSummary | null {
    if (!this.exists(id)) return null;
    const st = statSync(this.pathOf(id));
    const meta = existsSync(this.metaPath(id)) ? statSync(this.metaPath(id)).mtimeMs : 0;
    const key = `${st.size}:${st.mtimeMs}:${meta}`;
    let hit = this.cache.get(id);
    if (!hit || hit.key !== key) {
      const title = this.readMeta(id).title;
      hit = { key, ...(st.size > SCAN_ABOVE ? this.scanned(id, st.mtimeMs, title) : this.parsed(id, st.mtimeMs, title)) };
      this.cache.set(id, hit);
    }
    if (activeOnly && !hit.active) return null;
    return hit.summary ? { ...hit.summary } : null;
  }

  /** A summary from every event of a (small) file. */
  private parsed(id: string, mtimeMs: number, title: string | undefined): { summary: SessionSummary; active: boolean } {
    const { events } = readSessionFile(this.pathOf(id));
    return {
      active: isConversation(events),
      summary: {
        id,
        title: title || titleFrom(events),
        createdAt: events[0]?.ts ?? mtimeMs,
        updatedAt: lastActiveAt(events, mtimeMs),
        eventCount: events.length,
        ...forkOf(id, events),
      },
    };
  }

  /**
   * A summary of a long file without parsing it whole (listing must not cost what opening does):
   * title and start from its first lines, last activity from its last ones, the count of its
   * lines (a damaged line counts as an event here).
   */
  private scanned(id: string, mtimeMs: number, title: string | undefined): { summary: SessionSummary; active: boolean } {
    const s = scanSessionFile(this.pathOf(id));
    return {
      active: s.hasTask,
      summary: {
        id,
        title: title || titleFrom(s.head),
        createdAt: s.head[0]?.ts ?? mtimeMs,
        updatedAt: lastActiveAt(s.tail, mtimeMs),
        eventCount: s.lines,
        ...forkOf(id, s.lastParentLine ? [s.lastParentLine] : []),
      },
    };
  }

  /**
   * Every saved conversation (a session given a task), most recently active first. Files of
   * `glassbox tools call`, `tools list` and `replay` (tool calls or log lines, no task) are left
   * out; background events (MCP status, log lines) do not count as activity.
   */
  list(): SessionSummary[] {
    if (!existsSync(this.dir)) return [];
    const ids = readdirSync(this.dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.slice(0, -'.jsonl'.length))
      .filter(isValidSessionId);
    return ids
      .map((id) => this.summarise(id, true))
      .filter((s): s is SessionSummary => s !== null)
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** Reads a session's events (a torn last line is skipped and reported in `warnings`). */
  load(id: string): LoadedSession {
    const path = this.pathOf(id);
    if (!existsSync(path)) throw new Error(`no session '${id}' in ${this.dir}`);
    return { id, path, ...readSessionFile(path) };
  }

  /**
   * Reads a session's events as `load` does, yielding to the event loop between slices of lines:
   * a host serving windows keeps answering while it reads a long session.
   */
  async loadAsync(id: string): Promise<LoadedSession> {
    const path = this.pathOf(id);
    if (!existsSync(path)) throw new Error(`no session '${id}' in ${this.dir}`);
    return { id, path, ...(await readSessionFileAsync(path)) };
  }

  /** Sets a session's title (kept in `<id>.meta.json`). */
  rename(id: string, title: string): void {
    if (!this.exists(id)) throw new Error(`no session '${id}'`);
    writeFileAtomic(this.metaPath(id), JSON.stringify({ ...this.readMeta(id), title: title.trim() }, null, 2) + '\n', 0o600);
    this.cache.delete(id); // the meta file's mtime may not tick within the same millisecond
  }

  /** Deletes a session's files. */
  delete(id: string): void {
    this.cache.delete(id);
    rmSync(this.pathOf(id), { force: true });
    rmSync(this.metaPath(id), { force: true });
  }

  /** The session file as JSON Lines (already redacted when written). */
  export(id: string): ExportedSession {
    const path = this.pathOf(id);
    if (!existsSync(path)) throw new Error(`no session '${id}'`);
    return { fileName: `glassbox-session-${id}.jsonl`, mimeType: 'application/x-ndjson', text: readFileSync(path, 'utf8') };
  }
}
