import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { ResourceContent, ResourceEntry } from '../core/mcp/common/catalog';
import type { McpServeHub } from './serve-hub';

/** Fixed resources per `resources/list` page. */
const PAGE = 100;

/** Where a listing goes on: which stage (0 = fixed resources, n = the n-th template) and where in it. */
interface ListCursor {
  s: number;
  o?: number;
  c?: string;
}

function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(cursor: string | undefined): ListCursor {
  if (cursor === undefined) return { s: 0, o: 0 };
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as ListCursor;
    if (Number.isInteger(c.s) && c.s >= 0 && (c.o === undefined || (Number.isInteger(c.o) && c.o >= 0)) && (c.c === undefined || typeof c.c === 'string')) return c;
  } catch {
    // fall through
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass back the nextCursor of the previous page');
}

function entry(r: ResourceEntry): ResourceEntry {
  const { uri, name, title, description, mimeType, size } = r;
  return { uri, name, ...(title ? { title } : {}), ...(description ? { description } : {}), ...(mimeType ? { mimeType } : {}), ...(size !== undefined ? { size } : {}) };
}

function contents(list: ResourceContent[]): ({ uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string })[] {
  return list.map((c) => {
    const base = { uri: c.uri, ...(c.mimeType ? { mimeType: c.mimeType } : {}) };
    return typeof c.blob === 'string' ? { ...base, blob: c.blob } : { ...base, text: c.text ?? '' };
  });
}

/** Reads a resource from the catalog: a fixed one, else the first template that matches; else not found. */
export async function readFromCatalog(hub: McpServeHub, uri: string): Promise<ResourceContent[]> {
  const fixed = hub.catalog.resource(uri);
  if (fixed) return fixed.read();
  const m = hub.catalog.matchTemplate(uri);
  const found = m ? await m.template.read(uri, m.variables) : undefined;
  if (!found) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
  return found;
}

/**
 * `resources/list` (fixed resources, then each template's, a page at a time),
 * `resources/templates/list`, `resources/read` (a missing resource is the spec's not-found
 * error) and, for 2025-era connections, `resources/subscribe`/`unsubscribe` (2026-era clients
 * subscribe on their `subscriptions/listen` stream, which the SDK's entry points serve).
 */
export function registerResourceHandlers(server: Server, hub: McpServeHub, era: 'legacy' | 'modern'): void {
  server.setRequestHandler('resources/list', async (req) => {
    const cur = decodeCursor(req.params?.cursor);
    const fixed = hub.catalog.fixedResources();
    const templates = hub.catalog.resourceTemplates();
    if (cur.s === 0) {
      const o = cur.o ?? 0;
      const page = fixed.slice(o, o + PAGE).map(entry);
      const next = o + PAGE < fixed.length ? { s: 0, o: o + PAGE } : templates.length ? { s: 1 } : undefined;
      return { resources: page, ...(next ? { nextCursor: encodeCursor(next) } : {}) };
    }
    // Templates without a listing are skipped.
    for (let s = cur.s; s <= templates.length; s++) {
      const t = templates[s - 1];
      if (!t.list) continue;
      const page = await t.list(s === cur.s ? cur.c : undefined);
      const next = page.nextCursor !== undefined ? { s, c: page.nextCursor } : s < templates.length ? { s: s + 1 } : undefined;
      return { resources: page.resources.map(entry), ...(next ? { nextCursor: encodeCursor(next) } : {}) };
    }
    return { resources: [] };
  });

  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: hub.catalog.resourceTemplates().map((t) => ({
      uriTemplate: t.uriTemplate,
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      ...(t.description ? { description: t.description } : {}),
      ...(t.mimeType ? { mimeType: t.mimeType } : {}),
    })),
  }));

  // A span of its own when exporting, a child of the caller's (the `traceparent` in the request's `_meta`).
  server.setRequestHandler('resources/read', async (req) => {
    const read = async (): Promise<{ contents: ReturnType<typeof contents> }> => ({ contents: contents(await readFromCatalog(hub, req.params.uri)) });
    return hub.session.telemetry ? hub.session.telemetry.served('resources/read', req.params.uri, req.params._meta, read) : read();
  });

  if (era === 'legacy') {
    server.setRequestHandler('resources/subscribe', async (req) => {
      hub.subscribe(server, req.params.uri);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', async (req) => {
      hub.unsubscribe(server, req.params.uri);
      return {};
    });
  }
}
