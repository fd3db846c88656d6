import { join } from 'node:path';
import type { GlassboxPaths } from '../../../config/paths';
import { systemBrowser, type OpenUrl } from './browser-opener';
import { FileOAuthStore } from './file-store';
import { McpSignIn } from './sign-in';
import type { OAuthStore } from './store';

/** How MCP sign-in behaves in one host; every field has a default. */
export interface HostSignInOptions {
  /**
   * Whether a server that asks while connecting may send the user to the browser on its own.
   * Default false: it shows `needs-sign-in` until someone signs in (`mcp login`, Sign in).
   */
  interactive?: boolean;
  /** How the browser is opened (default `$BROWSER`, else the platform's opener; the app: the system browser). */
  openUrl?: OpenUrl;
  /** Where lines for the user go (default: `log` events of the session). */
  notify?: (line: string) => void;
  /** Where tokens are kept (default: 0600 files under `$GLASSBOX_HOME/state/oauth`). */
  store?: OAuthStore;
  /** What a server that needs a sign-in tells the user to do (default: run `glassbox mcp login ID`). */
  hint?: (serverId: string) => string;
  /** How long a sign-in waits for the browser to come back (default 5 minutes). */
  callbackTimeoutMs?: number;
}

/** Builds a session's McpSignIn from the host's options. */
export function createMcpSignIn(args: {
  paths: GlassboxPaths;
  env: NodeJS.ProcessEnv;
  options?: HostSignInOptions;
  /** Every token and client secret, as it comes to light (the session's redactor). */
  onSecret: (secret: string) => void;
  /** The default `notify`. */
  log: (line: string) => void;
  clientVersion?: string;
}): McpSignIn {
  const o = args.options ?? {};
  const notify = o.notify ?? args.log;
  return new McpSignIn({
    store: o.store ?? new FileOAuthStore(join(args.paths.state, 'oauth')),
    host: {
      interactive: o.interactive ?? false,
      openUrl: o.openUrl ?? systemBrowser(args.env, notify),
      notify,
      callbackTimeoutMs: o.callbackTimeoutMs ?? 5 * 60_000,
    },
    signInHint: o.hint ?? ((id) => `run \`glassbox mcp login ${id}\``),
    env: args.env,
    onSecret: args.onSecret,
    clientVersion: args.clientVersion,
  });
}
