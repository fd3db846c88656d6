import {
  auth,
  computeScopeUnion,
  isStrictScopeSuperset,
  IssuerMismatchError,
  AuthorizationServerMismatchError,
  OAuthError,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { checkAuthorizationUrl, type OpenUrl } from './browser-opener';
import type { GlassboxOAuthProvider } from './provider';
import { newState } from './provider';
import { CallbackError, LoopbackCallback } from './loopback-callback';
import { SignInFailedError, SignInRequiredError } from './sign-in-errors';

/** What a sign-in may do in this host. */
export interface SignInHost {
  /** True when a browser may be opened (a terminal or `$BROWSER` in the CLI; always in the window). */
  interactive: boolean;
  openUrl: OpenUrl;
  /** A line for the user (the CLI writes it on stderr): the URL to open, progress, warnings. */
  notify(line: string): void;
  /** How long to wait for the browser to come back. */
  callbackTimeoutMs: number;
}

/** A server's challenge: what its `WWW-Authenticate` said. */
export interface Challenge {
  resourceMetadataUrl?: URL;
  scope?: string;
}

/**
 * One server's sign-in, driven by the SDK's `auth()` (discovery RFC 9728 → RFC 8414 / OpenID,
 * registration, PKCE, the token request with the RFC 8707 resource indicator, refresh, the
 * RFC 9207 `iss` check): Glassbox adds the loopback redirect, the browser, the `state` check,
 * step-up scopes and messages a user can act on. One sign-in at a time per server: callers
 * that arrive while one runs wait for it.
 */
export class SignInFlow {
  private running?: Promise<void>;
  /** The scope asked for last, kept so a step-up does not lose what was granted before. */
  private lastScope?: string;

  constructor(
    private readonly serverId: string,
    private readonly serverUrl: string,
    private readonly provider: GlassboxOAuthProvider,
    private readonly host: SignInHost,
    private readonly baseFetch: FetchLike,
    private readonly configuredScope: string | undefined,
    private readonly signInHint: string,
  ) {}

  /** Whether a sign-in is running now. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Signs in (or refreshes) after a 401; waits for one already running instead of starting another. */
  afterUnauthorized(challenge: Challenge, opts: { interactive?: boolean } = {}): Promise<void> {
    return this.once(async () => {
      // Another process may have signed in (or refreshed) meanwhile: try its tokens first.
      if (this.provider.reloadIfChanged()) return;
      // A rejected token means something changed (revoked, or the server moved to another
      // authorization server): discover again rather than trust what was found last time.
      this.provider.invalidateCredentials('discovery');
      return this.authorize({ ...challenge, scope: computeScopeUnion(this.configuredScope, challenge.scope) }, opts.interactive);
    });
  }

  /** Asks for more scope after a 403 `insufficient_scope`, keeping what was asked for before. */
  stepUp(challenge: Challenge): Promise<void> {
    return this.once(() => {
      const current = this.provider.tokens()?.scope;
      const scope = computeScopeUnion(this.configuredScope, this.lastScope, current, challenge.scope);
      return this.authorize({ ...challenge, scope }, undefined, isStrictScopeSuperset(scope, current));
    });
  }

  /** Refreshes an access token that ran out, before the server has to say so. */
  refresh(): Promise<void> {
    return this.once(() => this.authorize({ scope: this.lastScope }, false));
  }

  private once(run: () => Promise<void>): Promise<void> {
    if (this.running) return this.running;
    this.running = run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private fail(reason: string): SignInFailedError {
    return new SignInFailedError(this.serverId, reason);
  }

  /** Words for what went wrong inside the SDK's flow. */
  private explain(err: unknown): Error {
    if (err instanceof SignInRequiredError || err instanceof SignInFailedError) return err;
    if (err instanceof IssuerMismatchError) {
      return this.fail(
        err.kind === 'authorization_response'
          ? `the redirect named issuer '${err.received ?? '(none)'}' but the sign-in went to '${err.expected ?? '(unknown)'}' (a mix-up attack, or a misconfigured server); nothing was sent`
          : `the authorization server's metadata names issuer '${err.received ?? '(none)'}', not '${err.expected ?? '(unknown)'}'`,
      );
    }
    if (err instanceof AuthorizationServerMismatchError) return this.fail(`the authorization server changed during the sign-in: ${err.message}`);
    if (err instanceof OAuthError) return this.fail(`the authorization server answered ${err.code}${err.message && err.message !== err.code ? `: ${err.message}` : ''}`);
    if (err instanceof CallbackError) return this.fail(err.message);
    const cause = (err as { cause?: { code?: string } })?.cause?.code;
    return this.fail(`${err instanceof Error ? err.message : String(err)}${cause ? ` (${cause})` : ''}`);
  }

  private async listen(): Promise<LoopbackCallback> {
    const registered = this.provider.registeredPort;
    const port = this.provider.port;
    try {
      return await LoopbackCallback.listen(port, `'${this.serverId}'`);
    } catch (err) {
      if (port === 0) throw err;
      if (registered !== port) throw this.fail(`cannot listen for the redirect on 127.0.0.1:${port} (oauth.callbackPort): ${(err as Error).message}`);
      // The port the client was registered with is taken: register again with a free one.
      this.provider.invalidateCredentials('client');
      return LoopbackCallback.listen(0, `'${this.serverId}'`);
    }
  }

  private async authorize(challenge: Challenge, interactiveOverride?: boolean, forceReauthorization = false): Promise<void> {
    const interactive = interactiveOverride ?? this.host.interactive;
    const tokens = this.provider.tokens();
    // Nothing to refresh and nobody to ask: say so without touching the authorization server.
    if (!interactive && !tokens?.refresh_token) throw new SignInRequiredError(this.serverId, this.signInHint);
    const options = {
      serverUrl: this.serverUrl,
      resourceMetadataUrl: challenge.resourceMetadataUrl,
      scope: challenge.scope,
      fetchFn: this.baseFetch,
      forceReauthorization,
    };
    if (challenge.scope) this.lastScope = challenge.scope;
    let callback: LoopbackCallback | undefined;
    try {
      if (interactive) {
        callback = await this.listen();
        this.provider.callbackPort = callback.port;
        const state = newState();
        this.provider.pendingState = state;
        callback.expect(state);
        this.provider.authorize = async (url) => {
          const ok = checkAuthorizationUrl(url.href);
          if (!ok.ok) throw this.fail(`the authorization URL is not opened: ${ok.reason}`);
          this.host.notify(`Sign in to MCP server '${this.serverId}' in your browser: ${ok.url}`);
          await this.host.openUrl(ok.url);
        };
      }
      const first = await auth(this.provider, options);
      if (first === 'AUTHORIZED') return;
      if (!callback) throw new SignInRequiredError(this.serverId, this.signInHint);
      const params = await callback.wait(this.host.callbackTimeoutMs);
      const error = params.get('error');
      // error_description is left out: on a mix-up it is the attacker's text.
      if (error) throw this.fail(`the authorization server refused the sign-in (${error.slice(0, 100)})`);
      const code = params.get('code');
      if (!code) throw this.fail('the redirect back from the browser carried no authorization code');
      const second = await auth(this.provider, { ...options, authorizationCode: code, iss: params.get('iss') ?? undefined });
      if (second !== 'AUTHORIZED') throw this.fail('the authorization server did not issue a token');
      callback?.reply({ ok: true });
      this.host.notify(`Signed in to MCP server '${this.serverId}'.`);
    } catch (err) {
      const explained = this.explain(err);
      callback?.reply({ ok: false, reason: explained.message });
      throw explained;
    } finally {
      this.provider.authorize = undefined;
      this.provider.pendingState = undefined;
      this.provider.callbackPort = undefined;
      this.provider.clearVerifier();
      await callback?.close();
    }
  }
}
