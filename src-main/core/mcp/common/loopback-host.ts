// Which bind addresses are loopback or wildcard: both sides of MCP ask (a sign-in's redirect
// target, `mcp serve --http`'s warning and Host checks).

/** Loopback names every local server answers to. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A host as Host headers write it: IPv6 in brackets, lower case. */
export function bracketed(host: string): string {
  return (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host).toLowerCase();
}

/** True for a bind address that means every interface. */
export function isWildcardHost(host: string): boolean {
  const h = bracketed(host);
  return h === '0.0.0.0' || h === '[::]' || h === '';
}

/** True for a bind address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = bracketed(host);
  return LOOPBACK_HOSTNAMES.includes(h) || /^127\.\d+\.\d+\.\d+$/.test(h);
}
