import type { McpServerConfig } from '../../config/config';

/** How to reach a server: `auto` means a bare `url` (Streamable HTTP, then SSE). */
export type McpTransportKind = 'stdio' | 'sse' | 'http' | 'auto';

/**
 * The transport a server config asks for (docs/configuration.md): `type` accepts stdio, sse, http and the
 * streamable-http spellings; without `type`, `command` means stdio and `url` means try
 * Streamable HTTP and fall back to SSE. Returns a reason when the entry cannot work.
 */
export function resolveTransportKind(cfg: McpServerConfig): { ok: true; kind: McpTransportKind } | { ok: false; reason: string } {
  const type = cfg.type as string | undefined;
  switch (type) {
    case 'stdio':
      return cfg.command ? { ok: true, kind: 'stdio' } : { ok: false, reason: "type 'stdio' needs a 'command'" };
    case 'sse':
      return cfg.url ? { ok: true, kind: 'sse' } : { ok: false, reason: "type 'sse' needs a 'url'" };
    case 'http':
    case 'streamable-http':
    case 'streamableHttp':
    case 'streamable_http':
      return cfg.url ? { ok: true, kind: 'http' } : { ok: false, reason: `type '${type}' needs a 'url'` };
    case undefined:
      if (cfg.command) return { ok: true, kind: 'stdio' };
      if (cfg.url) return { ok: true, kind: 'auto' };
      return { ok: false, reason: "needs a 'command' (stdio) or a 'url' (http/sse)" };
    default:
      return { ok: false, reason: `unknown type '${type}' (use stdio, sse or http)` };
  }
}
