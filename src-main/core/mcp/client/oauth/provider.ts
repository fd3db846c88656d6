import { randomBytes } from 'node:crypto';
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { McpOAuthConfig } from '../../../config/config';
import type { OAuthStore, SavedServerAuth } from './store';
import { SignInRequiredError } from './sign-in-errors';

/** What one server's provider needs. */
export interface GlassboxOAuthProviderOptions {
  serverId: string;
  /** The server's URL as configured (after `${env:…}` expansion). */
  serverUrl: string;
  /** The server's `oauth` config, expanded (the client secret is real here). */
  oauth: McpOAuthConfig;
  store: OAuthStore;
  /** What to tell the user when a sign-in is needed but cannot happen now. */
  signInHint: string;
  clientVersion?: string;
  /** Called with every secret that comes to light (tokens, client secrets), to redact it. */
  onSecret?: (secret: string) => void;
}

/** A 256-bit random `state`, base64url. */
export function newState(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The SDK's view of Glassbox's sign-in to one MCP server: storage (tokens, clients by issuer,
 * discovery; the PKCE verifier stays in memory), the loopback redirect URI, the client's
 * identity (pre-registered from config, a Client ID Metadata Document URL, or dynamic
 * registration) and the hand-off to the browser — which only happens while a sign-in that may
 * open one is running (`authorize` set); otherwise it throws SignInRequiredError.
 */
export class GlassboxOAuthProvider implements OAuthClientProvider {
  /** The loopback port of the sign-in in progress. */
  callbackPort?: number;
  /** The `state` of the sign-in in progress. */
  pendingState?: string;
  /** Sends the user to the authorization URL; set only while an interactive sign-in runs. */
  authorize?: (url: URL) => Promise<void>;
  private saved: SavedServerAuth;
  /** The access token as last read from or written to the store: another one there is another process's. */
  private stored?: string;
  private verifier?: string;
  /** The issuer a pre-registered client was first used with (the SDK stamps credentials with it). */
  private preRegisteredIssuer?: string;

  constructor(private readonly opts: GlassboxOAuthProviderOptions) {
    const s = opts.store.load(opts.serverId);
    // Tokens issued for another URL (the config changed) are never sent to this one.
    this.saved = s && s.serverUrl === opts.serverUrl ? s : { serverUrl: opts.serverUrl };
    this.stored = this.saved.tokens?.access_token;
    this.reveal(this.saved.tokens?.access_token, this.saved.tokens?.refresh_token, this.saved.tokens?.id_token);
    for (const c of Object.values(this.saved.clients ?? {})) this.reveal(c.client_secret);
    this.reveal(opts.oauth.clientSecret);
  }

  private reveal(...secrets: Array<string | undefined>): void {
    for (const s of secrets) if (s) this.opts.onSecret?.(s);
  }

  /**
   * Writes the record. Tokens another process saved since this one last read or wrote the store
   * (`glassbox mcp login` while the window runs) are newer than the ones in memory: they are
   * taken up rather than overwritten — unless `ownTokens`, when this process has just got its own.
   */
  private persist(ownTokens = false): void {
    if (!ownTokens) this.reloadIfChanged();
    this.opts.store.save(this.opts.serverId, this.saved);
    this.stored = this.saved.tokens?.access_token;
  }

  /** The port the redirect URI names: the running sign-in's, else the configured or registered one. */
  get port(): number {
    const configured = this.opts.oauth.callbackPort;
    return this.callbackPort ?? (configured && configured > 0 ? configured : (this.saved.redirectPort ?? 0));
  }

  /** The port a dynamically registered client's redirect URI names (reused to keep it valid). */
  get registeredPort(): number | undefined {
    return this.opts.oauth.clientId ? undefined : this.saved.redirectPort;
  }

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  get clientMetadataUrl(): string | undefined {
    return this.opts.oauth.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Glassbox',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      application_type: 'native',
      software_id: 'glassbox',
      software_version: this.opts.clientVersion ?? '0.1.0',
      ...(this.opts.oauth.scope ? { scope: this.opts.oauth.scope } : {}),
    };
  }

  state(): string {
    return (this.pendingState ??= newState());
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret } = this.opts.oauth;
    if (clientId) {
      return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}), ...(this.preRegisteredIssuer ? { issuer: this.preRegisteredIssuer } : {}) };
    }
    const clients = this.saved.clients ?? {};
    return ctx ? clients[ctx.issuer] : Object.values(clients)[0];
  }

  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): void {
    // A pre-registered client lives in config; its secret is never written anywhere else.
    if (this.opts.oauth.clientId) {
      this.preRegisteredIssuer = ctx?.issuer ?? info.issuer;
      return;
    }
    const issuer = ctx?.issuer ?? info.issuer ?? '';
    this.saved.clients = { ...this.saved.clients, [issuer]: info };
    this.saved.redirectPort = this.port;
    this.reveal(info.client_secret);
    this.persist();
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.saved.tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.reveal(tokens.access_token, tokens.refresh_token, tokens.id_token);
    this.saved.tokens = tokens;
    this.saved.tokensSavedAt = Date.now();
    this.persist(true);
  }

  /** When the access token runs out (ms since the epoch), if the server said. */
  get expiresAt(): number | undefined {
    const t = this.saved.tokens;
    return t?.expires_in !== undefined && this.saved.tokensSavedAt !== undefined ? this.saved.tokensSavedAt + t.expires_in * 1000 : undefined;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.authorize) throw new SignInRequiredError(this.opts.serverId, this.opts.signInHint);
    await this.authorize(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no sign-in is in progress (no PKCE verifier)');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.saved.discovery = state;
    this.persist();
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.saved.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.saved.clients = undefined;
    if (scope === 'all' || scope === 'tokens') {
      this.saved.tokens = undefined;
      this.saved.tokensSavedAt = undefined;
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.saved.discovery = undefined;
    this.persist();
  }

  /**
   * Takes up tokens another process saved meanwhile (`glassbox mcp login` while the window
   * runs, or a refresh that rotated them); true when there were newer ones.
   */
  reloadIfChanged(): boolean {
    let s: SavedServerAuth | undefined;
    try {
      s = this.opts.store.load(this.opts.serverId);
    } catch {
      return false;
    }
    const token = s?.serverUrl === this.opts.serverUrl ? s.tokens?.access_token : undefined;
    if (!s || !token || token === this.saved.tokens?.access_token || token === this.stored) return false;
    this.saved = s;
    this.stored = token;
    this.reveal(token, s.tokens?.refresh_token, s.tokens?.id_token);
    return true;
  }

  /** Drops the PKCE verifier of a sign-in that ended. */
  clearVerifier(): void {
    this.verifier = undefined;
  }

  /** Forgets the tokens only (the client registration is kept for the next sign-in). */
  forgetTokens(): void {
    this.invalidateCredentials('tokens');
  }
}
