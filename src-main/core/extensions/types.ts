/**
 * The extension API as authors see it (docs/extensions.md). `resources/glassbox-extension.d.ts` is a
 * self-contained copy for authors outside this repository; `types.sync.test.ts`
 * type-checks that the two stay interchangeable.
 */
import type { EventType, GlassboxEvent, GlassboxEventOf } from '../../../src-shared/events/event-types';
import type { AfterToolHook, BeforeToolHook } from '../tools/tool-hooks';
import type { JsonSchema, ToolAnnotations } from '../tools/tool';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import type { CatalogPrompt, CatalogResource, CatalogResourceTemplate } from '../mcp/common/catalog';
import type { McpCallContext } from '../mcp/common/call-context';


/** Removes what registered it (a tool, a hook, a subscription, a resource, a prompt). Safe to call twice. */
export type ExtensionDisposer = () => void;

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
export interface ExtensionToolContext extends McpCallContext {
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
  registerResource(resource: CatalogResource): ExtensionDisposer;
  /** Adds an MCP resource template (`scheme://…{name}…`) with its reader, listing and completions. */
  registerResourceTemplate(template: CatalogResourceTemplate): ExtensionDisposer;
  /** Adds an MCP prompt with its arguments and completions. The first under a name keeps it. */
  registerPrompt(prompt: CatalogPrompt): ExtensionDisposer;
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
