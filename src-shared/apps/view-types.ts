/**
 * What the window knows about MCP App views (extension `io.modelcontextprotocol/ui`): the
 * reference a tool call's result carries, the resource the host reads for it, the permissions a
 * resource may ask for. Plain data shared by the host and the window.
 */
import { z } from 'zod';
import type { ViewCspDomains } from './view-csp';

/** The MCP Apps extension's identifier (client capability `extensions`). */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of a view's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * `ToolResult.metadata` key: the view a call of a tool with a view belongs to. Recorded with the
 * result, so a reopened session renders the view again from the recorded input and result.
 */
export const APP_VIEW_METADATA_KEY = 'mcpApp';

/** The view of one call: which server's which `ui://` resource. */
export interface AppViewRef {
  server: string;
  resourceUri: string;
  /** The server's own name of the tool (what the view is told it is showing). */
  tool: string;
}

/** Permissions a view may ask for (MCP Apps `McpUiResourcePermissions`); granted only as declared. */
export interface ViewPermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

/** A view's resource as read from its server (cached per server and URI). */
export interface AppViewResource {
  server: string;
  uri: string;
  /** The HTML, whole (the view runs it in the sandbox; the window never inserts it anywhere else). */
  html: string;
  /** The declared CSP domains, cleaned (sources that are not plain origins were dropped). */
  csp: ViewCspDomains;
  /** What was dropped from the declaration and why (shown in the inspector's View tab). */
  cspRefused: string[];
  permissions: ViewPermissions;
  prefersBorder?: boolean;
  /** When it was read (ms since epoch); a `resources/updated` from the server makes the next read fresh. */
  readAt: number;
}

/** How the window reaches the view sandbox: a page on an origin of its own. */
export interface ViewSandboxInfo {
  /** URL of the sandbox proxy page (no query); absent when this host has none (views then show as unavailable). */
  url?: string;
}

/** The most traffic entries one `apps.traffic` call may carry. */
export const MAX_TRAFFIC_BATCH = 200;

/**
 * A message that crossed between a view and the window, for its server's Traffic view:
 * `direction` `in` (from the view to the host) or `out`; `callId` the call whose card holds the view.
 */
export const ViewTrafficInputSchema = z.object({
  direction: z.enum(['in', 'out']),
  callId: z.string().max(256),
  message: z.unknown(),
});
/** A message that crossed between a view and the window. */
export type ViewTrafficInput = z.infer<typeof ViewTrafficInputSchema>;

/** Where a view's model-context update is kept (shown in the context meter, sent with the next request). */
export interface AppModelContext {
  callId: string;
  server: string;
  /** The text the model gets (content blocks' text, structured content as JSON). */
  text: string;
  tokens: number;
}

/** The most bytes of a view's HTML the host serves (a bigger resource is refused with a clear error). */
export const MAX_VIEW_HTML_BYTES = 8 * 1024 * 1024;

/** Bounds of a view's height in the chat (its size-changed requests are clamped to them). */
export const VIEW_HEIGHT = { min: 60, initial: 320, max: 1600 } as const;
