/**
 * What one model request holds, by part, in estimated tokens (4 characters a token): recorded
 * on `model_request.context` so the window can show where the context goes.
 */
export interface ContextMeter {
  /** Sum of the parts. */
  totalTokens: number;
  /** The model's context window, when known (built-in table or config `agent.contextWindowTokens`). */
  windowTokens: number | null;
  parts: ContextPart[];
  /** The biggest single items (messages, tool results, schemas), largest first. */
  largest: ContextItem[];
  /**
   * Tools whose schemas this request did not carry (deferred: named in `tool_search`'s
   * description, loaded on demand). `tokens`: the schemas' estimated size, left out.
   */
  deferred?: { count: number; tokens: number; tools: DeferredToolInfo[] };
}

/** A tool whose schema was not sent: named with one line, loaded on demand through `tool_search`. */
export interface DeferredToolInfo {
  name: string;
  /** `mcp:<serverId>`, or `builtin` / `extension:<name>` for a tool named in `agent.deferTools`. */
  source: string;
  /** What the model is shown of it. */
  line: string;
  /** Estimated tokens of its schema (what deferring it saves per request). */
  tokens: number;
}

/** One part of a request. */
export interface ContextPart {
  kind: 'system' | 'mcp-instructions' | 'app-context' | 'skills' | 'tools' | 'conversation' | 'tool-results' | 'images';
  /** The skill (its line in the skills list), the MCP server (instructions, an app view's context) or tool source (`builtin`, `mcp:<id>`, `extension:<name>`). */
  source?: string;
  tokens: number;
  /** Messages, tools or images counted in this part. */
  count: number;
}

/** One large item, with what identifies it for a link. */
export interface ContextItem {
  kind: 'message' | 'tool-result' | 'tool-schema' | 'system' | 'mcp-instructions' | 'app-context' | 'skill';
  label: string;
  tokens: number;
  /** The tool call a result answers. */
  callId?: string;
}
