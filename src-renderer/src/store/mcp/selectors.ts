import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import type { AppStoreState } from '../store-types';

const NONE: McpServerView[] = [];

/** What the MCP pane shows. */
export const mcpSelectors = {
  snapshot: (s: AppStoreState) => s.mcpSnapshot,
  servers: (s: AppStoreState) => s.mcpSnapshot?.servers ?? NONE,
  message: (s: AppStoreState) => s.mcpMessage,
  busy: (s: AppStoreState) => s.mcpBusy,
};
