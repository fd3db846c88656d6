import type { EventBus } from '../../events/event-bus';
import type { ToolCollection } from '../../tools/tool-collection';
import { McpClientTool } from './remote-tool';
import type { StatusSource } from './server-status';
import { mcpToolName } from './tool-name';
import type { ExposedMcpTool } from './manager-types';

/** A manager entry as the tool table sees it. */
export interface ToolSyncEntry extends StatusSource {
  /** Names that lost a clash. */
  rejected: Set<string>;
}

/**
 * Makes the session's tool collection match a server's current (enabled) tools and emits the
 * difference (`mcp_tools_changed`). Clashes are reported, never silent: the first name wins.
 */
export function syncServerTools(id: string, entry: ToolSyncEntry, tools: ToolCollection, bus: EventBus): void {
  const conn = entry.connection;
  // The live listing replaces the cached one (and every stand-in, which always "differs").
  if (conn) entry.cached = undefined;
  const disabled = new Set(entry.config.disabledTools ?? []);
  const prefix = entry.config.prefix !== false;
  const wanted = new Map<string, ExposedMcpTool | undefined>();
  const remotes = new Map<string, NonNullable<typeof conn>['tools'][number]>();
  if (conn && !entry.config.disabled) {
    for (const remote of conn.tools) {
      if (disabled.has(remote.name)) continue;
      const name = mcpToolName(id, remote.name, prefix);
      if (remotes.has(name)) {
        // Two remote names that sanitise alike: the first keeps the name, the other is reported.
        bus.emit({ type: 'log', level: 'warn', source: `mcp:${id}`, message: `tool '${remote.name}' of MCP server '${id}' is not available: '${remotes.get(name)!.name}' already became '${name}'` });
        continue;
      }
      remotes.set(name, remote);
      wanted.set(name, entry.exposed.get(name));
    }
  }
  const added: string[] = [];
  const removed: string[] = [];
  for (const [name, tool] of [...entry.exposed]) {
    const remote = remotes.get(name);
    if (!remote || tool.differsFrom(remote)) {
      tools.remove(name, tool);
      entry.exposed.delete(name);
      if (!remote) removed.push(name);
    }
  }
  entry.rejected.clear();
  for (const [name, remote] of remotes) {
    if (entry.exposed.has(name) || !conn) continue;
    const tool = new McpClientTool(conn, remote, name);
    if (tools.add(tool)) {
      entry.exposed.set(name, tool);
      if (!wanted.get(name)) added.push(name);
    } else {
      entry.rejected.add(name);
      const kept = tools.get(name)?.source ?? 'builtin';
      bus.emit({
        type: 'log',
        level: 'warn',
        source: `mcp:${id}`,
        message: `tool '${remote.name}' of MCP server '${id}' is not available as '${name}': ${kept} already has that name (first registered wins)`,
      });
    }
  }
  if (added.length || removed.length) bus.emit({ type: 'mcp_tools_changed', server: id, added, removed });
}

/** Takes every tool of a server out of the collection (server stopped). */
export function removeServerTools(id: string, entry: ToolSyncEntry, tools: ToolCollection, bus: EventBus): void {
  const removed: string[] = [];
  for (const [name, tool] of entry.exposed) if (tools.remove(name, tool)) removed.push(name);
  entry.exposed.clear();
  entry.rejected.clear();
  if (removed.length) bus.emit({ type: 'mcp_tools_changed', server: id, added: [], removed });
}

/** Lines the agent adds when tools come or go (`mcp_tools_changed` → model). */
export function describeToolsChange(server: string, added: string[], removed: string[]): string[] {
  const out: string[] = [];
  if (added.length) out.push(`New tools available (from MCP server ${server}): ${added.join(', ')}`);
  if (removed.length) out.push(`Tools no longer available (from MCP server ${server}): ${removed.join(', ')}`);
  return out;
}
