import type { AppModelContext } from '../../../../src-shared/apps/view-types';

/** A `ui/message` a view asked to add to the conversation, waiting for the user to see it and send it (or not). */
export interface PendingAppMessage {
  id: number;
  /** The call whose card holds the view. */
  callId: string;
  server: string;
  text: string;
}

/** A `ui/open-link` waiting for the user's yes or no. */
export interface PendingAppLink {
  id: number;
  callId: string;
  server: string;
  url: string;
}

/** The MCP App views' slice: the sandbox's address, what views asked of the user, their model context. */
export interface AppsState {
  /** The sandbox proxy page's URL; null: this host has none; undefined: not asked yet. */
  appSandboxUrl: string | null | undefined;
  appMessages: PendingAppMessage[];
  appLinks: PendingAppLink[];
  appModelContexts: AppModelContext[];
  /** The view shown fullscreen (its call id), if any. */
  appFullscreen: string | null;
  /** When this window connected: calls that started before it are shown from the recording. */
  appWindowOpenedAt: number;
  /**
   * How often each view resource changed (`resources/updated` from its server), keyed by
   * {@link appResourceKey}: a live view whose resource changed reads it again and re-renders.
   */
  appResourceVersions: Record<string, number>;
}

/** The key of one server's one `ui://` resource in {@link AppsState.appResourceVersions}. */
export function appResourceKey(server: string, uri: string): string {
  return `${server}\u0000${uri}`;
}

/** The slice's first state. */
export function initialAppsState(): AppsState {
  return { appSandboxUrl: undefined, appMessages: [], appLinks: [], appModelContexts: [], appFullscreen: null, appWindowOpenedAt: Date.now(), appResourceVersions: {} };
}
