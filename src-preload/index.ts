import { contextBridge } from 'electron';

// The bridge contract object is exposed here once the bridge lands.
contextBridge.exposeInMainWorld('glassbox', { version: '0.1.0' });
