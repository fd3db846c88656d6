import { connectApi } from '../transport/connect-api';
import { createAppStore, type AppStore } from './app-store';
import { bootstrap } from './bootstrap';

/**
 * Connects this window to the host (Electron's preload or the web host's WebSocket) and builds
 * its store over that bridge, loaded and following the host. The only place the bridge client
 * is handed to anything: components reach the host through the store's actions.
 */
export async function connectWindow(): Promise<AppStore> {
  const conn = await connectApi();
  const store = createAppStore(conn.api);
  conn.onClose(() => store.getState().setConnection('closed'));
  await bootstrap(store);
  return store;
}
