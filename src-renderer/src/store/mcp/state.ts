import type { McpSnapshot } from '../../../../src-shared/contract/workbench-views';
import { initialMcpInspectorState, type McpInspectorState } from './inspector-state';
import { loadCardChoices } from './card-folding';

/** The MCP slice: the host's servers and what they tell the model, and the action under way. */
export interface McpState extends McpInspectorState {
  /** null until the host answered. */
  mcpSnapshot: McpSnapshot | null;
  /** Why the last action failed; null when it did not. */
  mcpMessage: { ok: boolean; text: string } | null;
  /** The action under way ("Restart", "Import", …), null when idle. */
  mcpBusy: string | null;
  /**
   * The server just added or acted on: its card scrolls into view and flashes, again when its
   * connection settles (connected, or its error); `seq` tells one request from the next.
   */
  mcpAttention: { server: string; seq: number } | null;
  /** Cards the user opened (true) or folded (false), by server id (kept across reloads). */
  mcpCardChoices: Record<string, boolean>;
}

/** Not loaded. */
export function initialMcpState(): McpState {
  return { mcpSnapshot: null, mcpMessage: null, mcpBusy: null, mcpAttention: null, mcpCardChoices: loadCardChoices(), ...initialMcpInspectorState() };
}
