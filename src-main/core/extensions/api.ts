import type { EventBus } from '../events/event-bus';
import {
  EVENT_TYPES,
  type EventType,
  type GlassboxEvent,
  type ToolSource,
} from '../../../src-shared/events/event-types';
import type { AfterToolHook, BeforeToolHook, ToolHooks } from '../tools/tool-hooks';
import type { Tool } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import type { CatalogPrompt, CatalogResource, CatalogResourceTemplate, McpCatalog } from '../mcp/common/catalog';
import { asCatalogPrompt, asCatalogResource, asCatalogTemplate, checkExtensionPrompt, checkExtensionResource, checkExtensionResourceTemplate } from './mcp';
import { checkExtensionTool, toCoreTool } from './tool';
import type { ExtensionApi, ExtensionDisposer, ExtensionEventHandler, ExtensionLogger, ExtensionTool } from './types';

/** Log levels of the `log` event. */
export type ExtensionLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the host gives one extension's API: the session's parts and where to report. */
export interface ExtensionApiDeps {
  name: string;
  version: string;
  folder: string;
  workDir: string;
  config: Record<string, unknown>;
  bus: EventBus;
  tools: ToolCollection;
  hooks: ToolHooks;
  /** Where resources, resource templates and prompts go (served by `glassbox mcp serve`). */
  mcp: McpCatalog;
  /** Writes a log line and emits the `log` event (the host guards against log loops). */
  log(level: ExtensionLogLevel, message: string): void;
  /** Reports a failing handler or hook of this extension (recorded on its status, logged). */
  reportError(what: string, err: unknown, event?: GlassboxEvent): void;
}

/** What one extension has registered, for `extensions list` and the UI. */
export interface ExtensionRegistrationSummary {
  tools: string[];
  /** Tools refused because another source already had the name (first wins). */
  rejectedTools: { name: string; keptBy: ToolSource }[];
  hooks: { before: number; after: number };
  /** Event types subscribed to (`*` for all), one entry per subscription. */
  subscriptions: string[];
  /** MCP resource URIs, resource templates and prompt names it contributes. */
  mcp: { resources: string[]; templates: string[]; prompts: string[] };
}

/**
 * The API object one extension gets, and the ledger of everything it registered: unload
 * disposes the ledger, so nothing depends on the author cleaning up.
 */
export class ExtensionApiHandle {
  readonly api: ExtensionApi;
  readonly source: ToolSource;
  private readonly toolsAdded = new Map<Tool, ExtensionDisposer>();
  private readonly rejected: { name: string; keptBy: ToolSource }[] = [];
  private readonly beforeHooks = new Set<ExtensionDisposer>();
  private readonly afterHooks = new Set<ExtensionDisposer>();
  private readonly subs = new Map<ExtensionDisposer, string>();
  private readonly mcpAdded = new Map<ExtensionDisposer, { kind: 'resource' | 'template' | 'prompt'; key: string }>();
  private disposed = false;

  constructor(private readonly deps: ExtensionApiDeps) {
    this.source = `extension:${deps.name}`;
    const log = ((message: string) => deps.log('info', String(message))) as ExtensionLogger;
    log.debug = (m: string) => deps.log('debug', String(m));
    log.info = (m: string) => deps.log('info', String(m));
    log.warn = (m: string) => deps.log('warn', String(m));
    log.error = (m: string) => deps.log('error', String(m));
    const config = Object.freeze(structuredClone(deps.config));
    this.api = Object.freeze({
      name: deps.name,
      version: deps.version,
      folder: deps.folder,
      workDir: deps.workDir,
      config,
      log,
      registerTool: (tool: ExtensionTool) => this.registerTool(tool),
      subscribe: <T extends EventType | '*'>(type: T, handler: ExtensionEventHandler<T>) => this.subscribe(type, handler),
      addBeforeToolHook: (hook: BeforeToolHook) => this.addHook('before', hook),
      addAfterToolHook: (hook: AfterToolHook) => this.addHook('after', hook),
      registerResource: (def: CatalogResource) => this.addMcp('resource', def),
      registerResourceTemplate: (def: CatalogResourceTemplate) => this.addMcp('template', def),
      registerPrompt: (def: CatalogPrompt) => this.addMcp('prompt', def),
      resourceUpdated: (uri: string) => {
        this.assertLive('resourceUpdated');
        if (typeof uri === 'string') deps.mcp.updated(uri);
      },
    });
  }

  private assertLive(what: string): void {
    if (this.disposed) throw new Error(`${what}: extension '${this.deps.name}' is unloaded`);
  }

  private registerTool(def: ExtensionTool): ExtensionDisposer {
    this.assertLive('registerTool');
    const check = checkExtensionTool(def);
    if (!check.ok) throw new Error(`registerTool: ${check.reason}`);
    const tool = toCoreTool(def, this.source);
    const { tools } = this.deps;
    if (!tools.add(tool)) {
      const keptBy = tools.get(tool.name)?.source ?? 'builtin';
      this.rejected.push({ name: tool.name, keptBy });
      this.deps.log('warn', `tool '${tool.name}' not registered: the name is taken by ${keptBy} (the first registered wins)`);
      return () => undefined;
    }
    const dispose = () => {
      if (!this.toolsAdded.delete(tool)) return;
      tools.remove(tool.name, tool);
    };
    this.toolsAdded.set(tool, dispose);
    return dispose;
  }

  private subscribe<T extends EventType | '*'>(type: T, handler: ExtensionEventHandler<T>): ExtensionDisposer {
    this.assertLive('subscribe');
    if (typeof handler !== 'function') throw new Error(`subscribe('${type}'): the handler must be a function`);
    if (type !== '*' && !EVENT_TYPES.includes(type as EventType)) {
      this.deps.log('warn', `subscribe: unknown event type '${type}' (known: ${EVENT_TYPES.join(', ')}, or '*')`);
    }
    const own = this.source;
    const wrapped = (event: GlassboxEvent): void | Promise<void> => {
      // An extension never hears its own log lines: a handler that logs would feed itself forever.
      if (event.type === 'log' && event.source === own) return;
      try {
        const r = (handler as (e: GlassboxEvent) => void | Promise<void>)(event);
        if (r && typeof (r as Promise<void>).then === 'function') {
          return (r as Promise<void>).catch((err: unknown) => this.deps.reportError(`event handler for '${type}'`, err, event));
        }
      } catch (err) {
        this.deps.reportError(`event handler for '${type}'`, err, event);
      }
    };
    const off = this.deps.bus.subscribe(type as EventType | '*', wrapped as ExtensionEventHandler<'*'>);
    const dispose = () => {
      if (!this.subs.delete(dispose)) return;
      off();
    };
    this.subs.set(dispose, type);
    return dispose;
  }

  private addHook(kind: 'before', hook: BeforeToolHook): ExtensionDisposer;
  private addHook(kind: 'after', hook: AfterToolHook): ExtensionDisposer;
  private addHook(kind: 'before' | 'after', hook: BeforeToolHook | AfterToolHook): ExtensionDisposer {
    this.assertLive(kind === 'before' ? 'addBeforeToolHook' : 'addAfterToolHook');
    if (typeof hook !== 'function') throw new Error(`${kind}-hook must be a function`);
    const label = `${kind}-tool hook`;
    // Report with the extension's name, then rethrow so ToolHooks fails that call (fail closed:
    // a policy hook that crashes must not let the call through).
    const guarded = async (...args: unknown[]) => {
      try {
        return await (hook as (...a: unknown[]) => unknown)(...args);
      } catch (err) {
        this.deps.reportError(label, err);
        throw err;
      }
    };
    const set = kind === 'before' ? this.beforeHooks : this.afterHooks;
    const off =
      kind === 'before'
        ? this.deps.hooks.addBefore(guarded as BeforeToolHook, this.source)
        : this.deps.hooks.addAfter(guarded as AfterToolHook, this.source);
    const dispose = () => {
      if (!set.delete(dispose)) return;
      off();
    };
    set.add(dispose);
    return dispose;
  }

  private addMcp(kind: 'resource' | 'template' | 'prompt', def: unknown): ExtensionDisposer {
    const fn = kind === 'resource' ? 'registerResource' : kind === 'template' ? 'registerResourceTemplate' : 'registerPrompt';
    this.assertLive(fn);
    const check = kind === 'resource' ? checkExtensionResource(def) : kind === 'template' ? checkExtensionResourceTemplate(def) : checkExtensionPrompt(def);
    if (!check.ok) throw new Error(`${fn}: ${check.reason}`);
    const source = this.source as `extension:${string}`;
    const { mcp } = this.deps;
    let key: string;
    let added: boolean;
    if (kind === 'resource') {
      const r = asCatalogResource(def as CatalogResource);
      key = r.uri;
      added = mcp.addResource(r, source);
    } else if (kind === 'template') {
      const t = asCatalogTemplate(def as CatalogResourceTemplate);
      key = t.uriTemplate;
      added = mcp.addTemplate(t, source);
    } else {
      const p = asCatalogPrompt(def as CatalogPrompt);
      key = p.name;
      added = mcp.addPrompt(p, source);
    }
    if (!added) {
      this.deps.log('warn', `${kind} '${key}' not registered: it is taken (the first registered wins)`);
      return () => undefined;
    }
    const dispose = () => {
      if (!this.mcpAdded.delete(dispose)) return;
      mcp.remove(kind, key, source);
    };
    this.mcpAdded.set(dispose, { kind, key });
    return dispose;
  }

  /** What is registered right now. */
  summary(): ExtensionRegistrationSummary {
    return {
      tools: [...this.toolsAdded.keys()].map((t) => t.name),
      rejectedTools: [...this.rejected],
      hooks: { before: this.beforeHooks.size, after: this.afterHooks.size },
      subscriptions: [...this.subs.values()],
      mcp: {
        resources: [...this.mcpAdded.values()].filter((e) => e.kind === 'resource').map((e) => e.key),
        templates: [...this.mcpAdded.values()].filter((e) => e.kind === 'template').map((e) => e.key),
        prompts: [...this.mcpAdded.values()].filter((e) => e.kind === 'prompt').map((e) => e.key),
      },
    };
  }

  /**
   * Removes every tool, hook, subscription, resource, template and prompt this extension
   * registered, and the conflicts
   * its refused tools left in the tool table. Later calls on the API throw.
   */
  dispose(): void {
    this.disposed = true;
    for (const d of [...this.subs.keys()]) d();
    for (const d of [...this.beforeHooks]) d();
    for (const d of [...this.afterHooks]) d();
    for (const d of [...this.toolsAdded.values()]) d();
    for (const d of [...this.mcpAdded.keys()]) d();
    this.rejected.length = 0;
    const conflicts = this.deps.tools.conflicts;
    for (let i = conflicts.length - 1; i >= 0; i--) {
      if (conflicts[i].rejected === this.source) conflicts.splice(i, 1);
    }
  }
}
