import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionSummary } from '../../src-shared/contract/views';
import { BridgeError } from '../../src-shared/contract/wire';
import type { SessionStore } from '../core/session/store';
import { isValidSessionId } from '../core/config/paths';
import { safe } from './open-session';

/**
 * The saved sessions as the sidebar lists them. The store's list parses every session file; a
 * 100,000-event file takes seconds and would stall every other call, so summaries are kept
 * until the file (or its title) changes.
 */
export class SavedSessionList {
  // null: a file that is not a conversation (a CLI tool call's), remembered so it is not read again.
  private readonly cache = new Map<string, { key: string; summary: SessionSummary | null }>();

  constructor(private readonly store: SessionStore) {}

  /** Saved conversations, most recently active first; `query` keeps those whose title or id contains it. */
  list(query?: string): SessionSummary[] {
    const q = query?.trim().toLowerCase();
    return this.cachedList().filter((s) => !q || s.title.toLowerCase().includes(q) || s.id.toLowerCase().includes(q));
  }

  private cachedList(): SessionSummary[] {
    const dir = this.store.dir;
    if (!existsSync(dir)) return [];
    const out: SessionSummary[] = [];
    const seen = new Set<string>();
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const id = name.slice(0, -'.jsonl'.length);
      if (!isValidSessionId(id)) continue;
      seen.add(id);
      const key = [join(dir, name), join(dir, `${id}.meta.json`)]
        .map((f) => safe(() => { const st = statSync(f); return `${st.size}:${st.mtimeMs}`; }) ?? '-')
        .join('|');
      let hit = this.cache.get(id);
      if (!hit || hit.key !== key) {
        const summary = safe(() => this.store.listedSummary(id));
        if (summary === undefined) continue;
        hit = { key, summary };
        this.cache.set(id, hit);
      }
      if (hit.summary) out.push(hit.summary);
    }
    for (const id of [...this.cache.keys()]) if (!seen.has(id)) this.cache.delete(id);
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }
}

/** Throws NOT_FOUND unless `id` is a well-formed id of a saved session. */
export function requireSaved(store: { exists(id: string): boolean }, id: string): void {
  if (!isValidSessionId(id) || !store.exists(id)) throw new BridgeError('NOT_FOUND', `No saved session ${id.slice(0, 80)}.`);
}
