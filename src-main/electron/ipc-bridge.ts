import { ipcMain, type IpcMainEvent, type WebContents } from 'electron';
import type { BridgeConnector } from '../bridge/app-host';
import { IPC_CHANNEL, type HostToClient, type HostTransport } from '../../src-shared/contract/wire';
import { checkIpcSender } from './external-url';

/** The one IPC channel the bridge uses, both ways. */
export const BRIDGE_CHANNEL = IPC_CHANNEL;

/**
 * Connects one window's page to the bridge endpoint over IPC. Every incoming message's sender is
 * checked (this window, its top frame, the app's own origin); anything else is dropped.
 */
export function connectWindow(host: BridgeConnector, contents: WebContents, appOrigin: string, opts?: { session?: string | null }): () => void {
  const listeners = new Set<(m: unknown) => void>();
  const closeListeners = new Set<() => void>();
  const onMessage = (event: IpcMainEvent, message: unknown): void => {
    const frame = event.senderFrame;
    const verdict = checkIpcSender(
      { frameUrl: frame?.url ?? null, isMainFrame: frame ? frame.parent === null : false, webContentsId: event.sender.id },
      { webContentsId: contents.id, appOrigin },
    );
    if (!verdict.ok) {
      if (event.sender.id === contents.id) console.warn(`[glassbox] dropped IPC message: ${verdict.reason}`);
      return;
    }
    for (const l of [...listeners]) l(message);
  };
  ipcMain.on(BRIDGE_CHANNEL, onMessage);
  const transport: HostTransport = {
    send(message: HostToClient) {
      if (contents.isDestroyed()) throw new Error('window closed');
      contents.send(BRIDGE_CHANNEL, message);
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
      for (const l of [...closeListeners]) l();
    },
  };
  const detach = host.connect(transport, opts);
  const dispose = (): void => {
    ipcMain.off(BRIDGE_CHANNEL, onMessage);
    transport.close();
    detach();
  };
  contents.once('destroyed', dispose);
  return dispose;
}
