/**
 * The MCP Apps methods of the bridge (views under tool cards), kept beside methods.ts, which
 * folds them into `BridgeMethods` and `METHOD_SPECS`.
 */
import type { ArgSpec } from './methods';
import type { Ok } from './views';
import type { AppModelContext, AppViewResource, ViewSandboxInfo, ViewTrafficInput } from '../apps/view-types';

/** What a view's `tools/call` answers (an MCP `CallToolResult`), with the call it was recorded as. */
export interface AppToolCallView {
  /** The recorded call (a card in the chat, origin `app`). */
  callId: string;
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The methods: arguments and results. */
export interface AppViewMethods {
  /** Where the view sandbox lives (a page on an origin of its own). */
  'apps.sandbox': { args: []; result: ViewSandboxInfo };
  /** A view's resource (`ui://`) of a server, read once and cached until the server says it changed. */
  'apps.resource': { args: [server: string, uri: string]; result: AppViewResource };
  /**
   * A view's `tools/call`: the tool (the server's own name, of the view's own server) runs through
   * the session's tool path as the app's action (validation, hooks, the approval policy, the trace).
   * `viewOf`: the call whose card holds the view.
   */
  'apps.callTool': { args: [viewOf: string, tool: string, args: Record<string, unknown>]; result: AppToolCallView };
  /** Messages between a view and the window, for its server's Traffic view. */
  'apps.traffic': { args: [server: string, entries: ViewTrafficInput[]]; result: Ok };
  /** A view's `ui/update-model-context`: sent with the model's next requests (empty text removes it). */
  'apps.setModelContext': { args: [viewOf: string, text: string]; result: AppModelContext[] };
  /** The views' model contexts held now. */
  'apps.modelContexts': { args: []; result: AppModelContext[] };
}

/** Runtime argument specs. */
export const APP_VIEW_METHOD_SPECS: { readonly [M in keyof AppViewMethods]: readonly ArgSpec[] } = {
  'apps.sandbox': [],
  'apps.resource': ['string', 'string'],
  'apps.callTool': ['string', 'string', 'object'],
  'apps.traffic': ['string', 'array'],
  'apps.setModelContext': ['string', 'string'],
  'apps.modelContexts': [],
};
