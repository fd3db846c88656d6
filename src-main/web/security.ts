import { createHmac } from 'node:crypto';
import { networkInterfaces } from 'node:os';

/**
 * The web host's request checks (docs/security.md), as pure functions with table tests.
 * Every HTTP request and WebSocket upgrade must carry a credential (the token in the query
 * once, a header, or the page cookie) and name the server's own origin in Host (and Origin,
 * when sent). The page cookie only opens the built UI's files: a WebSocket that came with it
 * must send the token itself as its first message before the bridge answers it.
 */

/** A check's verdict; `status` is the HTTP status to refuse with. */
export type Verdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

/**
 * The name of the page cookie set on the first visit. Cookies are shared by every port of a
 * host, so the port is part of the name (two hosts must not clobber each other) — and, since
 * every other server on this host receives it too, it never holds the token (pageCookieValue).
 */
export function pageCookieName(port: number): string {
  return `glassbox_page_${port}`;
}

/**
 * The page cookie's value: an HMAC of a fixed label under the token. It lets a browser load
 * the UI's files (index.html, scripts: nothing secret) and is useless for anything else: the
 * token cannot be computed from it, and the bridge wants the token itself.
 */
export function pageCookieValue(token: string): string {
  return createHmac('sha256', token).update('glassbox web page cookie v1').digest('hex');
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** This machine's interface addresses as a Host header names them (`[v6]`). */
function interfaceNames(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => {
      const a = i.address.replace(/%.*$/, '');
      return a.includes(':') ? `[${a}]` : a;
    });
}

/**
 * The Host header values this server answers to, with its port: its loopback names and the
 * bound host; a wildcard bind (0.0.0.0, ::) listens on every interface, so every interface
 * address (without them such a server refused everyone who reached it from outside).
 */
export function allowedHosts(boundHost: string, port: number, interfaces: () => string[] = interfaceNames): string[] {
  const names = new Set(LOOPBACK_NAMES);
  if (!boundHost || boundHost === '0.0.0.0' || boundHost === '::' || boundHost === '[::]') {
    for (const n of interfaces()) names.add(n.toLowerCase());
  } else {
    names.add((boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost).toLowerCase());
  }
  return [...names].map((n) => `${n}:${port}`);
}

/** Host must be exactly one of the server's own names with its port (defeats DNS rebinding). */
export function checkHost(hostHeader: string | undefined, allowed: readonly string[]): Verdict {
  if (!hostHeader) return { ok: false, status: 403, reason: 'Missing Host header' };
  return allowed.includes(hostHeader.toLowerCase()) ? { ok: true } : { ok: false, status: 403, reason: `Host not allowed: ${hostHeader}` };
}

/**
 * Origin, when present, must be `http://<allowed host>`. Browsers always send it on WebSocket
 * upgrades and cross-origin requests, so a page elsewhere cannot pass; non-browser clients that
 * send none still need the token.
 */
export function checkOrigin(originHeader: string | undefined, allowed: readonly string[]): Verdict {
  if (originHeader === undefined) return { ok: true };
  if (originHeader === 'null') return { ok: false, status: 403, reason: 'Opaque origin not allowed' };
  let url: URL;
  try {
    url = new URL(originHeader);
  } catch {
    return { ok: false, status: 403, reason: `Malformed Origin: ${originHeader}` };
  }
  if (url.protocol !== 'http:' || url.origin !== originHeader.replace(/\/$/, '').toLowerCase()) {
    return { ok: false, status: 403, reason: `Origin not allowed: ${originHeader}` };
  }
  return allowed.includes(url.host) ? { ok: true } : { ok: false, status: 403, reason: `Origin not allowed: ${originHeader}` };
}

/** Constant-time string comparison (no early exit on the first differing character). */
export function safeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Where the request's token came from, if it has one. */
export interface TokenSources {
  query?: string | null;
  cookie?: string;
  /** `Authorization: Bearer …` */
  authorization?: string;
  /** `X-Glassbox-Token` */
  header?: string;
}

/**
 * A credential must come from the query, a header or the page cookie and match: none → 401,
 * wrong → 403. `via: 'cookie'` admits the UI's files only (the cookie holds pageCookieValue,
 * not the token); `query` and `header` carry the token itself.
 */
export function checkToken(sources: TokenSources, token: string): Verdict & { via?: 'query' | 'cookie' | 'header' } {
  const bearer = sources.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const candidates: Array<[string | null | undefined, 'query' | 'cookie' | 'header', string]> = [
    [sources.query, 'query', token],
    [bearer, 'header', token],
    [sources.header, 'header', token],
    [sources.cookie, 'cookie', pageCookieValue(token)],
  ];
  const given = candidates.filter(([v]) => typeof v === 'string' && v.length > 0);
  if (given.length === 0) return { ok: false, status: 401, reason: 'Missing token' };
  for (const [v, via, want] of given) if (safeEqual(v!, want)) return { ok: true, via };
  return { ok: false, status: 403, reason: 'Wrong token' };
}

/** The first frame a WebSocket admitted by the page cookie must send: `{"kind":"auth","token":…}`. */
export function checkAuthFrame(frame: string, token: string): Verdict {
  let msg: unknown;
  try {
    msg = JSON.parse(frame);
  } catch {
    return { ok: false, status: 401, reason: 'The first message must be {"kind":"auth","token":…}' };
  }
  const m = msg as { kind?: unknown; token?: unknown } | null;
  if (!m || m.kind !== 'auth' || typeof m.token !== 'string' || !m.token) {
    return { ok: false, status: 401, reason: 'The first message must be {"kind":"auth","token":…}' };
  }
  return safeEqual(m.token, token) ? { ok: true } : { ok: false, status: 403, reason: 'Wrong token' };
}

/** Resolves a URL path under the static root; null when it would leave the root. Pure (string based). */
export function staticPathFor(urlPath: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(urlPath.split('?')[0]!);
  } catch {
    return null;
  }
  if (p.includes('\0') || p.includes('\\')) return null;
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') return null;
    parts.push(seg);
  }
  return parts.length ? parts.join('/') : 'index.html';
}
