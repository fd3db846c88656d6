import type { WebSocket } from 'ws';
import { WEB_AUTH_REFUSED_CLOSE, type HostToClient, type HostTransport, type WebAuthOkMessage } from '../../src-shared/contract/wire';
import { checkAuthFrame } from './security';

/** How long a socket admitted by the page cookie may take to send the token. */
const AUTH_TIMEOUT_MS = 30_000;

/**
 * Keeps one bad connection from taking the host down: an oversized frame (over maxPayload),
 * invalid UTF-8 in a text frame or a socket error ends this connection only. Without an
 * `error` listener, `ws` would throw the error out of the event loop and end the process.
 */
export function containErrors(ws: WebSocket): void {
  ws.on('error', () => {
    // ws has already sent the close frame (1009 too big, 1007 bad UTF-8) where it could.
    ws.terminate();
  });
}

/**
 * Waits for the first frame of a browser's socket to carry the token (`{"kind":"auth","token"}`)
 * and then calls `admitted`; anything else, or nothing within 30 s, closes the socket with
 * 4401 and nothing reaches the bridge. The page cookie that let the upgrade through holds a
 * value derived from the token, so a server on another port that receives it cannot use it.
 */
export function awaitAuthFrame(ws: WebSocket, token: string, admitted: () => void): void {
  const timer = setTimeout(() => ws.close(WEB_AUTH_REFUSED_CLOSE, 'No token'), AUTH_TIMEOUT_MS);
  timer.unref?.();
  ws.once('close', () => clearTimeout(timer));
  ws.once('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    clearTimeout(timer);
    const verdict = isBinary ? ({ ok: false, reason: 'The first message must be text' } as const) : checkAuthFrame(data.toString(), token);
    if (!verdict.ok) {
      ws.close(WEB_AUTH_REFUSED_CLOSE, verdict.reason.slice(0, 120));
      return;
    }
    const ok: WebAuthOkMessage = { kind: 'auth-ok' };
    ws.send(JSON.stringify(ok));
    admitted();
  });
}

/** The host end of one WebSocket: JSON text frames; unparsable frames are dropped. */
export function webSocketTransport(ws: WebSocket): HostTransport {
  return {
    send(message: HostToClient) {
      if (ws.readyState !== ws.OPEN) throw new Error('socket closed');
      ws.send(JSON.stringify(message));
    },
    onMessage(listener) {
      const h = (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void => {
        if (isBinary) return;
        let msg: unknown;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          return;
        }
        listener(msg);
      };
      ws.on('message', h);
      return () => ws.off('message', h);
    },
    onClose(listener) {
      ws.on('close', listener);
      return () => ws.off('close', listener);
    },
    close() {
      ws.close();
    },
  };
}
