import type { GlassboxConfig, McpServerConfig } from '../../config/config';
import type { EventBus } from '../../events/event-bus';
import type { HumanInputPort } from '../../tools/tool';
import type { ToolCollection } from '../../tools/tool-collection';
import type { McpConnectionOptions } from './connection-types';
import type { Tool as RemoteTool } from '@modelcontextprotocol/client';
import type { Tool } from '../../tools/tool';
import type { CachedListing, McpToolCache } from './tool-cache';
import type { ResourceSubscriptions } from './resource-subscriptions';
import type { McpSampler } from './sampling';
import type { McpServerConnection } from './connection';
import type { McpAuthFactory } from './oauth/server-auth';

/** What the manager needs from its session. */
export interface McpManagerOptions {
  /** The merged config (user + project). */
  config: GlassboxConfig;
  /** Where runtime changes are persisted (the user config file). */
  userConfigPath: string;
  tools: ToolCollection;
  bus: EventBus;
  workspace: string;
  env?: NodeJS.ProcessEnv;
  /** Answers elicitation and approves sampling when the running call has no port of its own. */
  humanInput?: HumanInputPort;
  /** The session's model for approved sampling requests (absent: servers are told there is none). */
  sampler?: McpSampler;
  /** Opens a page the user agreed to open (URL elicitation); absent: the dialog shows the link. */
  openUrl?: (url: string) => Promise<void>;
  /** OAuth sign-in for http/sse servers (docs/mcp.md, "Sign-in hook"). */
  auth?: McpAuthFactory;
  /** The trace context MCP requests carry (see McpConnectionOptions.traceContext). */
  traceContext?: McpConnectionOptions['traceContext'];
  /** Defaults to process.execPath (the app binary in Electron, run as Node). */
  execPath?: string;
  clientVersion?: string;
  /** Last known tool listings (servers that start on first use show their tools from it). */
  toolCache?: McpToolCache;
}

/** A server's tool in the session's collection: the live one, or a stand-in from the cache. */
export type ExposedMcpTool = Tool & { differsFrom(remote: RemoteTool): boolean };

/** One configured server. */
export interface McpEntry {
  config: McpServerConfig;
  builtIn: boolean;
  connection?: McpServerConnection;
  /** Being started, before its connection exists (the connection module is still loading). */
  starting?: boolean;
  /** exposed name → tool, for tools this server has in the collection. */
  exposed: Map<string, ExposedMcpTool>;
  /** The listing the stand-ins came from, while the server has not started (cleared when it connects). */
  cached?: CachedListing;
  /** The start in progress or done (a server that starts on first use is started once). */
  started?: Promise<void>;
  /** Names that lost a clash. */
  rejected: Set<string>;
  /** Counts of resources, templates and prompts once listed. */
  catalog?: { resources?: number; templates?: number; prompts?: number };
  subscriptions: ResourceSubscriptions;
}
