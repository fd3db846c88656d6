/** Longest tool name the model APIs accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * Makes a name the model APIs accept (docs/mcp.md): every char outside `[A-Za-z0-9_-]` becomes
 * `_`, runs of `_` collapse, leading/trailing `_` are trimmed, then it is cut to 64 chars.
 */
export function sanitizeToolName(raw: string): string {
  const cleaned = raw
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return cleaned.slice(0, MAX_TOOL_NAME_LENGTH);
}

/**
 * The name the model sees for a remote tool: `mcp_<serverId>_<tool>` sanitised, or the tool's
 * own name sanitised when the server is unprefixed (`prefix: false`, the default browser).
 * The original name is what goes over the wire.
 */
export function mcpToolName(serverId: string, tool: string, prefix = true): string {
  return sanitizeToolName(prefix ? `mcp_${serverId}_${tool}` : tool);
}
