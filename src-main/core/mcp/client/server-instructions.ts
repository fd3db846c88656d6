import type { McpEntry } from './manager-types';

/**
 * Exactly the system messages the model receives from MCP servers: one per connected server
 * with instructions (unless `includeInstructions: false`), each naming its server; a fork's
 * edited instructions (`overrides`, by server id) stand for the server's own.
 */
export function serverInstructions(entries: ReadonlyMap<string, McpEntry>, overrides?: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [id, entry] of entries) {
    const conn = entry.connection;
    if (entry.config.disabled || entry.config.includeInstructions === false) continue;
    // A fork that edited this server's instructions: the model gets the edited text.
    const given = overrides?.get(id);
    if (given !== undefined) {
      if (given.trim()) out.push(`Instructions from MCP server '${id}':\n${given.trim()}`);
      continue;
    }
    if (!conn || conn.status !== 'connected' || !conn.instructions?.trim()) continue;
    out.push(`Instructions from MCP server '${id}':\n${conn.instructions.trim()}`);
  }
  return out;
}
