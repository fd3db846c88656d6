import type { AppViewResource, ViewTrafficInput } from '../../../../src-shared/apps/view-types';
import type { AppToolCallView } from '../../../../src-shared/contract/app-view-methods';
import type { SliceActions } from '../store-types';
import { appResourceKey, type PendingAppLink } from './state';

/** The apps slice's actions: what a view's host side asks of the window and the host. */
export interface AppsActions {
  /** Asks the host where the sandbox is (once). */
  loadAppSandbox(): Promise<string | null>;
  /** A view's resource (the host caches it per server and URI). */
  readAppResource(server: string, uri: string): Promise<AppViewResource>;
  /** A view's `tools/call`, run by the host as the app's action. */
  callAppTool(viewOf: string, tool: string, args: Record<string, unknown>): Promise<AppToolCallView>;
  /** Messages between a view and the window, for the server's Traffic view (batched by the caller). */
  logAppTraffic(server: string, entries: ViewTrafficInput[]): void;
  /** A view's `ui/update-model-context` (empty text removes it). */
  setAppModelContext(viewOf: string, text: string): Promise<void>;
  /** A view's `ui/message`: shown to the user, who sends it or not. */
  queueAppMessage(callId: string, server: string, text: string): void;
  /** The user sent (true) or dropped a view's message. */
  answerAppMessage(id: number, send: boolean): Promise<void>;
  /** A view's `ui/open-link`: resolves with the user's answer. */
  askAppLink(callId: string, server: string, url: string): Promise<boolean>;
  answerAppLink(id: number, open: boolean): void;
  setAppFullscreen(callId: string | null): void;
  /** Follows the servers' `resources/updated` for views' `ui://` resources (live views re-render). Returns the stop function. */
  watchAppResources(): () => void;
}

let nextId = 1;

/** True for an absolute http(s) URL (what a view may ask to open). */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && url.length <= 4096;
  } catch {
    return false;
  }
}
const linkWaiters = new Map<number, (open: boolean) => void>();

/** The apps slice's actions. */
export const appsActions: SliceActions<AppsActions> = (set, get, bridge) => ({
  async loadAppSandbox() {
    const known = get().appSandboxUrl;
    if (known !== undefined) return known;
    try {
      const info = await bridge().apps.sandbox();
      const url = info.url ?? null;
      set({ appSandboxUrl: url });
      return url;
    } catch {
      set({ appSandboxUrl: null });
      return null;
    }
  },
  readAppResource: (server, uri) => bridge().apps.resource(server, uri),
  callAppTool: (viewOf, tool, args) => bridge().apps.callTool(viewOf, tool, args),
  logAppTraffic(server, entries) {
    if (entries.length) void bridge().apps.traffic(server, entries).catch(() => undefined);
  },
  async setAppModelContext(viewOf, text) {
    const list = await bridge().apps.setModelContext(viewOf, text);
    set({ appModelContexts: list });
  },
  queueAppMessage(callId, server, text) {
    set({ appMessages: [...get().appMessages, { id: nextId++, callId, server, text }] });
  },
  async answerAppMessage(id, send) {
    const m = get().appMessages.find((x) => x.id === id);
    set({ appMessages: get().appMessages.filter((x) => x.id !== id) });
    if (!m || !send) return;
    try {
      await get().sendMessage(m.text);
    } catch (err) {
      get().reportError("Sending the view's message", err);
    }
  },
  askAppLink(callId, server, url) {
    // Only web pages: a view never gets javascript:, file: or an app's own scheme opened.
    if (!isWebUrl(url)) return Promise.resolve(false);
    const link: PendingAppLink = { id: nextId++, callId, server, url };
    set({ appLinks: [...get().appLinks, link] });
    return new Promise<boolean>((resolve) => linkWaiters.set(link.id, resolve));
  },
  answerAppLink(id, open) {
    const link = get().appLinks.find((x) => x.id === id);
    set({ appLinks: get().appLinks.filter((x) => x.id !== id) });
    linkWaiters.get(id)?.(open);
    linkWaiters.delete(id);
    if (link && open) window.open(link.url, '_blank', 'noopener,noreferrer');
  },
  setAppFullscreen(callId) {
    set({ appFullscreen: callId });
  },
  watchAppResources() {
    return bridge().agent.onEvent((e) => {
      if (e.type !== 'mcp_resource_updated' || !e.uri.startsWith('ui://')) return;
      const key = appResourceKey(e.server, e.uri);
      set((s) => ({ appResourceVersions: { ...s.appResourceVersions, [key]: (s.appResourceVersions[key] ?? 0) + 1 } }));
    });
  },
});
