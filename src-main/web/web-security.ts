import { networkInterfaces } from 'node:os';

/**
 * The web host's request checks (docs/security.md), as pure functions with table tests.
 * Every HTTP request and WebSocket upgrade must carry the token (query once, then the cookie
 * or a header) and name the server's own origin in Host (and Origin, when sent).
 */

/** A check's verdict; `status` is the HTTP status to refuse with. */
export type Verdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

/**
 * The name of the cookie that carries the token after the first visit. Cookies are shared by
 * every port of a host, so the port is part of the name (two hosts must not clobber each other).
 */
export function tokenCookieName(port: number): string {
  return `glassbox_token_${port}`;
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

/** The token must come from the query, the cookie or a header and match: none → 401, wrong → 403. */
export function checkToken(sources: TokenSources, token: string): Verdict & { via?: 'query' | 'cookie' | 'header' } {
  const bearer = sources.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const candidates: Array<[string | null | undefined, 'query' | 'cookie' | 'header']> = [
    [sources.query, 'query'],
    [sources.cookie, 'cookie'],
    [bearer, 'header'],
    [sources.header, 'header'],
  ];
  const given = candidates.filter(([v]) => typeof v === 'string' && v.length > 0);
  if (given.length === 0) return { ok: false, status: 401, reason: 'Missing token' };
  for (const [v, via] of given) if (safeEqual(v!, token)) return { ok: true, via };
  return { ok: false, status: 403, reason: 'Wrong token' };
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
