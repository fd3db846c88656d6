import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpServerConfig } from '../../../config/config';

/**
 * What the connection of one HTTP or SSE server gets from sign-in: the whole contract between
 * the MCP connection and OAuth.
 *
 * The connection passes `fetch` as the transport's `fetch` option (Streamable HTTP and SSE
 * alike) and nothing else. That fetch adds the stored bearer token, and when the server answers
 * 401 (or 403 `insufficient_scope`) it signs in — refresh, or the browser when this host may
 * open one — and retries the request once, so a sign-in in the middle of a handshake or a call
 * does not fail it. When signing in is needed but cannot happen here it throws a
 * {@link SignInRequiredError} (an SDK `UnauthorizedError`): the connection shows the server as
 * `needs-sign-in` with the error's message, which says what to do.
 */
export interface McpServerAuth {
  /** The transport's `fetch`. */
  readonly fetch: FetchLike;
  /** The SDK provider behind `fetch` (stored tokens and client registration), for diagnostics. */
  readonly provider: OAuthClientProvider;
}

/**
 * Given to McpManager: for an HTTP/SSE server, its {@link McpServerAuth}; undefined for a
 * server that must not get one (stdio, or an `Authorization` header set in config). Async so
 * the OAuth code loads only when a remote server connects.
 */
export type McpAuthFactory = (serverId: string, config: McpServerConfig) => Promise<McpServerAuth | undefined>;
