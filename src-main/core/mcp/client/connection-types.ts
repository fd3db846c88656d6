import type { McpServerConfig } from '../../config/config';
import type { EventInput } from '../../../../src-shared/events/event-types';
import type { HumanInputPort } from '../../tools/tool';
import type { McpSampler } from './sampling';
import type { McpServerConnection } from './connection';
import type { ServerRequestRecord } from './server-requests';
import type { McpAuthFactory } from './oauth/server-auth';

/** Default per-call timeout (config `timeoutMs`). */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
/** The least time a server gets to answer the handshake and tools/list. */
export const MIN_HANDSHAKE_TIMEOUT_MS = 10_000;
/** The most time a server gets to answer the handshake and tools/list. */
export const MAX_HANDSHAKE_TIMEOUT_MS = 30_000;
/** Unusable messages reported per connection (the rest are dropped silently). */
export const PROTOCOL_ERRORS_REPORTED = 20;
/** How long a stdio server's sibling gets to answer `server/discover` before it counts as a 2025 server. */
export const STDIO_PROBE_TIMEOUT_MS = 5_000;

/** Connection state of one server (`mcp_server_status`; `needs-sign-in`: the server wants OAuth sign-in first). */
export type McpConnectionStatus = 'connecting' | 'connected' | 'error' | 'disconnected' | 'needs-sign-in';

/** What a connection reports to whoever owns it (the manager). */
export interface McpConnectionListener {
  status(conn: McpServerConnection): void;
  /** The server's tool list changed (first connect, list_changed, reconnect). */
  toolsChanged(conn: McpServerConnection): void;
  /** The server's resource or prompt list changed (2025 list_changed, 2026 listen stream). */
  catalogChanged?(conn: McpServerConnection, what: 'resources' | 'prompts'): void;
  /** A subscribed resource changed (`notifications/resources/updated`). */
  resourceUpdated?(conn: McpServerConnection, uri: string): void;
  /** A notification that belongs to no running call (server log lines between calls). */
  log(conn: McpServerConnection, level: 'debug' | 'info' | 'warn' | 'error', message: string): void;
  /** A server request or input round was answered (elicitation, sampling, roots). */
  serverRequest?(conn: McpServerConnection, record: ServerRequestRecord): void;
  /** An event for the session's bus (calls without an emit of their own). */
  emit?(event: EventInput): void;
}

/** What one connection needs. */
export interface McpConnectionOptions {
  id: string;
  config: McpServerConfig;
  workspace: string;
  env: NodeJS.ProcessEnv;
  /** False for configs Glassbox built itself (the browser server): nothing to expand. */
  expandVariables: boolean;
  listener: McpConnectionListener;
  /** Used for elicitation and sampling approval when the running call has no port of its own. */
  humanInput?: HumanInputPort;
  /** Runs approved sampling requests on the session's model. */
  sampler?: McpSampler;
  /** Opens a page the user agreed to open (URL elicitation). */
  openUrl?: (url: string) => Promise<void>;
  /** OAuth for http/sse servers (see docs/mcp.md, "Sign-in hook"). */
  auth?: McpAuthFactory;
  clientVersion?: string;
  /** Where the eras `auto` found are remembered across runs (`$GLASSBOX_HOME/state/mcp-protocol-eras.json`). */
  eraFile?: string;
  /**
   * The W3C trace context a request carries in `params._meta` (OpenTelemetry export on): the
   * tool call's (`callId`), else the session's running one; undefined sends none.
   */
  traceContext?: (callId: string | undefined) => { traceparent: string; tracestate?: string; baggage?: string } | undefined;
}
