import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { cleanCspDomains } from '../../../../../src-shared/apps/view-csp';
import { MAX_VIEW_HTML_BYTES, MCP_APP_MIME_TYPE, type AppViewResource, type ViewPermissions } from '../../../../../src-shared/apps/view-types';

/** What the cache needs of the session's MCP servers. */
export interface ViewResourceSource {
  readResource(server: string, uri: string): Promise<ReadResourceResult>;
  /** Asks the server for `resources/updated` about this URI (best effort: not every server offers it). */
  subscribe?(server: string, uri: string): Promise<void>;
}

/** The permissions a view may be granted (anything else it declares is ignored). */
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

function key(server: string, uri: string): string {
  return `${server}\u0000${uri}`;
}

/** Turns a `resources/read` answer into a view resource, or says why it is not one. */
export function toViewResource(server: string, uri: string, read: ReadResourceResult, now = Date.now()): AppViewResource {
  const item = read.contents.find((c) => c.uri === uri) ?? read.contents[0];
  if (!item) throw new Error(`MCP server '${server}' returned no content for ${uri}`);
  const mime = (item.mimeType ?? '').toLowerCase().replace(/\s+/g, '');
  if (mime && mime !== MCP_APP_MIME_TYPE && !mime.startsWith('text/html')) {
    throw new Error(`MCP server '${server}' returned ${item.mimeType} for ${uri}, not an MCP App view (${MCP_APP_MIME_TYPE})`);
  }
  let html: string;
  if ('text' in item && typeof item.text === 'string') html = item.text;
  else if ('blob' in item && typeof item.blob === 'string') html = Buffer.from(item.blob, 'base64').toString('utf8');
  else throw new Error(`MCP server '${server}' returned neither text nor blob for ${uri}`);
  if (Buffer.byteLength(html) > MAX_VIEW_HTML_BYTES) throw new Error(`the view ${uri} of MCP server '${server}' is larger than ${MAX_VIEW_HTML_BYTES / 1024 / 1024} MiB`);
  const ui = ((item._meta ?? {}) as { ui?: Record<string, unknown> }).ui ?? {};
  const { domains, refused } = cleanCspDomains(ui.csp);
  const declared = (ui.permissions && typeof ui.permissions === 'object' ? ui.permissions : {}) as Record<string, unknown>;
  const permissions: ViewPermissions = {};
  for (const p of PERMISSIONS) if (declared[p] && typeof declared[p] === 'object') permissions[p] = {};
  return {
    server,
    uri,
    html,
    csp: domains,
    cspRefused: refused,
    permissions,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    readAt: now,
  };
}

/**
 * The views' resources of one session, read once per server and URI and kept until the server
 * says the resource changed (`resources/updated`), its resource list changed, or it reconnected.
 * Reads of the same resource at once share one request.
 */
export class ViewResources {
  private readonly cache = new Map<string, Promise<AppViewResource>>();

  constructor(private readonly source: ViewResourceSource) {}

  /** The resource, from the cache or read now; a failed read is not kept (the next try reads again). */
  read(server: string, uri: string): Promise<AppViewResource> {
    if (!uri.startsWith('ui://')) return Promise.reject(new Error(`not a view resource (ui://): ${uri.slice(0, 200)}`));
    const k = key(server, uri);
    const hit = this.cache.get(k);
    if (hit) return hit;
    const p = this.source.readResource(server, uri).then((r) => toViewResource(server, uri, r));
    this.cache.set(k, p);
    p.then(
      () => void this.source.subscribe?.(server, uri).catch(() => undefined),
      () => this.cache.delete(k),
    );
    return p;
  }

  /** Forgets one resource (it was updated) or, without a URI, every resource of the server. */
  invalidate(server: string, uri?: string): boolean {
    if (uri !== undefined) return this.cache.delete(key(server, uri));
    let any = false;
    for (const k of [...this.cache.keys()]) if (k.startsWith(`${server}\u0000`)) any = this.cache.delete(k) || any;
    return any;
  }

  /** How many resources are cached (tests, the inspector). */
  get size(): number {
    return this.cache.size;
  }
}
