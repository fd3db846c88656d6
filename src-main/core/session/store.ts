import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write';
import { isValidSessionId } from '../config/paths';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { readSessionFile } from './session-file';
import type { SessionSummary } from '../../../src-shared/contract/views';


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

function titleFrom(events: GlassboxEvent[]): string {
  const start = events.find((e) => e.type === 'agent_start');
  const task = start && start.type === 'agent_start' ? start.task.trim().split('\n')[0] : '';
  if (!task) {
    // A session without a task: `glassbox tools call` or a replay.
    const call = events.find((e) => e.type === 'tool_execution_start');
    if (call && call.type === 'tool_execution_start') return call.replayOf ? `replay of ${call.tool} ${call.replayOf}` : `${call.tool} call`;
    return 'Untitled session';
  }
  return task.length > 80 ? `${task.slice(0, 77)}…` : task;
}

/** A fork's parent and fork point: its own `agent_start` says (copied history keeps the parent's session id). */
function forkOf(id: string, events: GlassboxEvent[]): { parent?: string; forkedAt?: number } {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'agent_start' && e.parent && e.session === id) return { parent: e.parent, ...(e.forkedAt !== undefined ? { forkedAt: e.forkedAt } : {}) };
  }
  return {};
}

/** True when a session did something worth listing (a task or a tool call), not only log lines. */
function hasActivity(events: GlassboxEvent[]): boolean {
  return events.some((e) => e.type === 'agent_start' || e.type === 'tool_execution_start');
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
      const { events } = readSessionFile(this.pathOf(id));
      hit = {
        key,
        active: hasActivity(events),
        summary: {
          id,
          title: this.readMeta(id).title || titleFrom(events),
          createdAt: events[0]?.ts ?? st.mtimeMs,
          updatedAt: events[events.length - 1]?.ts ?? st.mtimeMs,
          eventCount: events.length,
          ...forkOf(id, events),
        },
      };
      this.cache.set(id, hit);
    }
    if (activeOnly && !hit.active) return null;
    return hit.summary ? { ...hit.summary } : null;
  }

  /**
   * Every saved session with a task or a tool call, most recently updated first (files holding only
   * log lines — e.g. from `glassbox tools list` starting MCP servers — are left out).
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
