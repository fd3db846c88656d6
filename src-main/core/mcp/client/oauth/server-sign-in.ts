import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { McpOAuthConfig } from '../../../config/config';
import { authorizingFetch } from './authorizing-fetch';
import { GlassboxOAuthProvider } from './provider';
import type { OAuthStore } from './store';
import type { McpServerAuth } from './server-auth';
import { SignInFailedError } from './sign-in-errors';
import { SignInFlow, type SignInHost } from './sign-in-flow';

/** What one server's sign-in needs (values already expanded). */
export interface ServerSignInOptions {
  serverId: string;
  serverUrl: string;
  /** `sse` probes with GET, everything else with a POST of `initialize`. */
  transport: 'http' | 'sse';
  oauth: McpOAuthConfig;
  store: OAuthStore;
  host: SignInHost;
  signInHint: string;
  clientVersion?: string;
  onSecret?: (secret: string) => void;
  fetch: FetchLike;
}

const PROBE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'glassbox', version: '0.1.0' } },
});

/** One server's sign-in: its provider, flow and the transport's fetch, kept across reconnects. */
export class ServerSignIn implements McpServerAuth {
  readonly provider: GlassboxOAuthProvider;
  readonly flow: SignInFlow;
  readonly fetch: FetchLike;

  constructor(private readonly opts: ServerSignInOptions) {
    this.provider = new GlassboxOAuthProvider(opts);
    this.flow = new SignInFlow(opts.serverId, opts.serverUrl, this.provider, opts.host, opts.fetch, opts.oauth.scope, opts.signInHint);
    this.fetch = authorizingFetch(this.provider, this.flow, opts.serverId, opts.fetch);
  }

  /**
   * Signs in anew in the browser (`glassbox mcp login`, the window's Sign in button): asks the
   * server without a token for its challenge, then runs the sign-in. Resolves `not-needed`
   * when the server lets Glassbox in without one; throws SignInFailedError otherwise.
   */
  async login(): Promise<'signed-in' | 'not-needed'> {
    const { serverId, serverUrl, transport } = this.opts;
    let res: Response;
    try {
      res =
        transport === 'sse'
          ? await this.opts.fetch(serverUrl, { method: 'GET', headers: { Accept: 'text/event-stream' } })
          : await this.opts.fetch(serverUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
              body: PROBE_BODY,
            });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new SignInFailedError(serverId, `cannot reach ${serverUrl}: ${(err as Error).message}${cause ? ` (${cause})` : ''}`);
    }
    const challenge = extractWWWAuthenticateParams(res);
    await res.body?.cancel().catch(() => {});
    if (res.status !== 401 && res.status !== 403) return 'not-needed';
    // A new sign-in: the old tokens go (the client registration stays for reuse).
    this.provider.forgetTokens();
    await this.flow.afterUnauthorized(challenge, { interactive: true });
    return 'signed-in';
  }
}
