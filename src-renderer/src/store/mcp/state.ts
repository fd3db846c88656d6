import type { McpSnapshot } from '../../../../src-shared/contract/workbench-views';

/** The MCP slice: the host's servers and what they tell the model, and the action under way. */
export interface McpState {
  /** null until the host answered. */
  mcpSnapshot: McpSnapshot | null;
  /** Why the last action failed; null when it did not. */
  mcpMessage: { ok: boolean; text: string } | null;
  /** The action under way ("Restart", "Import", …), null when idle. */
  mcpBusy: string | null;
}

/** Not loaded. */
export function initialMcpState(): McpState {
  return { mcpSnapshot: null, mcpMessage: null, mcpBusy: null };
}
