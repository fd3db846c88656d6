/**
 * What the MCP pane's inspector shows of one server: its resources, templates, prompts,
 * completions, a tool called by hand, the traffic log, and what the composer attaches to the
 * next message. Every text here came from a server and is shown as text, never as HTML; the
 * host masks secrets before any of it leaves.
 */
import { z } from 'zod';

/** The longest resource URI the window may send (8 KiB; real ones are far shorter). */
export const MAX_RESOURCE_URI = 8_192;

/** A resource URI as the window sends it: not empty, at most MAX_RESOURCE_URI characters. */
export const ResourceUriSchema = z.string().min(1).max(MAX_RESOURCE_URI);

/** Prompt arguments or completion context: text by name. */
export const StringArgsSchema = z.record(z.string(), z.string());

/** One resource a server lists. */
export interface McpResourceView {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Bytes, when the server says. */
  size?: number;
}

/** A resource template (RFC 6570 URI template) and its variables. */
export interface McpTemplateView {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** The template's variable names, in order. */
  variables: string[];
}

/** A server's resources and templates, and which URIs this session watches. */
export interface McpResourcesView {
  resources: McpResourceView[];
  templates: McpTemplateView[];
  /** The URIs subscribed to (updates arrive as `mcp_resource_updated` events). */
  subscriptions: string[];
  /** Whether the server offers subscriptions at all. */
  canSubscribe: boolean;
}

/** One content of a read resource: text as text, a blob as its size (and its data for images only). */
export interface McpResourceContentView {
  uri: string;
  mimeType?: string;
  text?: string;
  /** Binary contents: how big, and the base64 data only when it is an image to show. */
  blob?: { bytes: number; imageData?: string };
}

/** One argument of a prompt. */
export interface McpPromptArgumentView {
  name: string;
  description?: string;
  required?: boolean;
}

/** One prompt a server lists. */
export interface McpPromptView {
  name: string;
  title?: string;
  description?: string;
  arguments: McpPromptArgumentView[];
}

/** One message of a prompt got with its arguments. */
export interface McpPromptMessageView {
  role: string;
  /** The message as text (text content as is; other content described). */
  text: string;
  /** The raw content block, for the JSON view. */
  content: unknown;
}

/** A prompt's messages. */
export interface McpPromptResultView {
  description?: string;
  messages: McpPromptMessageView[];
}

/** What a completion completes: a prompt's argument or a template's variable. */
export const McpCompletionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string() }),
  z.object({ type: z.literal('ref/resource'), uri: z.string() }),
]);
/** What a completion completes. */
export type McpCompletionRef = z.infer<typeof McpCompletionRefSchema>;

/** Suggestions for an argument. */
export interface McpCompletionView {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** A tool called by hand from the inspector: exactly what the model would have seen. */
export interface McpToolCallView {
  /** The recorded call (its card in the chat, its exchange in the traffic). */
  callId: string;
  /** The result as text, exactly as it goes to the model. */
  text: string;
  isError: boolean;
  images: Array<{ mimeType: string; data: string }>;
}

/** One thing that crossed the wire to or from a server, in arrival order (secrets masked). */
export type McpTrafficView = {
  /** 1, 2, … per server log. */
  seq: number;
  ts: number;
  /** The revision in use when it crossed (`2026-07-28`, `2025-11-25`, …; absent before the era is known). */
  protocolVersion?: string;
  /** The tool call it belongs to, when one was running for it. */
  callId?: string;
} & (
  /** `channel: 'view'`: between an MCP App's view and the window (`out`: to the view), not with the server. */
  | { kind: 'message'; direction: 'out' | 'in'; message: unknown; method?: string; id?: string | number; channel?: 'view' }
  | {
      kind: 'http';
      method: string;
      url: string;
      status?: number;
      /** `Mcp-*`, `MCP-Protocol-Version`, `Last-Event-ID` and custom config headers of the request (values masked where secret). */
      requestHeaders: Record<string, string>;
      /** `Mcp-*` and content-type headers of the response. */
      responseHeaders: Record<string, string>;
      error?: string;
    }
  | { kind: 'note'; text: string }
);

/** The MCP log levels (RFC 5424 names), lowest first. */
export const MCP_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];

/** At most this many attachments on one message. */
export const MAX_ATTACHMENTS = 8;

/** Something to put in front of the next user message: a resource's contents or a prompt's messages. */
export const McpAttachmentRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resource'), server: z.string().min(1), uri: ResourceUriSchema }),
  z.object({ kind: z.literal('prompt'), server: z.string().min(1), name: z.string().min(1), args: StringArgsSchema.default({}) }),
]);
/** Something to put in front of the next user message. */
export type McpAttachmentRef = z.output<typeof McpAttachmentRefSchema>;
