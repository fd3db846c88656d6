import type { ClientTransport, HostToClient } from '../../../src-shared/contract/wire';

/**
 * The client end of the bridge over the web host's WebSocket (`/bridge`, same origin; the
 * HttpOnly token cookie rides along). Resolves once open.
 */
export function openWebSocketTransport(url: string): Promise<ClientTransport> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const listeners = new Set<(m: HostToClient) => void>();
    const closeListeners = new Set<() => void>();
    ws.addEventListener('message', (ev) => {
      if (typeof ev.data !== 'string') return;
      let msg: HostToClient;
      try {
        msg = JSON.parse(ev.data) as HostToClient;
      } catch {
        return;
      }
      for (const l of [...listeners]) l(msg);
    });
    ws.addEventListener('close', () => {
      for (const l of [...closeListeners]) l();
    });
    ws.addEventListener('error', () => reject(new Error('Could not connect to the Glassbox web host.')));
    ws.addEventListener('open', () =>
      resolve({
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
      }),
    );
  });
}
