import type { FetchLike } from '@modelcontextprotocol/client';
import type { McpOAuthConfig, McpServerConfig } from '../../../config/config';
import { expandReferences } from '../../../secrets/references';
import type { OAuthStore } from './store';
import { revokeTokens, revokingClientOf, type Revocation } from './revoke-tokens';
import type { McpAuthFactory } from './server-auth';
import type { ServerSignIn } from './server-sign-in';
import type { SignInHost } from './sign-in-flow';
import { signInStatusOf, type SignInStatus } from './sign-in-status';

/** What a host (CLI, web host, desktop app) decides about sign-in. */
export interface McpSignInOptions {
  store: OAuthStore;
  host: SignInHost;
  /** What to tell the user when a server needs a sign-in that cannot happen now. */
  signInHint: (serverId: string) => string;
  env?: NodeJS.ProcessEnv;
  clientVersion?: string;
  /** Called with every token and client secret that comes to light (the session redacts them). */
  onSecret?: (secret: string) => void;
  /** The network (tests, and the SDK's own fetch by default). */
  fetch?: FetchLike;
}

/** True for a server that may get OAuth: remote, and no `Authorization` header of its own. */
export function mayUseOAuth(config: McpServerConfig): boolean {
  if (!config.url || config.command || config.type === 'stdio') return false;
  return !Object.keys(config.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
}

let serverSignInModule: Promise<typeof import('./server-sign-in')> | undefined;

/**
 * Sign-in to the MCP servers of a session or command: hands each remote server's connection
 * its McpServerAuth (`factory`), signs in and out by hand (`login`, `logout`), and says who is
 * signed in (`status`). The OAuth code and the SDK's auth helpers load on the first remote
 * server, so sessions without one never pay for them.
 */
export class McpSignIn {
  private readonly servers = new Map<string, { key: string; auth: ServerSignIn }>();
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly opts: McpSignInOptions) {
    this.env = opts.env ?? process.env;
  }

  /** For McpManager: the auth of a remote server (the same object across reconnects). */
  readonly factory: McpAuthFactory = async (serverId, config) => (mayUseOAuth(config) ? this.serverAuth(serverId, config) : undefined);

  private async serverAuth(serverId: string, config: McpServerConfig): Promise<ServerSignIn> {
    const where = `mcpServers.${serverId}`;
    const url = expandReferences(config.url!, `${where}.url`, this.env);
    const oauth = expandReferences<McpOAuthConfig>(config.oauth ?? {}, `${where}.oauth`, this.env);
    const transport = config.type === 'sse' ? 'sse' : 'http';
    const key = JSON.stringify([url, oauth, transport]);
    const known = this.servers.get(serverId);
    if (known?.key === key) return known.auth;
    serverSignInModule ??= import('./server-sign-in');
    const { ServerSignIn } = await serverSignInModule;
    const auth = new ServerSignIn({
      serverId,
      serverUrl: url,
      transport,
      oauth,
      store: this.opts.store,
      host: this.opts.host,
      signInHint: this.opts.signInHint(serverId),
      clientVersion: this.opts.clientVersion,
      onSecret: this.opts.onSecret,
      fetch: this.opts.fetch ?? ((input, init) => fetch(input, init)),
    });
    this.servers.set(serverId, { key, auth });
    return auth;
  }

  /** Whether a server signs in at all (remote, without its own Authorization header). */
  applies(config: McpServerConfig): boolean {
    return mayUseOAuth(config);
  }

  /**
   * Signs in to a server in the browser, whatever this host's `interactive` says. Throws a
   * plain Error for a server that cannot use OAuth, SignInFailedError when the sign-in fails.
   */
  async login(serverId: string, config: McpServerConfig): Promise<'signed-in' | 'not-needed'> {
    if (!mayUseOAuth(config)) {
      throw new Error(
        config.url && !config.command
          ? `MCP server '${serverId}' has an Authorization header in its config; it does not use sign-in`
          : `MCP server '${serverId}' is not an HTTP server; only HTTP and SSE servers sign in`,
      );
    }
    return (await this.serverAuth(serverId, config)).login();
  }

  /**
   * Signs out of a server: revokes its tokens at the authorization server when it offers that
   * (RFC 7009, bounded in time), then forgets the tokens and client registration whatever the
   * revocation said. `forgotten` is false when there was no sign-in.
   */
  async logout(serverId: string, config?: McpServerConfig): Promise<{ forgotten: boolean; revocation: Revocation }> {
    this.servers.delete(serverId);
    const saved = this.opts.store.load(serverId);
    let revocation: Revocation = { outcome: 'nothing' };
    if (saved) {
      let configured: McpOAuthConfig | undefined;
      try {
        configured = config?.oauth ? expandReferences<McpOAuthConfig>(config.oauth, `mcpServers.${serverId}.oauth`, this.env) : undefined;
      } catch {
        configured = undefined;
      }
      revocation = await revokeTokens(saved, revokingClientOf(saved, configured), this.opts.fetch ?? ((input, init) => fetch(input, init)));
    }
    return { forgotten: this.opts.store.remove(serverId), revocation };
  }

  /** Who is signed in to a server (no secrets). A record that cannot be read counts as signed out. */
  status(serverId: string, config: McpServerConfig): SignInStatus {
    if (!mayUseOAuth(config)) return { signedIn: false };
    let url: string | undefined;
    try {
      url = expandReferences(config.url!, `mcpServers.${serverId}.url`, this.env);
      return signInStatusOf(this.opts.store.load(serverId), url);
    } catch {
      return { signedIn: false };
    }
  }
}
