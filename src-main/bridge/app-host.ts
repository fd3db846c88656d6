import type { GlassboxPaths } from '../core/config/paths';
import type { HostSignInOptions } from '../core/mcp/client/oauth/sign-in-options';
import { SessionStore } from '../core/session/store';
import { BridgeEndpoint } from './endpoint';
import { coreSessionOpener } from './core-session-opener';
import { CurrentSession } from './current-session';
import { SavedSessionList } from './saved-session-list';
import { InsightsBridge, type DesktopIntegration } from './insights/bridge';
import type { HostTransport } from '../../src-shared/contract/wire';
import { safe, type EmitEvent } from './open-session';
import { SessionBridge } from './session-bridge';
import { SessionRegistry } from './session-registry';
import { SettingsStore, type ApiKeyStore } from './settings-store';
import { createWindowPorts } from './window-ports';
import { WorkbenchBridge } from './workbench/bridge';
import { ForkBridge } from './fork-bridge';
import { registerAppViews } from './apps/view-bridge';
import type { ViewSandboxInfo } from '../../src-shared/apps/view-types';
import { registerTaskMethods } from './task-bridge';
import { loadConfig } from '../core/config/config';
import { collectSecrets } from '../core/secrets/config-secrets';
import { SecretRedactor } from '../core/secrets/redactor';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import { previewSession } from './session-preview';

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
  signIn?: HostSignInOptions;
  /** The desktop app's save dialog and notifications (absent in `glassbox web`). */
  desktop?: DesktopIntegration;
  /** How long a session nobody shows stays open once idle; default 10 minutes. */
  idleCloseMs?: number;
  /** Where MCP App views are sandboxed (a page on an origin of its own); none: views show as unavailable. */
  viewSandbox?: () => ViewSandboxInfo;
}

/** Serves one connection (a window over IPC, a browser tab over WebSocket); returns its disposer. */
export interface BridgeConnector {
  /**
   * `session`: the session this connection shows first (a reloaded tab's own; null: a fresh
   * one); default the one the host showed last.
   */
  connect(transport: HostTransport, opts?: { session?: string | null }): () => void;
}

/** The host of every window or tab: each connection shows its own session; sessions run side by side. */
export interface AppHost extends BridgeConnector {
  /** The methods and events every connection shares (search, usage, export, notifications). */
  bridge: BridgeEndpoint;
  /** The open sessions, shared by the connections that show them. */
  registry: SessionRegistry;
  /** The saved sessions. */
  store: SessionStore;
  /** Opens the first session (a saved one by id); calls made meanwhile wait for it. */
  start(sessionId?: string): Promise<void>;
  /** Closes every connection's scope and every session (runs cancelled). */
  dispose(): Promise<void>;
}

/** A window's servers that need a sign-in point at their card's button (the host may say otherwise). */
const windowSignInHint = (id: string): string => `press Sign in on its card in the MCP pane, or run \`glassbox mcp login ${id}\``;

/** Adds the host's sign-in options to a window session's options. */
function withSignIn<T extends { sessionOptions: object }>(ports: T, signIn: HostSignInOptions | undefined): T {
  return { ...ports, sessionOptions: { ...ports.sessionOptions, signIn: { hint: windowSignInHint, ...signIn } } };
}

/**
 * Builds the host side of the window: the bridge endpoint, the saved sessions, settings, the owner
 * of the open session, and the session and workbench bridges that serve the contract over it.
 * The Electron main process and `glassbox web` both call this and only add their transport.
 */
export function createAppHost(opts: AppHostOptions): AppHost {
  const bridge = new BridgeEndpoint();
  const store = new SessionStore(opts.paths.sessions);
  const settings = new SettingsStore(opts.paths.config, opts.keys, opts.env);
  const list = new SavedSessionList(store);
  const broadcast: EmitEvent = (name, payload) => bridge.emit(name, payload);
  const emitList = (): void => bridge.emit('sessions.changed', registry.withLive(safe(() => list.list()) ?? []));
  const open = coreSessionOpener({ workspace: opts.workspace, env: opts.sessionEnv ?? opts.env, ports: () => withSignIn(createWindowPorts(), opts.signIn) });
  const registry = new SessionRegistry({
    open,
    saved: store,
    broadcast,
    savedTitle: (id) => store.renamedTitle(id),
    settings: () => settings.get(),
    listChanged: emitList,
    liveChanged: emitList,
    ...(opts.idleCloseMs !== undefined ? { idleCloseMs: opts.idleCloseMs } : {}),
  });
  // A long saved session's first screen, from the end of its file, redacted as opening it would
  // (the secrets configured now); none when the config cannot be read (opening reports why).
  const preview = (id: string) => {
    const redactor = safe(() => new SecretRedactor(collectSecrets(loadConfig(opts.paths, opts.workspace).config, opts.sessionEnv?.() ?? opts.env)));
    if (!redactor) return null;
    return previewSession(store, id, redactor.active ? (e: GlassboxEvent) => redactor.redactValue(e) : (e: GlassboxEvent) => e);
  };
  // Search and usage across sessions, the HTML export, notifications: one for every connection.
  const insights = new InsightsBridge({ host: bridge, paths: opts.paths, store, workspace: opts.workspace, env: opts.env, liveEvents: (id) => registry.get(id)?.events ?? null, ...(opts.desktop ? { desktop: opts.desktop } : {}) });
  const scopes = new Set<() => Promise<void>>();
  const connect = (transport: HostTransport, how?: { session?: string | null }): (() => void) => {
    // This connection's own host: its session and workbench methods, its session's events only.
    const host = new BridgeEndpoint(bridge);
    const current = new CurrentSession({ open, saved: store, registry, preview, emit: (name, payload) => host.emit(name, payload), savedTitle: (id) => store.renamedTitle(id), settings: () => settings.get(), listChanged: emitList });
    const sessions = new SessionBridge({ host, current, store, list, settings, broadcast, withLive: (l, q) => registry.withLive(l, q), emitList, closeOpen: (id) => registry.closeIdle(id) });
    // The workbench panes (edits, terminal, MCP, replay, timeline, extensions) follow this connection's session.
    const workbench = new WorkbenchBridge({ host, current, sessions: store, env: opts.env });
    // Fork from here… and the compare view, in this connection's window.
    const forks = new ForkBridge({ host, current, store, env: opts.sessionEnv ?? opts.env, workspace: opts.workspace });
    // MCP App views under tool cards: their resources, calls, traffic and model context.
    const offApps = registerAppViews(host, current, opts.viewSandbox ?? (() => ({})));
    // Cancel and take up again the calls that run as MCP tasks.
    const offTasks = registerTaskMethods(host, current);
    // A failure is told in a banner (CurrentSession.start); calls made meanwhile get it too.
    (how?.session === null ? current.startNew() : current.start(how?.session ?? undefined)).catch(() => undefined);
    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      scopes.delete(close);
      detach();
      host.detachFromParent();
      sessions.dispose();
      workbench.dispose();
      forks.dispose();
      offApps();
      offTasks();
      // Only lets go of the session: a run goes on for the other windows (or for nobody).
      await current.dispose();
    };
    const detach = host.connect(transport);
    transport.onClose?.(() => void close());
    scopes.add(close);
    return () => void close();
  };
  return {
    bridge,
    registry,
    store,
    connect,
    start: (sessionId) => registry.start(sessionId),
    async dispose() {
      await Promise.all([...scopes].map((c) => c()));
      insights.dispose();
      await registry.dispose();
    },
  };
}
