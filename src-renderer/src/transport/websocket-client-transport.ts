import { WEB_AUTH_REFUSED_CLOSE, type ClientTransport, type HostToClient, type WebAuthMessage } from '../../../src-shared/contract/wire';

/**
 * The client end of the bridge over the web host's WebSocket (`/bridge`, same origin; the
 * page cookie lets the upgrade through). Its first frame is the token; resolves once the host
 * has accepted it (`auth-ok`), rejects when it refuses it.
 */
export function openWebSocketTransport(url: string, token: string): Promise<ClientTransport> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const listeners = new Set<(m: HostToClient) => void>();
    const closeListeners = new Set<() => void>();
    let admitted = false;
    ws.addEventListener('message', (ev) => {
      if (typeof ev.data !== 'string') return;
      let msg: HostToClient | { kind: 'auth-ok' };
      try {
        msg = JSON.parse(ev.data) as HostToClient | { kind: 'auth-ok' };
      } catch {
        return;
      }
      if (msg.kind === 'auth-ok') {
        if (!admitted) {
          admitted = true;
          resolve(transport);
        }
        return;
      }
      for (const l of [...listeners]) l(msg);
    });
    ws.addEventListener('close', (ev) => {
      if (!admitted) {
        reject(
          new Error(
            ev.code === WEB_AUTH_REFUSED_CLOSE
              ? 'The Glassbox web host refused this page\'s token (a new `glassbox web` has a new one).'
              : 'Could not connect to the Glassbox web host.',
          ),
        );
      }
      for (const l of [...closeListeners]) l();
    });
    ws.addEventListener('error', () => reject(new Error('Could not connect to the Glassbox web host.')));
    ws.addEventListener('open', () => {
      const auth: WebAuthMessage = { kind: 'auth', token };
      ws.send(JSON.stringify(auth));
    });
    const transport: ClientTransport = {
        send(m) {
          if (ws.readyState !== WebSocket.OPEN) throw new Error('The connection to Glassbox is closed.');
          ws.send(JSON.stringify(m));
        },
        onMessage(l) {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        onClose(l) {
          closeListeners.add(l);
          return () => closeListeners.delete(l);
        },
        close() {
          ws.close();
        },
      };
  });
}
