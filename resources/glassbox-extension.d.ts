/**
 * Types for writing Glassbox extensions (the guide: docs/extensions.md in the Glassbox folder).
 * Self-contained: copy this file next to your extension, or point at it from the Glassbox folder.
 *
 * TypeScript:  import type { ExtensionApi, GlassboxExtension } from './glassbox-extension';
 * JavaScript:  /** @type {import('./glassbox-extension').GlassboxExtension} *\/
 *
 * Kept in step with the real types in src-main/core by
 * src-main/core/extensions/types.sync.test.ts.
 */

// ——— tools ———

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/** Hints about a tool's effects (MCP tool annotations). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Where a tool comes from. */
export type ToolSource = 'builtin' | `mcp:${string}` | `extension:${string}`;

/** An image a tool produced, base64-encoded. */
export interface ToolImage {
  data: string;
  mimeType: string;
}

/** A tool result as events and after-hooks see it. */
/** A tool call that runs as an MCP task: its state as last seen (see docs/mcp.md, Tasks). */
export interface McpTaskState {
  server: string;
  taskId: string;
  /** `completed`, `failed` and `cancelled` are final. */
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  /** ms the server keeps the task after creating it (null: no limit). */
  ttl?: number | null;
  createdAt?: string;
  lastUpdatedAt?: string;
  pollInterval?: number;
  /** Set by Glassbox when it stopped following the task (the server no longer knows it). */
  lost?: string;
}

export interface ToolResultRecord {
  output: string | null;
  error: string | null;
  images: ToolImage[];
  system: string | null;
  metadata?: Record<string, unknown>;
}

/** What an extension tool may return: plain text (the output), or a result object. */
export type ExtensionToolReturn =
  | string
  | { output?: string; error?: string; images?: ToolImage[]; system?: string; metadata?: Record<string, unknown> }
  | void
  | undefined;

/**
 * What an extension tool's `execute` receives besides its arguments. `elicit`, `sample` and
 * `roots` ask the MCP client that made the call (through `glassbox mcp serve`); elsewhere, or
 * when the client lacks the capability, they reject at once with the reason.
 */
export interface ExtensionToolContext extends ExtensionMcpContext {
  /** Aborted when the run is cancelled or the call times out. */
  signal: AbortSignal;
  /** Absolute path of the workspace the agent works in. */
  workspace: string;
  /** Absolute path of $GLASSBOX_HOME. */
  home: string;
  /** The id of this call. */
  callId: string;
  /** The session id, when running inside a session. */
  sessionId?: string;
}

/**
 * A tool an extension registers. It is offered to the model and callable exactly like a
 * built-in (agent, `glassbox tools call`, `glassbox mcp serve`). A throw becomes an
 * `Error: …` result for the model.
 */
export interface ExtensionTool {
  /** `[A-Za-z0-9_-]{1,64}`; the first tool registered under a name keeps it. */
  name: string;
  /** The model's only manual: what it does, when to use it, what it returns. */
  description: string;
  /** JSON Schema of the arguments (an object schema); default: no arguments. */
  inputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  execute(args: Record<string, unknown>, ctx: ExtensionToolContext): ExtensionToolReturn | Promise<ExtensionToolReturn>;
}

// ——— asking the MCP client (calls through `glassbox mcp serve`) ———

/** Options of one question to the client. */
export interface AskOptions {
  /**
   * The name of this input in a 2026-07-28 round (`inputRequests` key). A client may answer it
   * up front by sending `inputResponses` with that key on its first request.
   */
  key?: string;
}

/** A form to show the user (MCP elicitation): a flat object schema of primitive fields. */
export interface ElicitForm {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
}

/** The user's answer to a form. */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** A request for a completion from the client's model (MCP sampling). */
export interface SampleRequest {
  messages: { role: 'user' | 'assistant'; content: { type: 'text'; text: string } | { type: 'image' | 'audio'; data: string; mimeType: string } }[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  metadata?: Record<string, unknown>;
}

/** The client model's answer. */
export interface SampleAnswer {
  role: 'user' | 'assistant';
  content: { type: string; text?: string; data?: string; mimeType?: string };
  model: string;
  stopReason?: string;
}

/** One of the client's roots. */
export interface ClientRoot {
  uri: string;
  name?: string;
}

/** What code running for an MCP request may ask its client. */
export interface ExtensionMcpContext {
  /** What the calling MCP client declared it can do; undefined when this is not an MCP call. */
  readonly clientCapabilities: Record<string, unknown> | undefined;
  /** Asks the user through the client. */
  elicit(form: ElicitForm, opts?: AskOptions): Promise<ElicitAnswer>;
  /** Asks the client's model for a completion. */
  sample(request: SampleRequest, opts?: AskOptions): Promise<SampleAnswer>;
  /** The client's roots. */
  roots(opts?: AskOptions): Promise<ClientRoot[]>;
}

// ——— MCP resources, templates and prompts (served by `glassbox mcp serve`) ———

/** One piece of a resource's content: `text`, or base64 `blob` for binary. */
export interface ExtensionResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A resource as listed. */
export interface ExtensionResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A fixed resource with its reader. */
export interface ExtensionResource extends ExtensionResourceEntry {
  read(): ExtensionResourceContent[] | Promise<ExtensionResourceContent[]>;
}

/** Suggests values for one variable or argument from what the user typed so far. */
export type ExtensionCompleter = (value: string, context: { arguments: Record<string, string> }) => string[] | Promise<string[]>;

/** A family of resources named by a URI template: `{name}` (one path segment), `{+name}` or `{#name}`. */
export interface ExtensionResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** The template's resources, a page at a time (`cursor` is the previous page's `nextCursor`). */
  list?(cursor: string | undefined): { resources: ExtensionResourceEntry[]; nextCursor?: string } | Promise<{ resources: ExtensionResourceEntry[]; nextCursor?: string }>;
  /** Reads one resource; return undefined when there is none at `uri` (the client gets "not found"). */
  read(uri: string, variables: Record<string, string>): ExtensionResourceContent[] | undefined | Promise<ExtensionResourceContent[] | undefined>;
  /** Completions per variable name. */
  complete?: Record<string, ExtensionCompleter>;
}

/** A content block of a prompt message. */
export type ExtensionPromptContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: ExtensionResourceContent };

/** One message of a prompt. */
export interface ExtensionPromptMessage {
  role: 'user' | 'assistant';
  content: ExtensionPromptContent;
}

/** A prompt template with arguments. */
export interface ExtensionPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  /** Builds the messages; `ctx` can ask the client (elicit, sample, roots) in either protocol era. */
  get(
    args: Record<string, string>,
    ctx: ExtensionMcpContext,
  ):
    | ExtensionPromptMessage[]
    | { description?: string; messages: ExtensionPromptMessage[] }
    | Promise<ExtensionPromptMessage[] | { description?: string; messages: ExtensionPromptMessage[] }>;
  /** Completions per argument name. */
  complete?: Record<string, ExtensionCompleter>;
}

// ——— hooks ———

/** The call a hook sees. */
export interface ToolCall {
  callId: string;
  tool: string;
  args: Record<string, unknown>;
  source: ToolSource;
}

/** Returned by a before-hook to block the call; the model sees `[BLOCKED] <reason>`. */
export interface BlockDecision {
  blocked: true;
  reason: string;
}

/** Returned by an after-hook to replace the text the model sees. */
export interface OverrideDecision {
  override: string;
  isError?: boolean;
}

/** Runs before every tool call (after argument validation, before approval). */
export type BeforeToolHook = (call: ToolCall) => BlockDecision | void | undefined | Promise<BlockDecision | void | undefined>;

/** Runs after every tool call with its result. */
export type AfterToolHook = (
  call: ToolCall,
  result: ToolResultRecord,
) => OverrideDecision | void | undefined | Promise<OverrideDecision | void | undefined>;

// ——— events (fields per type: docs/agent.md, "Event types") ———

/** A tool call as the model sent it. */
export interface ToolCallRecord {
  id: string;
  name: string;
  /** Raw JSON text of the arguments. */
  arguments: string;
}

/** Fields every event has. */
export interface EventBase {
  /** 1, 2, … per session. */
  seq: number;
  /** ms since epoch. */
  ts: number;
  /** The session id. */
  session: string;
}

type Role = 'user' | 'assistant' | 'system' | 'tool';

/** Each event type's own fields. */
export interface EventPayloads {
  /** A fork's run also carries its parent, the seq forked at and what was changed; `traceparent` / `tracestate` the W3C trace context the run continued. */
  agent_start: { task: string; workspace?: string; traceparent?: string; tracestate?: string; retry?: boolean } & Partial<ForkStartFields>;
  /** `usage`: the run's model turns added up (absent in sessions recorded before it existed). */
  /** `budget`: a spend limit stopped the run before a model request (config `limits`). */
  agent_end: { reason: 'finished' | 'max_steps' | 'cancelled' | 'error' | 'budget'; error?: string; usage?: UsageTotals };
  turn_start: { step: number };
  turn_end: { step: number };
  message_start: { messageId: string; role: Role };
  message_update: { messageId: string; role: Role; delta: string };
  /** The model's reasoning text of assistant message `messageId` as it streams. */
  thinking_update: { messageId: string; delta: string };
  message_end: {
    messageId: string;
    role: Role;
    content: string;
    toolCalls?: ToolCallRecord[];
    toolCallId?: string;
    toolName?: string;
    isError?: boolean;
    /** For role `assistant`: the model's reasoning shown to the user (a redacted block reads `[redacted]`). */
    thinking?: string;
    /** For role `assistant`: the reasoning sent back on the next request (provider-opaque). */
    reasoning?: CarriedReasoning;
    /** For role `user`: typed while the run worked, queued, and sent before this model request. */
    queued?: boolean;
  };
  /** Messages typed during a run, waiting for its next model request; whether *Stop after this step* was asked. */
  steer_queue: { queued: Array<{ id: string; text: string }>; stopAfterStep: boolean };
  /** Spend so far: this session's known cost, its turns without a price, today's (with a daily limit), the limits. */
  spend_status: { sessionUsd: number; unpricedTurns: number; dayUsd?: number; limits: { sessionUsd?: number; dailyUsd?: number; warnAt: number } };
  /** `origin: 'user'`: the user ran this call from the window (undo, replay, a tool called by hand), not the model. */
  /** `answered`: the call did not run (a fork copied, edited or recorded its result; `recordedFrom`: the parent's call id). */
  /** `origin`: who asked for the call when not the model (`user` by hand, `app` from an MCP App's view, `viewOf` naming the view's call). */
  tool_execution_start: { callId: string; tool: string; args: unknown; source: ToolSource; replayOf?: string; origin?: 'user' | 'app'; viewOf?: string; answered?: PresetAnswerKind; recordedFrom?: string };
  /** `kind: 'task'`: the call runs as an MCP task and `task` is its state now (on each change). */
  tool_execution_update: { callId: string; kind: 'progress' | 'log' | 'task'; progress?: number; total?: number; message?: string; level?: string; task?: McpTaskState };
  tool_execution_end: { callId: string; tool: string; result: ToolResultRecord; durationMs: number; blocked?: boolean; replayOf?: string; origin?: 'user' | 'app'; viewOf?: string; answered?: PresetAnswerKind; recordedFrom?: string };
  /** The workspace's files were saved as a checkpoint (after a turn that changed files, before a turn, around a restore). */
  checkpoint: { id: string; kind: 'turn' | 'before-turn' | 'step' | 'restore' | 'before-restore'; label: string; changed: number; afterSeq?: number };
  /** The conversation went back to right after event `toSeq` (a checkpoint's turn, or undoing an earlier restore); later messages stay in the file, rewound. */
  conversation_restored: { toSeq: number; checkpointId?: string; undoOf?: number };
  /** `escalation`: approving lets this one call run outside the OS sandbox, for these reasons. */
  approval_requested: { requestId: string; callId: string; tool: string; args: unknown; reasons?: string[]; escalation?: { reasons: string[] }; dangerous?: boolean };
  approval_resolved: { requestId: string; callId: string; decision: 'allow' | 'deny'; by: string };
  human_input_requested: { requestId: string; question: string; kind?: 'text' | 'elicitation'; server?: string; schema?: unknown };
  human_input_resolved: { requestId: string; answer: string | null; action?: 'accept' | 'decline' | 'cancel' };
  compaction_start: { before: number };
  compaction_end: { before: number; after: number };
  /** `needs-sign-in`: the server answered 401; `protocolVersion`: the revision in use once connected. */
  mcp_server_status: { server: string; status: 'connecting' | 'connected' | 'error' | 'disconnected' | 'needs-sign-in'; error?: string; protocolVersion?: string };
  mcp_tools_changed: { server: string; added: string[]; removed: string[] };
  /** `context`: what the request holds, by part (the context meter). */
  model_request: { step: number; request: unknown; context?: ContextMeter };
  /** `usage` of this turn; `model` the model that answered; `wire` the exact exchange. */
  model_response: { step: number; response: unknown; model?: string; usage?: ModelUsage; wire?: RecordedWire };
  /** A model request failed and will be tried again: `attempt` of `maxRetries`, after `delayMs`. */
  model_retry: { step: number; attempt: number; maxRetries: number; delayMs: number; status?: number; error: string };
  /** A model request failed for good: the endpoint, the status, the server's own text, the exchange. */
  model_error: { step: number; endpoint: string; status?: number; message: string; attempts: number; wire?: RecordedWire };
  /** The session's model was switched; later runs and a resumed session use it. */
  model_changed: { model: string; provider: string };
  mcp_traffic: { callId: string; server: string; request: unknown; response: unknown; protocolVersion?: string };
  /** A server asked the client something (elicitation, sampling or roots) during a tool call. */
  mcp_server_request: {
    server: string;
    callId?: string;
    method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
    outcome: string;
    params?: unknown;
    result?: unknown;
    usage?: { inputTokens?: number; outputTokens?: number };
    costUsd?: number | null;
    error?: string;
  };
  /** A resource the session subscribed to changed on its server. */
  mcp_resource_updated: { server: string; uri: string };
  log: { level: 'debug' | 'info' | 'warn' | 'error'; source: string; message: string };
}

/** One model turn's usage. */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  /** Input tokens written to the prompt cache. */
  cacheWriteTokens?: number;
  reasoningTokens?: number;
  /** True when the provider reported no counts and they were estimated. */
  estimated?: boolean;
  /** US dollars; null when no price is known for the model. */
  costUsd: number | null;
  ttftMs: number;
  durationMs: number;
}

/** Usage added up over turns. */
export interface UsageTotals {
  turns: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens?: number;
  reasoningTokens: number;
  costUsd: number;
  costUnknownTurns: number;
  estimatedTurns: number;
}

/** What a model request holds, by part, against the model's window. */
export interface ContextMeter {
  totalTokens: number;
  windowTokens: number | null;
  parts: ContextPart[];
  /** The biggest single items, largest first. */
  largest: ContextItem[];
  /** Tools whose schemas the request did not carry (loaded on demand through `tool_search`). */
  deferred?: { count: number; tokens: number; tools: DeferredToolInfo[] };
}

/** A tool whose schema was not sent. */
export interface DeferredToolInfo {
  name: string;
  source: string;
  line: string;
  tokens: number;
}

/** One part of a model request. */
export interface ContextPart {
  kind: 'system' | 'mcp-instructions' | 'app-context' | 'skills' | 'tools' | 'conversation' | 'tool-results' | 'images';
  source?: string;
  tokens: number;
  count: number;
}

/** One large item of a model request. */
export interface ContextItem {
  kind: 'message' | 'tool-result' | 'tool-schema' | 'system' | 'mcp-instructions' | 'app-context' | 'skill';
  label: string;
  tokens: number;
  callId?: string;
}

/** The exact request body and streamed response chunks of a model turn (never headers). */
export interface RecordedWire {
  request: Record<string, unknown>;
  response: unknown[];
  truncated?: boolean;
  messagesOmitted?: number;
}

/** The model's reasoning of one turn, kept to send back as the provider requires (opaque). */
export interface CarriedReasoning {
  api: 'anthropic' | 'openai-responses' | 'openai-chat';
  model: string;
  items: unknown[];
}

/** What was edited in a fork. */
export type ForkChange =
  | { what: 'none' }
  | { what: 'message'; text: string }
  | { what: 'result'; callId: string; result: ToolResultRecord }
  | { what: 'args'; callId: string; args: unknown }
  /** The model's settings from that step on, each optional; `from`/`to`: the parent's and the fork's, filled in when it starts (older files: `model` only). */
  | ({ what: 'model' } & ModelChangeFields & { from?: Partial<ModelSettings>; to?: ModelSettings })
  | { what: 'systemPrompt'; text: string }
  | { what: 'instructions'; server: string; text: string };

/** How much a model thinks, as a fork asks it: `off`, an effort, or a token budget (at least 1,024). */
export type ThinkingChoice = 'off' | 'low' | 'medium' | 'high' | number;

/** The model settings a fork may change; each optional. */
export interface ModelChangeFields {
  /** `default` (the `llm` section) or an id of `llm.providers`. */
  provider?: string;
  model?: string;
  temperature?: number;
  thinking?: ThinkingChoice;
}

/** The settings a model request goes out with (never the key). `null`: not set, the provider's own default. */
export interface ModelSettings {
  /** `default` or an id of `llm.providers`. */
  provider: string;
  /** The wire format: Anthropic Messages, OpenAI Responses or Chat Completions. */
  api: 'anthropic' | 'responses' | 'chat';
  endpoint: string;
  model: string;
  temperature: number | null;
  thinking: ThinkingChoice | null;
}

/** The fields of a fork's `agent_start`. */
export interface ForkStartFields {
  parent: string;
  forkedAt: number;
  changed: ForkChange;
  forkKind: 'user' | 'model' | 'call' | 'result';
  recorded?: boolean;
  forkWorkspace?: 'copy' | 'live';
  continues?: boolean;
}

/** How a fork's tool call was answered without running. */
export type PresetAnswerKind = 'parent' | 'edited' | 'recorded';

/** Every event type name. */
export type EventType = keyof EventPayloads;

/** One event of type T. */
export type GlassboxEventOf<T extends EventType> = EventBase & { type: T } & EventPayloads[T];

/** Any event (narrow it with `event.type`). */
export type GlassboxEvent = { [T in EventType]: GlassboxEventOf<T> }[EventType];

// ——— the extension ———

/** Removes what registered it (a tool, a hook, a subscription, a resource, a prompt). Safe to call twice. */
export type ExtensionDisposer = () => void;

/** An event handler: gets the exact event object the session file records. */
export type ExtensionEventHandler<T extends EventType | '*'> = (
  event: T extends EventType ? GlassboxEventOf<T> : GlassboxEvent,
) => void | Promise<void>;

/** Writes a line prefixed with the extension's name and emits it as a `log` event. */
export interface ExtensionLogger {
  (message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The object handed to `onLoad(api)`. Everything registered through it is removed on unload. */
export interface ExtensionApi {
  /** The extension's name (manifest `name`, else its folder name). */
  readonly name: string;
  /** The manifest's version (default `0.1.0`). */
  readonly version: string;
  /** The extension's own folder. */
  readonly folder: string;
  /** The workspace the agent works in (absolute). */
  readonly workDir: string;
  /** This extension's section of the config file: `extensions.<name>` (an empty object when absent). */
  readonly config: Readonly<Record<string, unknown>>;
  /** Logs with the extension's name as prefix; also emitted as a `log` event. */
  readonly log: ExtensionLogger;
  /** Adds a tool (source `extension:<name>`). Throws for an invalid definition. */
  registerTool(tool: ExtensionTool): ExtensionDisposer;
  /** Subscribes to one event type, or `'*'` for all; returns the unsubscribe function. */
  subscribe<T extends EventType | '*'>(type: T, handler: ExtensionEventHandler<T>): ExtensionDisposer;
  /** Runs before every tool call; return `{ blocked: true, reason }` to block it. */
  addBeforeToolHook(hook: BeforeToolHook): ExtensionDisposer;
  /** Runs after every tool call with its result; may return `{ override, isError? }`. */
  addAfterToolHook(hook: AfterToolHook): ExtensionDisposer;
  /** Adds a fixed MCP resource (served by `glassbox mcp serve`). The first under a URI keeps it. */
  registerResource(resource: ExtensionResource): ExtensionDisposer;
  /** Adds an MCP resource template (`scheme://…{name}…`) with its reader, listing and completions. */
  registerResourceTemplate(template: ExtensionResourceTemplate): ExtensionDisposer;
  /** Adds an MCP prompt with its arguments and completions. The first under a name keeps it. */
  registerPrompt(prompt: ExtensionPrompt): ExtensionDisposer;
  /** Tells MCP clients subscribed to `uri` that its content changed. */
  resourceUpdated(uri: string): void;
}

/** An extension: an object (or an instance of the exported class) with these methods. */
export interface GlassboxExtension {
  onLoad(api: ExtensionApi): void | Promise<void>;
  onUnload?(): void | Promise<void>;
}

/** A class whose instances are extensions (constructed with no arguments). */
export type GlassboxExtensionClass = new () => GlassboxExtension;
