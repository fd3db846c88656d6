import type { GlassboxPaths } from '../core/config/paths';
import type { SessionSignInOptions } from '../core/mcp/oauth/session-sign-in';
import { SessionStore } from '../core/session/session-store';
import { BridgeHost } from './bridge-host';
import { coreSessionOpener } from './core-session-opener';
import { CurrentSession } from './current-session';
import { SavedSessionList } from './saved-session-list';
import { InsightsBridge, type DesktopShell } from './insights/insights-bridge';
import { SessionBridge } from './session-bridge';
import { SettingsStore, type ApiKeyStore } from './settings-store';
import { createWindowPorts } from './window-ports';
import { WorkbenchBridge } from './workbench/workbench-bridge';

/** What differs between the Electron app and `glassbox web`. */
export interface AppHostOptions {
  workspace: string;
  paths: GlassboxPaths;
  /** Where the model API key set in Settings is kept (the OS keychain in Electron, the config file for web). */
  keys: ApiKeyStore;
  /** The host's environment (settings, `${env:…}` expansion in MCP configs). */
  env: NodeJS.ProcessEnv;
  /** Each opened session's environment, read at every open; default `env`. */
  sessionEnv?: () => NodeJS.ProcessEnv;
  /** MCP sign-in in this host (Electron: the system browser and keychain-encrypted tokens); default `$BROWSER`/the platform's opener and 0600 files. */
  signIn?: SessionSignInOptions;
  /** The desktop app's save dialog and notifications (absent in `glassbox web`). */
  desktop?: DesktopShell;
}

/** A bridge host serving one current session, ready for a transport (IPC, WebSocket) to connect. */
export interface AppHost {
  /** Connect transports here. */
  bridge: BridgeHost;
  /** The owner of the open session. */
  current: CurrentSession;
  /** The saved sessions. */
  store: SessionStore;
  /** Opens the first session (a saved one by id); calls made meanwhile wait for it. */
  start(sessionId?: string): Promise<void>;
  /** Cancels any run, releases the session and unregisters every handler. */
  dispose(): Promise<void>;
}

/** A window's servers that need a sign-in point at their card's button (the host may say otherwise). */
const windowSignInHint = (id: string): string => `press Sign in on its card in the MCP pane, or run \`glassbox mcp login ${id}\``;

/** Adds the host's sign-in options to a window session's options. */
function withSignIn<T extends { sessionOptions: object }>(ports: T, signIn: SessionSignInOptions | undefined): T {
  return { ...ports, sessionOptions: { ...ports.sessionOptions, signIn: { hint: windowSignInHint, ...signIn } } };
}

/**
 * Builds the host side of the window: the bridge host, the saved sessions, settings, the owner
 * of the open session, and the session and workbench bridges that serve the contract over it.
 * The Electron main process and `glassbox web` both call this and only add their transport.
 */
export function createAppHost(opts: AppHostOptions): AppHost {
  const bridge = new BridgeHost();
  const store = new SessionStore(opts.paths.sessions);
  const settings = new SettingsStore(opts.paths.config, opts.keys, opts.env);
  const list = new SavedSessionList(store);
  let sessions: SessionBridge | null = null;
  const current = new CurrentSession({
    open: coreSessionOpener({ workspace: opts.workspace, env: opts.sessionEnv ?? opts.env, ports: () => withSignIn(createWindowPorts(), opts.signIn) }),
    saved: store,
    emit: (name, payload) => bridge.emit(name, payload),
    savedSummary: (id) => store.summary(id),
    settings: () => settings.get(),
    listChanged: () => sessions?.emitList(),
  });
  sessions = new SessionBridge({ host: bridge, current, store, list, settings });
  // The workbench panes (edits, terminal, MCP, replay, timeline, extensions) follow the current session.
  // Search and usage across sessions, the HTML export, notifications.
  const insights = new InsightsBridge({ host: bridge, paths: opts.paths, store, workspace: opts.workspace, env: opts.env, ...(opts.desktop ? { desktop: opts.desktop } : {}) });
  const workbench = new WorkbenchBridge({ host: bridge, current, sessions: store, env: opts.env });
  return {
    bridge,
    current,
    store,
    start: (sessionId) => current.start(sessionId),
    async dispose() {
      sessions?.dispose();
      insights.dispose();
      workbench.dispose();
      await current.dispose();
    },
  };
}
