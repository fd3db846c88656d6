import type { McpPromptView, McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import type { AppStoreState } from '../store-types';
import { toolCallKey } from './inspector-actions';
import { ALL_TRAFFIC, type McpInspectorTab, type McpTrafficFilter } from './inspector-state';
import { filterTraffic, trafficMethods } from './traffic-filter';

const NO_TRAFFIC: McpTrafficView[] = [];

/** One memo slot: the derived value keeps its identity while its inputs do. */
function memo2<A, B, R>(fn: (a: A, b: B) => R): (a: A, b: B) => R {
  let la: A | undefined;
  let lb: B | undefined;
  let lr: R | undefined;
  let has = false;
  return (a, b) => {
    if (!has || a !== la || b !== lb) {
      lr = fn(a, b);
      la = a;
      lb = b;
      has = true;
    }
    return lr as R;
  };
}

/** A `/server:prompt` the composer can offer. */
export interface ComposerPrompt {
  server: string;
  prompt: McpPromptView;
}

const allPrompts = memo2((prompts: AppStoreState['mcpPrompts'], _unused: null): ComposerPrompt[] =>
  Object.entries(prompts).flatMap(([server, p]) => (p.value ?? []).map((prompt) => ({ server, prompt }))),
);

/** What the inspector tabs and the composer read. Factories take the server (and tool), for `useMemo`. */
export const mcpInspectorSelectors = {
  tab: (server: string) => (s: AppStoreState): McpInspectorTab => s.mcpTabs[server] ?? 'tools',
  /** Text waiting to go into the message box. */
  composerInsert: (s: AppStoreState) => s.mcpComposerInsert,
  resources: (server: string) => (s: AppStoreState) => s.mcpResources[server],
  read: (server: string) => (s: AppStoreState) => s.mcpRead[server],
  updates: (s: AppStoreState) => s.mcpResourceUpdates,
  prompts: (server: string) => (s: AppStoreState) => s.mcpPrompts[server],
  promptResult: (server: string) => (s: AppStoreState) => s.mcpPromptResult[server],
  toolCall: (server: string, tool: string) => (s: AppStoreState) => s.mcpToolCalls[toolCallKey(server, tool)],
  trafficFilter: (server: string) => (s: AppStoreState): McpTrafficFilter => s.mcpTrafficFilter[server] ?? ALL_TRAFFIC,
  trafficSelected: (server: string) => (s: AppStoreState) => s.mcpTrafficSelected[server],
  /** All of a server's entries (for the counts). */
  traffic: (server: string) => (s: AppStoreState) => s.mcpTraffic[server] ?? NO_TRAFFIC,
  /** The entries the filter keeps, memoized per server. */
  filteredTraffic: (server: string) => {
    const f = memo2(filterTraffic);
    return (s: AppStoreState) => f(s.mcpTraffic[server] ?? NO_TRAFFIC, s.mcpTrafficFilter[server] ?? ALL_TRAFFIC);
  },
  trafficMethods: (server: string) => {
    const f = memo2((e: McpTrafficView[], _n: null) => trafficMethods(e));
    return (s: AppStoreState) => f(s.mcpTraffic[server] ?? NO_TRAFFIC, null);
  },
  /** The level being set (shown at once), else the one the snapshot says. */
  logLevel: (server: string) => (s: AppStoreState) => s.mcpLogLevels[server] ?? s.mcpSnapshot?.servers.find((x) => x.id === server)?.logLevel ?? '',
  attachments: (s: AppStoreState) => s.mcpAttachments,
  /** Every prompt of every server listed so far, for `/server:prompt`. */
  composerPrompts: (s: AppStoreState) => allPrompts(s.mcpPrompts, null),
};
