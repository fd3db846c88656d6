import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { GlassboxOAuthProvider } from './provider';
import { SignInFailedError } from './sign-in-errors';
import type { SignInFlow } from './sign-in-flow';

/** Step-ups one request may cause before Glassbox gives up (the server keeps asking for more). */
export const MAX_STEP_UPS = 2;
/** A token this close to its expiry is refreshed before it is sent (a tenth of a short lifetime). */
const EXPIRY_MARGIN_MS = 30_000;

/** True when the stored access token has run out, or nearly. */
function nearlyExpired(provider: GlassboxOAuthProvider): boolean {
  const expires = provider.expiresAt;
  const lifetime = (provider.tokens()?.expires_in ?? 0) * 1000;
  return expires !== undefined && expires - Math.min(EXPIRY_MARGIN_MS, lifetime / 10) < Date.now();
}

function withBearer(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

async function drain(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => {});
}

/**
 * The fetch an OAuth-capable transport uses: sends the stored access token (refreshed first
 * when it has run out); on 401 signs in once and retries; on 403 `insufficient_scope` asks for
 * the wider scope and retries, at most MAX_STEP_UPS times. A server that still refuses a
 * fresh token is a failed sign-in, not a loop.
 */
export function authorizingFetch(provider: GlassboxOAuthProvider, flow: SignInFlow, serverId: string, base: FetchLike): FetchLike {
  return async (input, init) => {
    let signedIn = false;
    let stepUps = 0;
    for (;;) {
      if (!signedIn && nearlyExpired(provider) && provider.tokens()?.refresh_token) {
        // Best effort: when the refresh fails the 401 below signs in properly.
        await flow.refresh().catch(() => {});
      }
      const sent = provider.tokens()?.access_token;
      const res = await base(input, withBearer(init, sent));
      if (res.status === 401) {
        if (signedIn) {
          await drain(res);
          throw new SignInFailedError(serverId, 'the server refused the new token too (HTTP 401)');
        }
        const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(res);
        await drain(res);
        try {
          await flow.afterUnauthorized({ resourceMetadataUrl, scope });
        } catch (err) {
          // The sign-in this request waited for may have started before another process signed
          // in (or another request took up its tokens): with other tokens than the refused one, try them.
          provider.reloadIfChanged();
          const now = provider.tokens()?.access_token;
          if (!now || now === sent) throw err;
        }
        signedIn = true;
        continue;
      }
      if (res.status === 403) {
        const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(res);
        if (error === 'insufficient_scope') {
          await drain(res);
          if (stepUps >= MAX_STEP_UPS) {
            throw new SignInFailedError(serverId, `the server still asks for more scope${scope ? ` (${scope})` : ''} after ${MAX_STEP_UPS} sign-ins; stopped asking`);
          }
          stepUps++;
          await flow.stepUp({ resourceMetadataUrl, scope });
          continue;
        }
      }
      return res;
    }
  };
}
