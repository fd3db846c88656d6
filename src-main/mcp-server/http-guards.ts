import { timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { bracketed, isWildcardHost, LOOPBACK_HOSTNAMES } from '../core/mcp/common/loopback-host';

/** Outcome of a security check (a pure function, table-tested). */
export type GuardResult = { ok: true } | { ok: false; reason: string };

/** The addresses of this machine's interfaces, as Host headers name them. */
function interfaceHostnames(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => bracketed(i.address.replace(/%.*$/, '')));
}

/**
 * Hostnames a server bound to `bindHost` accepts in Host/Origin: loopback, the name it was
 * bound with and the address actually bound (`boundAddress`, from the listening socket); a
 * wildcard bind (0.0.0.0, ::) answers on every interface, so every interface address.
 */
export function allowedHostnames(bindHost: string, boundAddress?: string, interfaces: () => string[] = interfaceHostnames): string[] {
  const names = new Set(LOOPBACK_HOSTNAMES);
  if (isWildcardHost(bindHost) || (boundAddress !== undefined && isWildcardHost(boundAddress))) {
    for (const h of interfaces()) names.add(h);
  } else {
    names.add(bracketed(bindHost));
  }
  if (boundAddress !== undefined && !isWildcardHost(boundAddress)) names.add(bracketed(boundAddress));
  return [...names];
}

function parseHostPort(value: string): { hostname: string; port: string } | undefined {
  try {
    const u = new URL(`http://${value}`);
    if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return undefined;
    return { hostname: u.hostname.toLowerCase(), port: u.port || '80' };
  } catch {
    return undefined;
  }
}

/**
 * DNS-rebinding defence: the Host header must name this server (an allowed hostname and our
 * port). A page on evil.example that resolves to 127.0.0.1 still sends `Host: evil.example`.
 */
export function checkHostHeader(host: string | undefined, allowed: string[], port: number): GuardResult {
  if (!host) return { ok: false, reason: 'missing Host header' };
  const p = parseHostPort(host);
  if (!p) return { ok: false, reason: `malformed Host header '${host}'` };
  if (!allowed.includes(p.hostname)) return { ok: false, reason: `Host '${host}' is not this server` };
  if (p.port !== String(port)) return { ok: false, reason: `Host '${host}' names another port` };
  return { ok: true };
}

/**
 * Cross-site defence: a browser sends `Origin` on cross-origin requests; it must be our own
 * loopback origin. Non-browser clients send none, which is fine (they still need the token).
 */
export function checkOriginHeader(origin: string | undefined, allowed: string[], port: number): GuardResult {
  if (origin === undefined || origin === '') return { ok: true };
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return { ok: false, reason: `malformed Origin '${origin}'` };
  }
  if (u.protocol !== 'http:') return { ok: false, reason: `Origin '${origin}' is not this server` };
  if (!allowed.includes(u.hostname.toLowerCase()) || (u.port || '80') !== String(port)) {
    return { ok: false, reason: `Origin '${origin}' is not this server` };
  }
  return { ok: true };
}

/**
 * The bearer token, from `Authorization: Bearer T` or the `token` query parameter (for clients
 * that can only take a URL). Compared in constant time.
 */
export function checkBearerToken(authorization: string | undefined, queryToken: string | null, expected: string): GuardResult {
  let given: string | undefined;
  if (authorization) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) return { ok: false, reason: 'the Authorization header must be `Bearer <token>`' };
    given = m[1];
  } else if (queryToken) given = queryToken;
  if (!given) return { ok: false, reason: 'missing bearer token' };
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: 'wrong bearer token' };
  return { ok: true };
}
