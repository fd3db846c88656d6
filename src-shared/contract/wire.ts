/**
 * The wire: the messages every transport carries (one shape for IPC, WebSocket and the
 * in-memory pair), the error a call fails with, and the tiny transport interface.
 */
import type { BridgeEventName } from './events';

/** The one Electron IPC channel the bridge's messages travel on (both ways). */
export const IPC_CHANNEL = 'glassbox:bridge';

/** Client → host. */
export interface CallMessage {
  kind: 'call';
  id: number;
  method: string;
  args: unknown[];
}

/** A failure that crosses the bridge: a stable code and a message for the user. */
export interface BridgeErrorInfo {
  code: 'UNKNOWN_METHOD' | 'BAD_ARGS' | 'BAD_MESSAGE' | 'NOT_FOUND' | 'BUSY' | 'FAILED' | 'CLOSED';
  message: string;
}

/** Host → client: the answer to a call. */
export type ResultMessage =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: BridgeErrorInfo };

/** Host → client: a pushed event. */
export interface EventMessage {
  kind: 'event';
  name: BridgeEventName;
  payload: unknown;
}

export type ClientToHost = CallMessage;

/**
 * Client → web host: the first frame of a browser's WebSocket (a page cannot set headers on
 * one, and the page cookie does not carry the token). Nothing else is answered before it.
 */
export interface WebAuthMessage {
  kind: 'auth';
  token: string;
}

/** Web host → client: the token in WebAuthMessage was right; the bridge is connected. */
export interface WebAuthOkMessage {
  kind: 'auth-ok';
}

/** The close code of a WebSocket whose first frame was not the right token. */
export const WEB_AUTH_REFUSED_CLOSE = 4401;
export type HostToClient = ResultMessage | EventMessage;

/** The error a client call rejects with. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorInfo['code'],
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * A tiny message transport (MCP SDK `Transport` style). One end of a connection; messages are
 * structured-cloneable objects. `onMessage` returns a disposer.
 */
export interface BridgeTransport<In, Out> {
  send(message: Out): void;
  onMessage(listener: (message: In) => void): () => void;
  onClose?(listener: () => void): () => void;
  close(): void;
}

/** The client end of a connection. */
export type ClientTransport = BridgeTransport<HostToClient, ClientToHost>;
/** The host end of a connection (incoming messages are untrusted: `unknown`). */
export type HostTransport = BridgeTransport<unknown, HostToClient>;
