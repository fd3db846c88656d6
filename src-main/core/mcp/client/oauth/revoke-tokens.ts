import type { FetchLike } from '@modelcontextprotocol/client';
import { checkAuthorizationUrl } from './browser-opener';
import type { SavedServerAuth } from './store';

/** What signing out told the authorization server: both tokens revoked, or why not. */
export type Revocation =
  | { outcome: 'revoked' }
  /** The authorization server names no revocation endpoint (RFC 7009): the tokens live until they expire. */
  | { outcome: 'not-offered' }
  /** There were no tokens to revoke. */
  | { outcome: 'nothing' }
  /** The endpoint refused or could not be reached; `reason` never holds a token. */
  | { outcome: 'failed'; reason: string };

/** The client that revokes: the pre-registered one from config, else the one registered for the issuer. */
export interface RevokingClient {
  clientId: string;
  clientSecret?: string;
  /** How the client authenticates at the token endpoint; `client_secret_basic` unless it said otherwise. */
  authMethod?: string;
}

/** How long signing out waits for the authorization server before giving up on revocation. */
export const REVOKE_TIMEOUT_MS = 5_000;

/** The client of a saved sign-in: the configured one wins; else the one registered with the tokens' issuer. */
export function revokingClientOf(saved: SavedServerAuth, configured?: { clientId?: string; clientSecret?: string }): RevokingClient | undefined {
  if (configured?.clientId) return { clientId: configured.clientId, clientSecret: configured.clientSecret };
  const clients = saved.clients ?? {};
  const issuer = saved.tokens?.issuer;
  const info = (issuer !== undefined ? clients[issuer] : undefined) ?? Object.values(clients)[0];
  if (!info) return undefined;
  const method = 'token_endpoint_auth_method' in info ? (info.token_endpoint_auth_method as string | undefined) : undefined;
  return { clientId: info.client_id, clientSecret: info.client_secret, authMethod: method };
}

/**
 * Revokes a sign-in's refresh token, then its access token, at the authorization server's
 * revocation endpoint (RFC 7009), authenticating as the client did at the token endpoint.
 * Best effort and bounded in time: the caller forgets the tokens whatever this says.
 */
export async function revokeTokens(saved: SavedServerAuth | undefined, client: RevokingClient | undefined, fetchFn: FetchLike, timeoutMs = REVOKE_TIMEOUT_MS): Promise<Revocation> {
  const tokens = saved?.tokens;
  const todo = [
    ...(tokens?.refresh_token ? [{ token: tokens.refresh_token, hint: 'refresh_token' }] : []),
    ...(tokens?.access_token ? [{ token: tokens.access_token, hint: 'access_token' }] : []),
  ];
  if (todo.length === 0) return { outcome: 'nothing' };
  // OAuth metadata (RFC 8414) names it; OpenID discovery metadata may too, untyped.
  const endpoint = (saved?.discovery?.authorizationServerMetadata as { revocation_endpoint?: unknown } | undefined)?.revocation_endpoint;
  if (typeof endpoint !== 'string') return { outcome: 'not-offered' };
  // Tokens go only where an authorization URL may: https, or http on a loopback host.
  const checked = checkAuthorizationUrl(endpoint);
  if (!checked.ok) return { outcome: 'failed', reason: `the revocation endpoint is refused: ${checked.reason}` };
  if (!client) return { outcome: 'failed', reason: 'no client registration to revoke with' };
  const signal = AbortSignal.timeout(timeoutMs);
  for (const { token, hint } of todo) {
    const form = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
    if (client.clientSecret && client.authMethod !== 'client_secret_post') {
      headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', client.clientId);
      if (client.clientSecret) form.set('client_secret', client.clientSecret);
    }
    let status: number;
    try {
      const res = await fetchFn(endpoint, { method: 'POST', headers, body: form.toString(), signal });
      status = res.status;
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      const why = signal.aborted ? `no answer in ${timeoutMs / 1000} s` : (err as Error).message;
      return { outcome: 'failed', reason: `${new URL(endpoint).origin}: ${why}` };
    }
    // RFC 7009 §2.2: 200 also for a token the server no longer knows.
    if (status !== 200) return { outcome: 'failed', reason: `${new URL(endpoint).origin} answered HTTP ${status} to the ${hint.replace('_', ' ')}` };
  }
  return { outcome: 'revoked' };
}

/** One line for the user about a sign-out. */
export function signOutLine(serverId: string, forgotten: boolean, revocation: Revocation): string {
  if (!forgotten) return `MCP server '${serverId}' had no sign-in to forget.`;
  const told =
    revocation.outcome === 'revoked'
      ? 'the authorization server revoked them'
      : revocation.outcome === 'not-offered'
        ? 'the authorization server offers no revocation, so they stay valid until they expire'
        : revocation.outcome === 'failed'
          ? `revoking them failed (${revocation.reason}); they stay valid until they expire`
          : 'there were no tokens to revoke';
  return `Signed out of MCP server '${serverId}': its tokens are forgotten and ${told}.`;
}
