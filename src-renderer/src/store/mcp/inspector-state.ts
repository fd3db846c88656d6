import type {
  McpAttachmentRef,
  McpLogLevel,
  McpPromptResultView,
  McpPromptView,
  McpResourceContentView,
  McpResourcesView,
  McpToolCallView,
  McpTrafficView,
} from '../../../../src-shared/contract/mcp-inspector-views';

/** The inspector tabs of a server card. */
export type McpInspectorTab = 'tools' | 'resources' | 'prompts' | 'traffic';

/** What the Traffic tab shows: a kind, a method, free text, one call's exchange. */
export interface McpTrafficFilter {
  kind: 'all' | 'requests' | 'notifications' | 'errors' | 'http';
  /** '' for every method. */
  method: string;
  text: string;
  /** Only the messages of this tool call (the link from a call card). */
  callId?: string;
}

/** Something loading, loaded or failed, per server. */
export type Loaded<T> = { loading: true; value?: T; error?: undefined } | { loading: false; value?: T; error?: string };

/** The inspector part of the MCP slice: per server, what its tabs show. */
export interface McpInspectorState {
  /** The open tab per server (Tools when not set). */
  mcpTabs: Record<string, McpInspectorTab>;
  mcpResources: Record<string, Loaded<McpResourcesView>>;
  /** The resource being read, per server. */
  mcpRead: Record<string, { uri: string } & Loaded<McpResourceContentView[]>>;
  /** How many updates arrived per watched resource (`server uri`). */
  mcpResourceUpdates: Record<string, number>;
  mcpPrompts: Record<string, Loaded<McpPromptView[]>>;
  /** The prompt got last, per server. */
  mcpPromptResult: Record<string, { name: string } & Loaded<McpPromptResultView>>;
  /** Hand calls, per `server\u0000tool`. */
  mcpToolCalls: Record<string, Loaded<McpToolCallView>>;
  /** The traffic log per server (while its tab was open), oldest first. */
  mcpTraffic: Record<string, McpTrafficView[]>;
  mcpTrafficFilter: Record<string, McpTrafficFilter>;
  /** The entry shown in full, per server (its seq). */
  mcpTrafficSelected: Record<string, number | undefined>;
  /** A log level being set, per server, until the snapshot shows it ('' = the server's default). */
  mcpLogLevels: Record<string, McpLogLevel | ''>;
  /** What goes in front of the next message (composer chips). */
  mcpAttachments: McpAttachmentRef[];
  /** Text for the message box (a prompt's *Use in message*), taken by the composer once; `seq` tells one from the next. */
  mcpComposerInsert: { text: string; seq: number } | null;
}

/** Nothing loaded. */
export function initialMcpInspectorState(): McpInspectorState {
  return {
    mcpTabs: {},
    mcpResources: {},
    mcpRead: {},
    mcpResourceUpdates: {},
    mcpPrompts: {},
    mcpPromptResult: {},
    mcpToolCalls: {},
    mcpTraffic: {},
    mcpTrafficFilter: {},
    mcpTrafficSelected: {},
    mcpLogLevels: {},
    mcpAttachments: [],
    mcpComposerInsert: null,
  };
}

/** The default Traffic filter: everything. */
export const ALL_TRAFFIC: McpTrafficFilter = { kind: 'all', method: '', text: '' };
