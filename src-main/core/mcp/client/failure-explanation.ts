import { existsSync } from 'node:fs';
import { SdkError, SdkErrorCode, SdkHttpError, SseError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { McpServerConfig } from '../../config/config';
import type { McpTransportKind } from './transport-kind';

/** How a stdio process ended, when it did. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What an explanation may mention about the server. */
export interface FailureContext {
  /** The config as written (unexpanded: an expanded ${env:…} could be a secret). */
  config: McpServerConfig;
  /** The folder a stdio server was started in. */
  cwd: string;
  kind: McpTransportKind;
  exit?: ExitInfo;
  /** "\nstderr (last N lines): …" or ''. */
  stderr: string;
}

export function errMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** "the process exited with code 1" / "… was killed by SIGKILL". */
export function exitText(exit: ExitInfo | undefined): string | undefined {
  if (!exit) return undefined;
  return exit.code !== null ? `the process exited with code ${exit.code}` : `the process was killed by ${exit.signal}`;
}

/** True for the SDK's timeout of a request (handshake or call). */
export function isTimeout(err: unknown): boolean {
  return err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout;
}

/** True when the connection closed under a request. */
export function isConnectionClosed(err: unknown): boolean {
  return err instanceof SdkError && err.code === SdkErrorCode.ConnectionClosed;
}

/**
 * True when a request failed because the socket closed under it before any answer (undici's
 * UND_ERR_SOCKET, a reset): typically a kept-alive connection the server closed as the request
 * went out on it. Worth one more try on a fresh connection; nothing was answered.
 */
function isDroppedSocket(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return false;
}

/**
 * Why a failed connect is worth one more try, if it is: a remembered protocol era that no longer
 * works (`stale-era`: forget it and ask again), or a network transport's socket closed before any
 * answer (`dropped-socket`).
 */
export function connectRetry(err: unknown, kind: string, rememberedEra: boolean): 'stale-era' | 'dropped-socket' | null {
  if (rememberedEra && !needsSignIn(err)) return 'stale-era';
  return kind !== 'stdio' && isDroppedSocket(err) ? 'dropped-socket' : null;
}

/** HTTP status of a transport error, when it carries one. */
function httpStatus(err: unknown): number | undefined {
  if (err instanceof SdkHttpError) return err.status;
  if (err instanceof SseError && typeof err.code === 'number' && err.code > 0) return err.code;
  return undefined;
}

/**
 * True when the server wants the user to sign in: the transport's UnauthorizedError (an auth
 * provider needs the user) or a plain 401 (no provider, or the provider's token was refused).
 */
export function needsSignIn(err: unknown): boolean {
  if (err instanceof UnauthorizedError) return true;
  if (signInMessage(err) !== undefined) return true;
  if (err instanceof SdkError && err.code === SdkErrorCode.ClientHttpAuthentication) return true;
  if (httpStatus(err) === 401) return true;
  const cause = (err as { cause?: unknown })?.cause;
  return cause !== undefined && cause !== err && needsSignIn(cause);
}

/** The sign-in's own words, when the error is one of its SignInRequiredError / SignInFailedError (they say what to do). */
function signInMessage(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'SIGN_IN_REQUIRED' || code === 'SIGN_IN_FAILED') return e.message;
    // The SSE transport's event stream keeps only the message of what its fetch threw.
    const sse = e instanceof SseError ? SSE_SIGN_IN.exec(e.message) : null;
    if (sse) return sse[1];
  }
  return undefined;
}

/** A sign-in error's words inside an SseError's message (see signInMessage). */
const SSE_SIGN_IN = /^SSE error: ((?:MCP server '[^']+' needs sign-in|sign-in to MCP server '[^']+' failed): [\s\S]*)$/;

/** Turns a connect failure into words: command not on PATH, exit code, HTTP status, step. */
export function explainConnectFailure(err: unknown, step: string, ctx: FailureContext): string {
  const e = err as { code?: unknown; message?: string };
  const { config, kind } = ctx;
  if (kind === 'stdio' && e?.code === 'ENOENT') {
    // spawn says ENOENT for a missing cwd too: name the one that is actually missing.
    if (!existsSync(ctx.cwd)) return `the working folder '${ctx.cwd}' of command '${config.command}' does not exist`;
    return `command '${config.command}' was not found on PATH`;
  }
  if (kind === 'stdio' && (e?.code === 'EACCES' || e?.code === 'EPERM')) return `command '${config.command}' is not executable (${e.code})`;
  if (needsSignIn(err)) return signInMessage(err) ?? `${config.url} asks for sign-in (HTTP 401) during ${step}: sign in, then retry`;
  const status = httpStatus(err);
  if (status !== undefined || err instanceof SdkHttpError || err instanceof SseError) {
    return `${status !== undefined ? `HTTP ${status}` : 'no HTTP response'} from ${config.url} during ${step}: ${errMessage(err)}`;
  }
  const exit = exitText(ctx.exit);
  if (kind === 'stdio' && exit) return `${exit} during ${step}${ctx.stderr}`;
  if (isTimeout(err)) return `the server did not answer ${step} in time${kind === 'stdio' ? ctx.stderr : ''}`;
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ? `${errMessage(err)} (${cause.code})` : errMessage(err);
  return `handshake failed at ${step}: ${detail}${kind === 'stdio' ? ctx.stderr : ''}`;
}
