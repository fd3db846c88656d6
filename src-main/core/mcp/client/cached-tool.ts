import type { Tool as RemoteTool } from '@modelcontextprotocol/client';
import type { ToolSource } from '../../../../src-shared/events/event-types';
import { errorResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import type { JsonSchema, Tool, ToolAnnotations, ToolContext } from '../../tools/tool';
import type { ToolCollection } from '../../tools/tool-collection';
import { remoteInputSchema, remoteValidationSchema } from './remote-tool';
import type { CachedListing, CachedTool } from './tool-cache';
import type { McpEntry } from './manager-types';
import { mcpToolName } from './tool-name';

/** What a stand-in needs to bring its server up and find the real tool. */
export interface CachedToolOwner {
  /** Starts the server if it is not running; settles when it is connected or has failed. */
  start(): Promise<void>;
  /** Why the server is not available (after `start` failed), for the error the model gets. */
  failure(): string | undefined;
  /** The session's tools, where the server's real tool replaces this stand-in once it connects. */
  tools: ToolCollection;
}

/**
 * A tool of an MCP server that has not started yet, known from the server's cached listing
 * (tool-cache.ts): same name, description, schemas and annotations as the real one, so the
 * model, the validator and the approval policy see no difference. Calling it starts the server
 * and runs the call on the real tool, which replaced this stand-in when the server connected.
 */
export class CachedMcpTool implements Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly validationSchema: JsonSchema;
  readonly annotations?: ToolAnnotations;
  source: ToolSource;
  /** True: the server has not started, its listing comes from the cache. */
  readonly fromCache = true;

  constructor(
    serverId: string,
    cached: CachedTool,
    exposedName: string,
    private readonly host: CachedToolOwner,
  ) {
    const remote = cached as unknown as RemoteTool;
    this.name = exposedName;
    this.description = cached.description || cached.title || `Tool '${cached.name}' of MCP server '${serverId}'.`;
    this.inputSchema = remoteInputSchema(remote);
    this.validationSchema = remoteValidationSchema(remote);
    if (cached.annotations) {
      const a = cached.annotations;
      const annotations: ToolAnnotations = {};
      if (typeof a.title === 'string') annotations.title = a.title;
      for (const k of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) if (typeof a[k] === 'boolean') annotations[k] = a[k];
      this.annotations = annotations;
    }
    this.source = `mcp:${serverId}`;
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    await this.host.start();
    const real = this.host.tools.get(this.name);
    if (real && real !== this) return real.execute(args, ctx);
    const why = this.host.failure();
    const server = this.source.slice(4);
    return errorResult(
      why
        ? `MCP server '${server}' could not be started, so '${this.name}' is not available: ${why}`
        : `MCP server '${server}' started but no longer offers '${this.name}'.`,
    );
  }

  /** Always true: the live listing replaces every stand-in once the server connects. */
  differsFrom(): boolean {
    return true;
  }
}

/** Puts a not-yet-started server's tools in the collection as stand-ins from its cached listing; `start` starts the server. */
export function registerCachedTools(id: string, entry: McpEntry, listing: CachedListing, tools: ToolCollection, start: () => Promise<void>): void {
  entry.cached = listing;
  const disabled = new Set(entry.config.disabledTools ?? []);
  const prefix = entry.config.prefix !== false;
  const host = {
    start,
    failure: () => entry.connection?.lastError ?? (entry.connection ? undefined : 'the server was stopped'),
    tools,
  };
  for (const t of listing.tools) {
    if (disabled.has(t.name)) continue;
    const name = mcpToolName(id, t.name, prefix);
    if (entry.exposed.has(name)) continue;
    const tool = new CachedMcpTool(id, t, name, host);
    if (tools.add(tool)) entry.exposed.set(name, tool);
    else entry.rejected.add(name);
  }
}
