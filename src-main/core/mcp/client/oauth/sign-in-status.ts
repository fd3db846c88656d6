import type { SavedServerAuth } from './store';

/** Who is signed in to a server, as the server card and `mcp list` show it. No secrets. */
export interface SignInStatus {
  signedIn: boolean;
  /** The account, from the OpenID `id_token` when there is one (email, user name, name or subject). */
  account?: string;
  /** The authorization server that issued the tokens. */
  issuer?: string;
  /** Scopes granted. */
  scope?: string;
  /** When the access token runs out (ms since the epoch); it is refreshed then. */
  expiresAt?: number;
}

/** The claims of a JWT's payload, unverified (shown to the user, never trusted for anything). */
function jwtClaims(jwt: string): Record<string, unknown> | undefined {
  const part = jwt.split('.')[1];
  if (!part) return undefined;
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The status a saved record gives for `serverUrl`: tokens for another URL do not count. */
export function signInStatusOf(saved: SavedServerAuth | undefined, serverUrl: string | undefined): SignInStatus {
  const tokens = saved && saved.serverUrl === serverUrl ? saved.tokens : undefined;
  if (!tokens) return { signedIn: false };
  const claims = tokens.id_token ? jwtClaims(tokens.id_token) : undefined;
  const pick = (k: string) => (typeof claims?.[k] === 'string' ? (claims[k] as string) : undefined);
  const account = pick('email') ?? pick('preferred_username') ?? pick('name') ?? pick('sub');
  return {
    signedIn: true,
    ...(account ? { account: account.slice(0, 200) } : {}),
    ...(tokens.issuer ? { issuer: tokens.issuer } : {}),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    ...(tokens.expires_in !== undefined && saved?.tokensSavedAt !== undefined ? { expiresAt: saved.tokensSavedAt + tokens.expires_in * 1000 } : {}),
  };
}
