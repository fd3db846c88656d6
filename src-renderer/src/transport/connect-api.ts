import { createClientApi, createTransportLink, type GlassboxApi } from '../../../src-shared/contract/client';
import { openWebSocketTransport } from './websocket-client-transport';
import { takeWebToken } from './web-token';

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
  // Each tab shows its own session: a reload asks for the one this tab showed (kept per tab).
  const shown = readShownSession();
  const token = takeWebToken();
  if (!token) throw new Error('This page has no token for the Glassbox web host.');
  const transport = await openWebSocketTransport(`${proto}//${location.host}/bridge${shown ? `?session=${encodeURIComponent(shown)}` : ''}`, token);
  const link = createTransportLink(transport);
  const api = createClientApi(link);
  api.sessions.onSwitched((view) => rememberShownSession(view.summary.id));
  api.agent.onState((state) => rememberShownSession(state.sessionId));
  void api.agent.state().then((state) => rememberShownSession(state.sessionId), () => undefined);
  return {
    api,
    kind: 'web',
    onClose: (l) => {
      transport.onClose?.(l);
    },
  };
}

/** Where a tab keeps the id of the session it shows (sessionStorage: this tab only, kept across reloads). */
const SHOWN_SESSION_KEY = 'glassbox.shownSession';

function readShownSession(): string | null {
  try {
    return sessionStorage.getItem(SHOWN_SESSION_KEY);
  } catch {
    return null;
  }
}

function rememberShownSession(id: string): void {
  try {
    if (id) sessionStorage.setItem(SHOWN_SESSION_KEY, id);
  } catch {
    // Storage refused (private mode): a reload shows the host's last session instead.
  }
}
