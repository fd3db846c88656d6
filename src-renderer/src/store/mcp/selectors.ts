import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import type { AppStoreState } from '../store-types';

const NONE: McpServerView[] = [];

/** What the MCP pane shows. */
export const mcpSelectors = {
  snapshot: (s: AppStoreState) => s.mcpSnapshot,
  servers: (s: AppStoreState) => s.mcpSnapshot?.servers ?? NONE,
  message: (s: AppStoreState) => s.mcpMessage,
  busy: (s: AppStoreState) => s.mcpBusy,
  /** The attention request for this server's card (its seq), or null. */
  attention: (server: string) => (s: AppStoreState) => (s.mcpAttention?.server === server ? s.mcpAttention.seq : null),
  /** The user's open/folded choice for this server's card, if any. */
  cardChoice: (server: string) => (s: AppStoreState) => s.mcpCardChoices[server],
  /** The snapshot belongs to another session than the one shown (a switch under way). */
  stale: (s: AppStoreState) => !!s.mcpSnapshot?.session && !!s.sessionId && s.mcpSnapshot.session !== s.sessionId,
};
