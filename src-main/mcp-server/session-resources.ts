import { readFileSync } from 'node:fs';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { SessionStore } from '../core/session/store';
import { isValidSessionId } from '../core/config/paths';
import type { CatalogResourceTemplate, ResourceContent } from '../core/mcp/common/catalog';

/** Sessions per `resources/list` page. */
const PAGE = 100;

/** A short Markdown summary of a recorded session: title, times, what ran and how it ended. */
export function summariseSession(id: string, title: string, events: GlassboxEvent[]): string {
  const tools = new Map<string, number>();
  let end: string | undefined;
  for (const e of events) {
    if (e.type === 'tool_execution_start') tools.set(e.tool, (tools.get(e.tool) ?? 0) + 1);
    if (e.type === 'agent_end') end = e.reason + (e.error ? ` (${e.error})` : '');
  }
  const when = (ts: number | undefined) => (ts ? new Date(ts).toISOString() : 'unknown');
  const lines = [
    `# ${title}`,
    '',
    `- session: ${id}`,
    `- started: ${when(events[0]?.ts)}`,
    `- last event: ${when(events[events.length - 1]?.ts)}`,
    `- events: ${events.length}`,
    `- tool calls: ${[...tools].map(([t, n]) => `${t} ×${n}`).join(', ') || 'none'}`,
    `- ended: ${end ?? 'not ended (still running, or stopped without an agent_end)'}`,
  ];
  return lines.join('\n') + '\n';
}

/**
 * Recorded sessions as resources, `glassbox://sessions/{id}`: a Markdown summary and the
 * session's events as JSONL, redacted again on the way out (secrets known now are masked even
 * in files written before they were configured).
 */
export function sessionResources(store: SessionStore, redact: (text: string) => string): CatalogResourceTemplate {
  const uriOf = (id: string) => `glassbox://sessions/${id}`;
  return {
    uriTemplate: 'glassbox://sessions/{id}',
    name: 'session',
    title: 'Recorded Glassbox session',
    description: 'A recorded session: a summary (text/markdown) and its events (application/jsonl, secrets redacted)',
    mimeType: 'application/jsonl',
    list: (cursor) => {
      const all = store.list();
      const start = cursor === undefined ? 0 : Number(cursor);
      const page = Number.isInteger(start) && start >= 0 ? all.slice(start, start + PAGE) : [];
      return {
        resources: page.map((s) => ({ uri: uriOf(s.id), name: s.id, title: s.title, description: `${s.eventCount} events, last ${new Date(s.updatedAt).toISOString()}`, mimeType: 'application/jsonl' })),
        ...(start + PAGE < all.length ? { nextCursor: String(start + PAGE) } : {}),
      };
    },
    read: (uri, { id }): ResourceContent[] | undefined => {
      if (!id || !isValidSessionId(id) || !store.exists(id)) return undefined;
      const loaded = store.load(id);
      const title = store.summary(id)?.title ?? id;
      const jsonl = redact(readFileSync(loaded.path, 'utf8'));
      return [
        { uri, mimeType: 'text/markdown', text: redact(summariseSession(id, title, loaded.events)) },
        { uri, mimeType: 'application/jsonl', text: jsonl },
      ];
    },
    complete: {
      id: (value) => store.list().map((s) => s.id).filter((id) => id.startsWith(value)),
    },
  };
}
