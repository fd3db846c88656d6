import type { McpServerConfig } from '../../config/config';
import type { JsonSchema } from '../../tools/tool';
import type { ExposedMcpTool } from './manager-types';
import type { CachedListing } from './tool-cache';
import type { McpServerConnection } from './connection';
import type { McpConnectionStatus } from './connection-types';
import { mcpToolName } from './tool-name';
import { resolveTransportKind } from './transport-kind';

/** One tool of a server, as the servers page and `mcp list --json` show it. */
export interface McpToolStatus {
  /** The name the agent sees. */
  name: string;
  /** The server's own name (what goes over the wire). */
  originalName: string;
  description: string;
  inputSchema: JsonSchema;
  /** False when switched off in config `disabledTools`. */
  enabled: boolean;
  /** False when another tool already had the name (first wins). */
  registered: boolean;
}

/** A snapshot of one server for the UI (the server card) and the CLI. */
export interface McpServerStatus {
  id: string;
  /** `stdio`, `http`, `sse`, or `auto` for a bare url not yet resolved. */
  transport: string;
  /** `needs-sign-in`: the server answered 401; sign in, then `restart` connects it. */
  status: McpConnectionStatus | 'disabled';
  disabled: boolean;
  /** The MCP revision in use while connected (`2026-07-28`, `2025-11-25`, …). */
  protocolVersion?: string;
  /** True for the default browser server Glassbox adds itself. */
  builtIn: boolean;
  /** When it starts: with the session, or when one of its tools is first needed (docs/mcp.md). */
  startOn: 'session' | 'first-use';
  /** True while the server has not started and its tools come from its cached listing. */
  toolsFromCache?: boolean;
  toolCount: number;
  /** Resources and prompts, once listed (undefined: not listed yet, or the server has none of the kind). */
  resourceCount?: number;
  resourceTemplateCount?: number;
  promptCount?: number;
  instructions?: string;
  includeInstructions: boolean;
  lastError?: string;
  /** The full explanation of a failure (exit code + stderr, HTTP status, handshake step). */
  whyFailed?: string;
  stderrTail: string[];
  tools: McpToolStatus[];
  /** The configuration as written (variables not expanded, so no secrets). */
  config: McpServerConfig;
}

/** What the status needs of a manager's entry. */
export interface StatusSource {
  config: McpServerConfig;
  builtIn: boolean;
  connection?: McpServerConnection;
  starting?: boolean;
  exposed: Map<string, ExposedMcpTool>;
  cached?: CachedListing;
  catalog?: { resources?: number; templates?: number; prompts?: number };
}

/** Builds the snapshot of one server. */
export function serverStatus(id: string, entry: StatusSource): McpServerStatus {
  const conn = entry.connection;
  const disabledTools = new Set(entry.config.disabledTools ?? []);
  const prefix = entry.config.prefix !== false;
  const kind = resolveTransportKind(entry.config);
  const transport = conn && conn.transportKind !== 'unknown' ? conn.transportKind : kind.ok ? kind.kind : 'invalid';
  const fromCache = !conn && entry.cached !== undefined;
  const listed = conn ? conn.tools : (entry.cached?.tools ?? []);
  const tools: McpToolStatus[] = listed.map((t) => {
    const name = mcpToolName(id, t.name, prefix);
    const enabled = !disabledTools.has(t.name);
    return {
      name,
      originalName: t.name,
      description: t.description ?? '',
      inputSchema: (t.inputSchema ?? {}) as JsonSchema,
      enabled,
      registered: enabled && entry.exposed.has(name),
    };
  });
  const disabled = !!entry.config.disabled;
  const s: McpServerStatus = {
    id,
    transport,
    status: disabled ? 'disabled' : (conn?.status ?? (entry.starting ? 'connecting' : 'disconnected')),
    disabled,
    builtIn: entry.builtIn,
    startOn: startsOnFirstUse(entry) ? 'first-use' : 'session',
    ...(fromCache ? { toolsFromCache: true } : {}),
    toolCount: tools.filter((t) => t.enabled).length,
    includeInstructions: entry.config.includeInstructions !== false,
    stderrTail: conn?.stderrTail ?? [],
    tools,
    config: structuredClone(entry.config),
  };
  const version = conn?.status === 'connected' ? conn.protocolVersion : undefined;
  if (version) s.protocolVersion = version;
  if (entry.catalog?.resources !== undefined) s.resourceCount = entry.catalog.resources;
  if (entry.catalog?.templates !== undefined) s.resourceTemplateCount = entry.catalog.templates;
  if (entry.catalog?.prompts !== undefined) s.promptCount = entry.catalog.prompts;
  if (conn?.instructions) s.instructions = conn.instructions;
  if (conn?.lastError && (conn.status === 'error' || conn.status === 'needs-sign-in')) {
    s.lastError = conn.lastError;
    s.whyFailed = conn.whyFailed;
  }
  return s;
}

/**
 * True for a server that starts when one of its tools is first needed rather than with the
 * session: config `startOn: "first-use"`, and the default browser server unless it says `"session"`.
 */
export function startsOnFirstUse(entry: { config: McpServerConfig; builtIn: boolean }): boolean {
  return entry.config.startOn === 'first-use' || (entry.config.startOn === undefined && entry.builtIn);
}
