import { join } from 'node:path';
import { loadConfig } from '../../core/config/config';
import { glassboxPaths, type GlassboxPaths } from '../../core/config/paths';
import { systemBrowser } from '../../core/mcp/client/oauth/browser-opener';
import { FileOAuthStore } from '../../core/mcp/client/oauth/file-store';
import { McpSignIn, mayUseOAuth } from '../../core/mcp/client/oauth/sign-in';
import { signOutLine } from '../../core/mcp/client/oauth/revoke-tokens';
import type { HostSignInOptions } from '../../core/mcp/client/oauth/sign-in-options';
import { parseCliArgs, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';

/** The usage lines of `mcp login|logout`, for `glassbox mcp --help`. */
export const LOGIN_USAGE = `  glassbox mcp login ID [--workspace DIR]
  glassbox mcp logout ID [--workspace DIR]`;

/** The help text of `mcp login|logout`, for `glassbox mcp --help`. */
export const LOGIN_HELP = `login   OAuth sign-in to an HTTP/SSE server: opens the authorization URL ($BROWSER, else
        the system's opener; the URL is also printed on stderr) and waits for the
        redirect to 127.0.0.1. Exit 0 signed in; 1 sign-in failed; 2 usage, unknown
        server, or not an HTTP server.
logout  revokes a server's tokens at its authorization server when it offers revocation,
        then forgets them and the client registration. Exit 0; 2 usage/unknown server.`;

/** How long `glassbox` waits for the browser to come back from the authorization server. */
export const CALLBACK_TIMEOUT_MS = 5 * 60_000;

/** True when a command may send the user to a browser: a terminal to see the URL on, or `$BROWSER`. */
export function mayOpenBrowser(io: CliIO): boolean {
  return Boolean((io.stderr as { isTTY?: boolean }).isTTY) || Boolean(io.env.BROWSER?.trim());
}

/**
 * Sign-in as the CLI does it: tokens in 0600 files under `$GLASSBOX_HOME/state/oauth`, the
 * browser from `$BROWSER` or the platform, every line for the user on stderr. `interactive`:
 * whether a server that asks during `tools` or `run` may send the user to the browser.
 */
export function cliSignIn(io: CliIO, paths: GlassboxPaths, interactive = mayOpenBrowser(io), onSecret?: (s: string) => void): McpSignIn {
  const notify = (line: string) => println(io.stderr, line);
  return new McpSignIn({
    store: new FileOAuthStore(join(paths.state, 'oauth')),
    host: { interactive, openUrl: systemBrowser(io.env, notify), notify, callbackTimeoutMs: CALLBACK_TIMEOUT_MS },
    signInHint: (id) => `run \`glassbox mcp login ${id}\``,
    env: io.env,
    onSecret,
  });
}

/**
 * The sign-in of `glassbox tools` and `glassbox run`: a server that asks sends the user to the
 * browser when there is a terminal or `$BROWSER`; otherwise it is marked needs-sign-in and the
 * message says to run `glassbox mcp login ID`. Lines for the user go to stderr.
 */
export function cliSignInOptions(io: CliIO): HostSignInOptions {
  const notify = (line: string) => println(io.stderr, line);
  return { interactive: mayOpenBrowser(io), notify, openUrl: systemBrowser(io.env, notify), callbackTimeoutMs: CALLBACK_TIMEOUT_MS };
}

function serverOf(argv: string[], io: CliIO, verb: 'login' | 'logout') {
  const { values, positionals } = parseCliArgs(
    { args: argv, options: { workspace: { type: 'string' } }, allowPositionals: true },
    `Usage:\n${LOGIN_USAGE}`,
  );
  if (positionals.length !== 1) throw new UsageError(`mcp ${verb} needs exactly one server ID\n\nUsage:\n${LOGIN_USAGE}`);
  const id = positionals[0];
  const paths = glassboxPaths(io.env);
  const { config } = loadConfig(paths, workspaceOf(values.workspace, io));
  const servers = config.mcpServers ?? {};
  const server = Object.prototype.hasOwnProperty.call(servers, id) ? servers[id] : undefined;
  if (!server) {
    const known = Object.keys(servers);
    throw new UsageError(`no MCP server '${id}' in the config${known.length ? ` (configured: ${known.join(', ')})` : ''}`);
  }
  return { id, server, paths };
}

/** `glassbox mcp login ID`. */
export async function mcpLogin(argv: string[], io: CliIO): Promise<number> {
  const { id, server, paths } = serverOf(argv, io, 'login');
  if (!mayUseOAuth(server)) {
    throw new UsageError(
      server.url && !server.command
        ? `MCP server '${id}' sends its own Authorization header (config "headers"); it does not use sign-in`
        : `MCP server '${id}' is not an HTTP server; only HTTP and SSE servers sign in`,
    );
  }
  const signIn = cliSignIn(io, paths, true);
  try {
    const outcome = await signIn.login(id, server);
    if (outcome === 'not-needed') {
      println(io.stdout, `MCP server '${id}' lets Glassbox in without signing in; nothing to do.`);
      return EXIT.OK;
    }
    const who = signIn.status(id, server).account;
    println(io.stdout, `Signed in to MCP server '${id}'${who ? ` as ${who}` : ''}.`);
    return EXIT.OK;
  } catch (err) {
    println(io.stderr, `glassbox mcp login: ${(err as Error).message}`);
    return EXIT.FAILED;
  }
}

/** `glassbox mcp logout ID`. */
export async function mcpLogout(argv: string[], io: CliIO): Promise<number> {
  const { id, server, paths } = serverOf(argv, io, 'logout');
  if (!mayUseOAuth(server)) throw new UsageError(`MCP server '${id}' is not an HTTP server that signs in`);
  const { forgotten, revocation } = await cliSignIn(io, paths, false).logout(id, server);
  println(io.stdout, signOutLine(id, forgotten, revocation));
  return EXIT.OK;
}
