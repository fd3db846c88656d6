import { createClientApi, createTransportLink, type GlassboxApi } from '../../../src-shared/contract/client';
import { openWebSocketTransport } from './websocket-client-transport';

/** The bridge, however this window reached it. */
export interface Connection {
  api: GlassboxApi;
  kind: 'electron' | 'web';
  /** Called when the link drops (web only; Electron's lives as long as the window). */
  onClose(listener: () => void): void;
}

/**
 * Picks the transport at start: the preload's `window.glassbox` in the desktop app, else a
 * WebSocket to the web host that served this page. Everything after this is identical.
 */
export async function connectApi(): Promise<Connection> {
  const exposed = (window as unknown as { glassbox?: GlassboxApi }).glassbox;
  if (exposed && typeof exposed === 'object' && 'agent' in exposed) {
    return { api: exposed, kind: 'electron', onClose: () => {} };
  }
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const transport = await openWebSocketTransport(`${proto}//${location.host}/bridge`);
  const link = createTransportLink(transport);
  return {
    api: createClientApi(link),
    kind: 'web',
    onClose: (l) => {
      transport.onClose?.(l);
    },
  };
}
