import type { McpSnapshot } from '../../../../src-shared/contract/workbench-views';
import { initialMcpInspectorState, type McpInspectorState } from './inspector-state';

/** The MCP slice: the host's servers and what they tell the model, and the action under way. */
export interface McpState extends McpInspectorState {
  /** null until the host answered. */
  mcpSnapshot: McpSnapshot | null;
  /** Why the last action failed; null when it did not. */
  mcpMessage: { ok: boolean; text: string } | null;
  /** The action under way ("Restart", "Import", …), null when idle. */
  mcpBusy: string | null;
}

/** Not loaded. */
export function initialMcpState(): McpState {
  return { mcpSnapshot: null, mcpMessage: null, mcpBusy: null, ...initialMcpInspectorState() };
}
