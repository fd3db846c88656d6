import { UnauthorizedError } from '@modelcontextprotocol/client';

/**
 * A server wants a sign-in that cannot happen here (no terminal and no `$BROWSER`, or nobody
 * asked for one). An SDK `UnauthorizedError`, so the connection shows `needs-sign-in`; the
 * message says how to sign in.
 */
export class SignInRequiredError extends UnauthorizedError {
  readonly code = 'SIGN_IN_REQUIRED';
  constructor(
    readonly serverId: string,
    hint: string,
  ) {
    super(`MCP server '${serverId}' needs sign-in: ${hint}`);
    this.name = 'SignInRequiredError';
  }
}

/**
 * A sign-in was tried and did not work (the authorization server refused, a wrong `state` or
 * issuer came back, the metadata is missing or wrong). Also an `UnauthorizedError`: the server
 * stays `needs-sign-in`, with this message as the reason.
 */
export class SignInFailedError extends UnauthorizedError {
  readonly code = 'SIGN_IN_FAILED';
  constructor(
    readonly serverId: string,
    readonly reason: string,
  ) {
    super(`sign-in to MCP server '${serverId}' failed: ${reason}`);
    this.name = 'SignInFailedError';
  }
}
