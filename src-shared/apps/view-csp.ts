/**
 * The Content-Security-Policy of an MCP App view, built from what its resource declares
 * (`_meta.ui.csp`: connect, resource, frame and base-uri domains). Nothing declared means no
 * network at all: the view runs its own inline code and data: images, and reaches nothing.
 * Both the sandbox server (as the proxy page's header, which the view's frame inherits) and the
 * window (inspector's View tab) use this one builder.
 */

/** The CSP domains a view's resource declares (MCP Apps `McpUiResourceCsp`). */
export interface ViewCspDomains {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** The most domains of one kind taken from a declaration (more are dropped and reported). */
export const MAX_CSP_DOMAINS = 32;

/**
 * One declared source, accepted only as a plain origin: `https://host`, `https://*.host`,
 * `wss://host:port` (http/ws allowed for loopback only). Anything else — quotes, keywords
 * (`'unsafe-eval'`, `*`), semicolons, paths with spaces — would let a server widen or rewrite the
 * policy, so it is refused.
 */
export function checkCspSource(source: string): { ok: true; source: string } | { ok: false; reason: string } {
  if (typeof source !== 'string' || source.length === 0 || source.length > 253) return { ok: false, reason: 'not a short string' };
  const m = /^(https|wss|http|ws):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(:\d{1,5})?\/?$/i.exec(source);
  if (!m) return { ok: false, reason: `not an origin (scheme://host[:port]): ${source.slice(0, 80)}` };
  const scheme = m[1]!.toLowerCase();
  const host = m[3]!.toLowerCase();
  const loopback = host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  if ((scheme === 'http' || scheme === 'ws') && !loopback) return { ok: false, reason: `plain ${scheme} only for loopback: ${source.slice(0, 80)}` };
  if (m[2] && host.split('.').length < 2) return { ok: false, reason: `wildcard too wide: ${source.slice(0, 80)}` };
  return { ok: true, source: `${scheme}://${m[2] ?? ''}${host}${m[4] ?? ''}` };
}

/** The accepted sources of one list and the ones refused (with why). */
export function cleanSources(list: unknown): { sources: string[]; refused: string[] } {
  const sources: string[] = [];
  const refused: string[] = [];
  if (!Array.isArray(list)) return { sources, refused };
  for (const item of list.slice(0, MAX_CSP_DOMAINS)) {
    const c = checkCspSource(item as string);
    if (c.ok) {
      if (!sources.includes(c.source)) sources.push(c.source);
    } else refused.push(c.reason);
  }
  if (list.length > MAX_CSP_DOMAINS) refused.push(`${list.length - MAX_CSP_DOMAINS} more domains than ${MAX_CSP_DOMAINS} dropped`);
  return { sources, refused };
}

/** The declaration with every refused source taken out, and what was refused. */
export function cleanCspDomains(declared: unknown): { domains: ViewCspDomains; refused: string[] } {
  const d = (declared && typeof declared === 'object' ? declared : {}) as Record<string, unknown>;
  const refused: string[] = [];
  const domains: ViewCspDomains = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const c = cleanSources(d[key]);
    refused.push(...c.refused.map((r) => `${key}: ${r}`));
    if (c.sources.length) domains[key] = c.sources;
  }
  return { domains, refused };
}

/**
 * The policy text. `self` is the sandbox's own origin (the proxy's script comes from it); it is
 * never in `connect-src`, so a view cannot talk to the sandbox server or anything else unasked.
 */
export function buildViewCsp(declared: ViewCspDomains | undefined, self = "'self'"): string {
  const { domains } = cleanCspDomains(declared);
  const res = (domains.resourceDomains ?? []).join(' ');
  const withRes = (base: string): string => (res ? `${base} ${res}` : base);
  const connect = domains.connectDomains?.length ? domains.connectDomains.join(' ') : "'none'";
  const frame = domains.frameDomains?.length ? domains.frameDomains.join(' ') : "'none'";
  const base = domains.baseUriDomains?.length ? domains.baseUriDomains.join(' ') : "'self'";
  return [
    "default-src 'none'",
    `script-src ${withRes(`${self} 'unsafe-inline'`)}`,
    `style-src ${withRes(`${self} 'unsafe-inline'`)}`,
    `img-src ${withRes(`${self} data: blob:`)}`,
    `font-src ${withRes(`${self} data:`)}`,
    `media-src ${withRes(`${self} data: blob:`)}`,
    `connect-src ${connect}`,
    `frame-src ${frame}`,
    "object-src 'none'",
    `base-uri ${base}`,
    "form-action 'none'",
  ].join('; ');
}
