/**
 * The MCP Apps methods of the bridge (views under tool cards), kept beside methods.ts, which
 * folds them into `METHODS`.
 */
import { z } from 'zod';
import type { Ok } from './views';
import { method, returns, type MethodTypes } from './method-schema';
import { MAX_TRAFFIC_BATCH, ViewTrafficInputSchema, type AppModelContext, type AppViewResource, type ViewSandboxInfo } from '../apps/view-types';

/** What a view's `tools/call` answers (an MCP `CallToolResult`), with the call it was recorded as. */
export interface AppToolCallView {
  /** The recorded call (a card in the chat, origin `app`). */
  callId: string;
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The longest `ui://` URI a view's resource may have (2 KiB). */
const VIEW_URI = z.string().max(2048);

/** The methods: arguments (checked by the host) and results. */
export const APP_VIEW_METHODS = {
  /** Where the view sandbox lives (a page on an origin of its own). */
  'apps.sandbox': method([], returns<ViewSandboxInfo>()),
  /** A view's resource (`ui://`) of a server, read once and cached until the server says it changed: server, uri. */
  'apps.resource': method([z.string(), VIEW_URI], returns<AppViewResource>()),
  /**
   * A view's `tools/call`: the tool (the server's own name, of the view's own server) runs through
   * the session's tool path as the app's action (validation, hooks, the approval policy, the trace).
   * Arguments: `viewOf` (the call whose card holds the view), the tool, its arguments.
   */
  'apps.callTool': method([z.string(), z.string(), z.record(z.string(), z.unknown())], returns<AppToolCallView>()),
  /** Messages between a view and the window, for its server's Traffic view: server, entries (at most MAX_TRAFFIC_BATCH). */
  'apps.traffic': method([z.string(), z.array(ViewTrafficInputSchema).max(MAX_TRAFFIC_BATCH)], returns<Ok>()),
  /** A view's `ui/update-model-context`: sent with the model's next requests (empty text removes it): viewOf, text. */
  'apps.setModelContext': method([z.string(), z.string()], returns<AppModelContext[]>()),
  /** The views' model contexts held now. */
  'apps.modelContexts': method([], returns<AppModelContext[]>()),
};

/** The MCP Apps methods as types. */
export type AppViewMethods = MethodTypes<typeof APP_VIEW_METHODS>;
