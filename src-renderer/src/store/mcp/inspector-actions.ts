import type { McpAttachmentRef, McpCompletionRef, McpLogLevel, McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { promptAsText } from './prompt-text';
import { ALL_TRAFFIC, type McpInspectorTab, type McpTrafficFilter } from './inspector-state';

/** How often the open Traffic tab asks for new entries. */
export const TRAFFIC_POLL_MS = 700;
/** Entries kept per server in the window (the host keeps 2,000). */
const TRAFFIC_KEPT = 5_000;

/** Key of a hand call's state. */
export const toolCallKey = (server: string, tool: string): string => `${server}\u0000${tool}`;

/** The MCP inspector's actions: each server's tabs, hand calls, traffic and the composer's attachments. */
export interface McpInspectorActions {
  setMcpTab(server: string, tab: McpInspectorTab): void;
  loadMcpResources(server: string): Promise<void>;
  readMcpResource(server: string, uri: string): Promise<void>;
  /** Watches (`on`) or stops watching a resource; updates count on its row and re-read it when shown. */
  subscribeMcpResource(server: string, uri: string, on: boolean): Promise<void>;
  loadMcpPrompts(server: string): Promise<void>;
  /** Lists the prompts of every connected server (the composer's `/server:prompt`). */
  loadAllMcpPrompts(): Promise<void>;
  getMcpPrompt(server: string, name: string, args: Record<string, string>): Promise<void>;
  /** Gets the prompt with these arguments and puts its text in the message box (false when it failed; the pane shows why). */
  useMcpPromptInComposer(server: string, name: string, args: Record<string, string>): Promise<boolean>;
  /** The composer took the text with this seq. */
  takeMcpComposerInsert(seq: number): void;
  /** Suggestions for an argument from what is typed; [] when the server has none or fails. */
  completeMcp(server: string, ref: McpCompletionRef, argument: string, value: string, context?: Record<string, string>): Promise<string[]>;
  callMcpTool(server: string, tool: string, args: Record<string, unknown>): Promise<void>;
  /** While a Traffic tab is open: loads the server's log and follows it. Returns the stop function. */
  watchMcpTraffic(server: string): () => void;
  setMcpTrafficFilter(server: string, patch: Partial<McpTrafficFilter>): void;
  selectMcpTraffic(server: string, seq: number | undefined): void;
  setMcpLogLevel(server: string, level: McpLogLevel | ''): Promise<void>;
  /** The link from a tool-call card: the MCP pane, that server's Traffic tab, only that call. */
  showMcpTraffic(server: string, callId: string): void;
  addMcpAttachment(ref: McpAttachmentRef): void;
  removeMcpAttachment(index: number): void;
  clearMcpAttachments(): void;
  /** A resource update event (`mcp_resource_updated`): counted, and re-read if it is the one shown. */
  noteMcpResourceUpdated(server: string, uri: string): void;
}

/** Builds the inspector's actions. */
export const mcpInspectorActions: SliceActions<McpInspectorActions> = (set, get, bridge) => {
  const patch = <K extends 'mcpResources' | 'mcpRead' | 'mcpPrompts' | 'mcpPromptResult' | 'mcpToolCalls'>(key: K, id: string, value: ReturnType<typeof get>[K][string]): void =>
    set((s) => ({ [key]: { ...s[key], [id]: value } }) as Partial<ReturnType<typeof get>>);
  return {
    setMcpTab: (server, tab) => set((s) => ({ mcpTabs: { ...s.mcpTabs, [server]: tab } })),
    loadMcpResources: async (server) => {
      patch('mcpResources', server, { loading: true, value: get().mcpResources[server]?.value });
      try {
        patch('mcpResources', server, { loading: false, value: await bridge().mcp.resources(server) });
      } catch (err) {
        patch('mcpResources', server, { loading: false, error: errorText(err) });
      }
    },
    readMcpResource: async (server, uri) => {
      const keep = get().mcpRead[server];
      patch('mcpRead', server, { uri, loading: true, ...(keep?.uri === uri && keep.value ? { value: keep.value } : {}) });
      try {
        const value = await bridge().mcp.readResource(server, uri);
        if (get().mcpRead[server]?.uri === uri) patch('mcpRead', server, { uri, loading: false, value });
      } catch (err) {
        if (get().mcpRead[server]?.uri === uri) patch('mcpRead', server, { uri, loading: false, error: errorText(err) });
      }
    },
    subscribeMcpResource: async (server, uri, on) => {
      try {
        const subscriptions = await bridge().mcp.subscribe(server, uri, on);
        const cur = get().mcpResources[server];
        if (cur?.value) patch('mcpResources', server, { loading: false, value: { ...cur.value, subscriptions } });
      } catch (err) {
        set({ mcpMessage: { ok: false, text: `${on ? 'Subscribe' : 'Unsubscribe'}: ${errorText(err)}` } });
      }
    },
    loadMcpPrompts: async (server) => {
      patch('mcpPrompts', server, { loading: true, value: get().mcpPrompts[server]?.value });
      try {
        patch('mcpPrompts', server, { loading: false, value: await bridge().mcp.prompts(server) });
      } catch (err) {
        patch('mcpPrompts', server, { loading: false, error: errorText(err) });
      }
    },
    loadAllMcpPrompts: async () => {
      let servers = get().mcpSnapshot?.servers;
      if (!servers) {
        try {
          const mcpSnapshot = await bridge().mcp.snapshot();
          set({ mcpSnapshot });
          servers = mcpSnapshot.servers;
        } catch {
          return;
        }
      }
      await Promise.all(servers.filter((s) => s.status === 'connected').map((s) => get().loadMcpPrompts(s.id)));
    },
    getMcpPrompt: async (server, name, args) => {
      patch('mcpPromptResult', server, { name, loading: true });
      try {
        patch('mcpPromptResult', server, { name, loading: false, value: await bridge().mcp.getPrompt(server, name, args) });
      } catch (err) {
        patch('mcpPromptResult', server, { name, loading: false, error: errorText(err) });
      }
    },
    useMcpPromptInComposer: async (server, name, args) => {
      await get().getMcpPrompt(server, name, args);
      const got = get().mcpPromptResult[server];
      if (got?.name !== name || !got.value) return false;
      const text = promptAsText(got.value);
      if (!text) {
        patch('mcpPromptResult', server, { name, loading: false, value: got.value, error: 'The prompt has no text to put in the message box.' });
        return false;
      }
      set((s) => ({ mcpComposerInsert: { text, seq: (s.mcpComposerInsert?.seq ?? 0) + 1 } }));
      return true;
    },
    takeMcpComposerInsert: (seq) => {
      if (get().mcpComposerInsert?.seq === seq) set({ mcpComposerInsert: null });
    },
    completeMcp: async (server, ref, argument, value, context) => {
      try {
        return (await bridge().mcp.complete(server, ref, argument, value, context)).values;
      } catch {
        return [];
      }
    },
    callMcpTool: async (server, tool, args) => {
      const key = toolCallKey(server, tool);
      patch('mcpToolCalls', key, { loading: true });
      try {
        patch('mcpToolCalls', key, { loading: false, value: await bridge().mcp.callTool(server, tool, args) });
      } catch (err) {
        patch('mcpToolCalls', key, { loading: false, error: errorText(err) });
      }
    },
    watchMcpTraffic: (server) => {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let status = get().mcpSnapshot?.servers.find((s) => s.id === server)?.status;
      const poll = async (full: boolean): Promise<void> => {
        const have = get().mcpTraffic[server] ?? [];
        const after = full ? 0 : (have.at(-1)?.seq ?? 0);
        try {
          const got: McpTrafficView[] = await bridge().mcp.traffic(server, after);
          if (stopped) return;
          if (full) set((s) => ({ mcpTraffic: { ...s.mcpTraffic, [server]: got.slice(-TRAFFIC_KEPT) } }));
          else if (got.length) set((s) => ({ mcpTraffic: { ...s.mcpTraffic, [server]: [...(s.mcpTraffic[server] ?? []), ...got].slice(-TRAFFIC_KEPT) } }));
        } catch {
          // Not connected (yet): the next poll tries again.
        }
        if (stopped) return;
        timer = setTimeout(() => {
          // A reconnect starts a new log (its seq begins again): then load it whole.
          const now = get().mcpSnapshot?.servers.find((s) => s.id === server)?.status;
          const changed = now !== status;
          status = now;
          void poll(changed);
        }, TRAFFIC_POLL_MS);
      };
      void poll(true);
      return () => {
        stopped = true;
        if (timer) clearTimeout(timer);
      };
    },
    setMcpTrafficFilter: (server, p) =>
      set((s) => {
        const next = { ...(s.mcpTrafficFilter[server] ?? ALL_TRAFFIC), ...p };
        if ('callId' in p && p.callId === undefined) delete next.callId;
        return { mcpTrafficFilter: { ...s.mcpTrafficFilter, [server]: next } };
      }),
    selectMcpTraffic: (server, seq) => set((s) => ({ mcpTrafficSelected: { ...s.mcpTrafficSelected, [server]: seq } })),
    setMcpLogLevel: async (server, level) => {
      const before = get().mcpLogLevels[server] ?? '';
      set((s) => ({ mcpLogLevels: { ...s.mcpLogLevels, [server]: level } }));
      try {
        await bridge().mcp.setLogLevel(server, (level || undefined) as McpLogLevel | undefined);
        // From now on the snapshot (the saved config) says.
        const mcpSnapshot = await bridge().mcp.snapshot();
        set((s) => {
          const { [server]: _done, ...rest } = s.mcpLogLevels;
          return { mcpSnapshot, mcpLogLevels: rest };
        });
      } catch (err) {
        set((s) => ({ mcpLogLevels: { ...s.mcpLogLevels, [server]: before }, mcpMessage: { ok: false, text: `Log level: ${errorText(err)}` } }));
      }
    },
    showMcpTraffic: (server, callId) => {
      set((s) => ({
        mcpTabs: { ...s.mcpTabs, [server]: 'traffic' },
        mcpTrafficFilter: { ...s.mcpTrafficFilter, [server]: { ...ALL_TRAFFIC, callId } },
        mcpTrafficSelected: { ...s.mcpTrafficSelected, [server]: undefined },
      }));
      get().setRightTab('mcp');
    },
    addMcpAttachment: (ref) =>
      set((s) => {
        const same = (a: McpAttachmentRef): boolean => JSON.stringify(a) === JSON.stringify(ref);
        return s.mcpAttachments.some(same) ? {} : { mcpAttachments: [...s.mcpAttachments, ref] };
      }),
    removeMcpAttachment: (index) => set((s) => ({ mcpAttachments: s.mcpAttachments.filter((_, i) => i !== index) })),
    clearMcpAttachments: () => set({ mcpAttachments: [] }),
    noteMcpResourceUpdated: (server, uri) => {
      const key = `${server} ${uri}`;
      set((s) => ({ mcpResourceUpdates: { ...s.mcpResourceUpdates, [key]: (s.mcpResourceUpdates[key] ?? 0) + 1 } }));
      const shown = get().mcpRead[server];
      if (shown?.uri === uri && !shown.loading) void get().readMcpResource(server, uri);
    },
  };
};
