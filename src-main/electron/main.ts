import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, Menu, safeStorage, session, shell, type MenuItemConstructorOptions } from 'electron';
import { createAppHost, type BridgeConnector } from '../bridge/app-host';
import { glassboxPaths } from '../core/config/paths';
import { EncryptedOAuthStore } from '../core/mcp/client/oauth/encrypted-store';
import { electronDesktopIntegration } from './desktop-integration';
import { checkExternalUrl, ELECTRON_CSP } from './external-url';
import { connectWindow } from './ipc-bridge';
import { SafeKeyStore } from './safe-key-store';
import { ViewSandboxServer } from '../web/view-sandbox-server';

const here = fileURLToPath(new URL('.', import.meta.url));
const devUrl = process.env.ELECTRON_RENDERER_URL;
/** Where our own page comes from; IPC from anywhere else is dropped. */
const appOrigin = devUrl ? new URL(devUrl).origin : 'file://';

/** `--workspace DIR` (or `--workspace=DIR`), else the current directory (home when started from `/`). */
function workspaceFromArgv(argv: string[]): string {
  const i = argv.findIndex((a) => a === '--workspace' || a.startsWith('--workspace='));
  const v = i < 0 ? undefined : argv[i]!.includes('=') ? argv[i]!.split('=').slice(1).join('=') : argv[i + 1];
  if (v && existsSync(v)) return resolve(v);
  return process.cwd() === '/' ? homedir() : process.cwd();
}

/**
 * Denies everything a web page could ask of the shell: permissions, navigation, new windows,
 * webviews. The MCP App views' sandbox (`sandboxOrigin`, a loopback server of its own) keeps the
 * policy it sends (each view's declared one) and is the window's only frame source.
 */
function lockDown(sandboxOrigin: string): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  const csp = `${ELECTRON_CSP}; frame-src ${sandboxOrigin}`;
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (details.url.startsWith(`${sandboxOrigin}/`)) {
      callback({ responseHeaders: details.responseHeaders ?? {} });
      return;
    }
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp], 'X-Content-Type-Options': ['nosniff'] } });
  });
  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const check = checkExternalUrl(url);
      if (check.ok) void shell.openExternal(check.url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      const check = checkExternalUrl(url);
      if (check.ok && !url.startsWith(appOrigin)) void shell.openExternal(check.url);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

/**
 * Creates a window; the renderer gets no Node, only the preload's contract object. Each window
 * is its own connection and shows its own session (`session: null`: a fresh one; default the one
 * shown last); closing it lets go of the session without stopping its run.
 */
function createWindow(bridge: BridgeConnector, opts?: { session?: string | null }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    // The smallest window the layout is made and tested for (docs/window.md#columns-and-panes).
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: 'Glassbox',
    webPreferences: {
      preload: resolve(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  connectWindow(bridge, win.webContents, appOrigin, opts);
  win.once('ready-to-show', () => win.show());
  if (devUrl) void win.loadURL(devUrl);
  else void win.loadFile(resolve(here, '../renderer/index.html'));
  return win;
}

async function start(): Promise<void> {
  app.enableSandbox();
  await app.whenReady();
  // MCP App views run in a frame from this loopback server: an origin that is not the window's.
  const sandbox = new ViewSandboxServer();
  const { url: sandboxUrl, origin: sandboxOrigin } = await sandbox.start('127.0.0.1');
  lockDown(sandboxOrigin);
  const paths = glassboxPaths(process.env);
  const keys = new SafeKeyStore(paths.state);
  const host = createAppHost({
    workspace: workspaceFromArgv(process.argv),
    paths,
    keys,
    env: process.env,
    // The HTML export's save dialog and the notifications of runs that finish or need you.
    desktop: electronDesktopIntegration(() => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? null),
    viewSandbox: () => ({ url: sandboxUrl }),
    // The key is decrypted here, in the main process, and given to the session only.
    sessionEnv: () => {
      const key = keys.read();
      return key ? { ...process.env, GLASSBOX_LLM_API_KEY: key } : process.env;
    },
    // MCP sign-in: the system browser (through the same URL check as links), tokens encrypted
    // with the OS keychain when there is one (else 0600 files).
    signIn: {
      openUrl: async (url) => {
        const check = checkExternalUrl(url);
        if (check.ok) await shell.openExternal(check.url);
      },
      ...(safeStorage.isEncryptionAvailable() ? { store: new EncryptedOAuthStore(resolve(paths.state, 'oauth'), safeStorage) } : {}),
    },
  });
  // The window opens at once; bridge calls wait until the session is built.
  host.start().catch((err: unknown) => console.error('[glassbox] session failed to start:', err));
  Menu.setApplicationMenu(appMenu(() => createWindow(host, { session: null })));
  createWindow(host);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(host);
  });
  app.on('before-quit', () => {
    void host.dispose();
    void sandbox.close();
  });
}

/** The standard menus plus File → New Window (a window with a session of its own, running beside the others). */
function appMenu(newWindow: () => void): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [{ label: 'New Window', accelerator: 'CmdOrCtrl+Shift+N', click: newWindow }, { type: 'separator' }, process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

void start();
