import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createClientApi, createTransportLink } from '../src-shared/contract/client';
import { IPC_CHANNEL, type ClientTransport, type HostToClient } from '../src-shared/contract/wire';

/**
 * The preload exposes exactly one object, `window.glassbox`, built from the bridge contract:
 * every method and event listener of the contract and nothing else (no ipcRenderer, no Node).
 */
const transport: ClientTransport = {
  send(message) {
    ipcRenderer.send(IPC_CHANNEL, message);
  },
  onMessage(listener) {
    const h = (_e: IpcRendererEvent, message: HostToClient): void => listener(message);
    ipcRenderer.on(IPC_CHANNEL, h);
    return () => {
      ipcRenderer.off(IPC_CHANNEL, h);
    };
  },
  close() {
    ipcRenderer.removeAllListeners(IPC_CHANNEL);
  },
};

contextBridge.exposeInMainWorld('glassbox', createClientApi(createTransportLink(transport)));
