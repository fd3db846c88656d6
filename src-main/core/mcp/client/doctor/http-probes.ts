import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, extractResourceMetadataUrl } from '@modelcontextprotocol/client';
import type { ProbeResult } from './network-probes';

const HTTP_TIMEOUT_MS = 15_000;

/** What the HTTP probe saw besides ok/failed: whether the server asked for sign-in, and its challenge. */
export type HttpProbe = ProbeResult & { unauthorized?: boolean; resourceMetadataUrl?: string };

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'glassbox-doctor', version: '0.1.0' } },
});

function snippet(text: string): string {
  const t = text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return t ? `: ${t.length > 160 ? `${t.slice(0, 160)}…` : t}` : '';
}

/**
 * HTTP: the endpoint answers an MCP request with a 2xx and a JSON or event-stream body
 * (Streamable HTTP: a POSTed `initialize`; SSE: a GET of the event stream), or a 401 that asks
 * for sign-in. Headers are the config's own (expanded): what the connection would send.
 */
export async function probeHttp(url: string, kind: 'http' | 'sse' | 'auto', headers: Record<string, string>): Promise<HttpProbe> {
  const sse = kind === 'sse';
  let res: Response;
  try {
    res = await fetch(url, {
      method: sse ? 'GET' : 'POST',
      headers: { ...headers, accept: sse ? 'text/event-stream' : 'application/json, text/event-stream', ...(sse ? {} : { 'content-type': 'application/json' }) },
      ...(sse ? {} : { body: INITIALIZE }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, saw: `no HTTP answer from ${url}: ${cause?.code ?? cause?.message ?? (err as Error).message}`, fix: 'the port answers but not with HTTP: check the scheme (http/https) and the port' };
  }
  const type = res.headers.get('content-type') ?? '';
  const line = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}, Content-Type ${type || '(none)'}`;
  // Only the status and headers matter; an event stream would never end.
  const body = /event-stream/.test(type) ? '' : await res.text().catch(() => '');
  if (/event-stream/.test(type)) await res.body?.cancel().catch(() => {});
  if (res.status === 401) {
    const rm = extractResourceMetadataUrl(res);
    return { ok: true, saw: `${line}; the server asks for sign-in (WWW-Authenticate: ${res.headers.get('www-authenticate') ?? 'none'})`, unauthorized: true, ...(rm ? { resourceMetadataUrl: rm.toString() } : {}) };
  }
  if (res.status >= 300 && res.status < 400) {
    return { ok: false, saw: `${line}, redirected to ${res.headers.get('location') ?? '?'}`, fix: 'MCP clients do not follow redirects of the endpoint: put the final URL in the config' };
  }
  if (res.status === 404) return { ok: false, saw: `${line}${snippet(body)}`, fix: `nothing at this path: check the URL's path (servers usually serve ${sse ? '/sse' : '/mcp'})` };
  if (res.status === 405 && !sse) return { ok: false, saw: `${line}${snippet(body)}`, fix: 'the endpoint does not take POST: if it is an SSE server, set "type": "sse"' };
  if (res.status === 403) return { ok: false, saw: `${line}${snippet(body)}`, fix: 'the server refuses this client: check the headers (an API key?) and the Origin/Host rules of the server' };
  if (res.status >= 400) return { ok: false, saw: `${line}${snippet(body)}`, fix: res.status >= 500 ? 'the server failed: look at its logs' : 'the server refused the request: check the URL and headers' };
  if (!/application\/json|text\/event-stream/.test(type)) {
    return { ok: false, saw: `${line}${snippet(body)}`, fix: 'this is not an MCP endpoint (an MCP server answers with application/json or text/event-stream): check the URL' };
  }
  return { ok: true, saw: line };
}

/**
 * OAuth discovery of a server that asked for sign-in: its protected-resource metadata (RFC 9728:
 * the challenge's `resource_metadata`, else the well-known URL) and its authorization server's
 * metadata (RFC 8414 or OpenID Connect discovery), through the MCP SDK's own discovery.
 */
export async function probeOAuth(url: string, resourceMetadataUrl?: string): Promise<ProbeResult> {
  let prm: Awaited<ReturnType<typeof discoverOAuthProtectedResourceMetadata>> | undefined;
  try {
    prm = await discoverOAuthProtectedResourceMetadata(url, resourceMetadataUrl ? { resourceMetadataUrl } : {});
  } catch (err) {
    const where = resourceMetadataUrl ?? `${new URL(url).origin}/.well-known/oauth-protected-resource${new URL(url).pathname.replace(/\/$/, '')}`;
    return {
      ok: false,
      saw: `no protected-resource metadata at ${where} (${(err as Error).message})`,
      fix: 'the server asks for sign-in but does not say where: it must publish RFC 9728 metadata; or, if it takes an API key, put it in "headers" ("Authorization": "Bearer ${env:…}")',
    };
  }
  const issuer = prm?.authorization_servers?.[0];
  if (!issuer) return { ok: false, saw: `protected-resource metadata of ${prm?.resource ?? url} names no authorization server`, fix: 'the server must list its authorization_servers' };
  try {
    const as = await discoverAuthorizationServerMetadata(issuer);
    if (!as) return { ok: false, saw: `resource ${prm!.resource}: authorization server ${issuer} publishes no metadata (RFC 8414 or OpenID discovery)`, fix: 'the authorization server must serve /.well-known/oauth-authorization-server or /.well-known/openid-configuration' };
    const reg = as.registration_endpoint ? 'dynamic registration' : 'no dynamic registration';
    return { ok: true, saw: `resource ${prm!.resource}; authorization server ${as.issuer} (authorize ${as.authorization_endpoint}, token ${as.token_endpoint}, ${reg})` };
  } catch (err) {
    return { ok: false, saw: `authorization server ${issuer}: ${(err as Error).message}`, fix: 'the authorization server metadata is broken or unreachable' };
  }
}
