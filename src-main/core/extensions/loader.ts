import { basename } from 'node:path';
import type { GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { ToolHooks } from '../tools/tool-hooks';
import type { McpCatalog } from '../mcp/common/catalog';
import type { ToolCollection } from '../tools/tool-collection';
import { ExtensionApiHandle } from './api';
import { describeExtensionFolder, type ExtensionFolder } from './discovery';
import { messageOf, type ExtensionEntry } from './entry';
import type { ExtensionLogger } from './logger';
import { importFresh, pickExtension } from './module-loader';

/** The session parts an extension's API plugs into. */
export interface ExtensionLoaderOptions {
  bus: EventBus;
  tools: ToolCollection;
  hooks: ToolHooks;
  config: GlassboxConfig;
  /** The workspace (the API's `workDir`). */
  workspace: string;
  /** How long onLoad / onUnload may take before the extension counts as failed. */
  timeoutMs: number;
  logger: ExtensionLogger;
  /** Where the extension's resources, templates and prompts go. */
  mcp: McpCatalog;
}

/** Rejects with a timeout message when `p` takes longer than `ms`. */
function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The reason shown when a module fails to load (syntax error, missing dependency, throw at import). */
function moduleLoadReason(err: unknown, file: string): string {
  return `cannot load ${basename(file)}: ${messageOf(err).split('\n')[0]}`;
}

/**
 * Loads one extension folder (manifest, module, `onLoad` with its API) and unloads it again.
 * Every failure ends as a `failed` entry with its reason, logged under the extension's name;
 * nothing here throws for an extension's fault.
 */
export class ExtensionLoader {
  constructor(private readonly opts: ExtensionLoaderOptions) {}

  /**
   * Loads `f` into `entries[f.folder]`, replacing any previous entry in place (so the load
   * order shown by `list()` stays put). The entry is in the map before the first await, so a
   * name clash is judged against every other folder.
   */
  async load(f: ExtensionFolder, entries: Map<string, ExtensionEntry>): Promise<void> {
    const entry: ExtensionEntry = {
      folder: f.folder,
      origin: f.origin,
      name: basename(f.folder),
      version: '0.1.0',
      module: null,
      status: 'failed',
      errors: [],
    };
    entries.set(f.folder, entry);
    const fail = (reason: string) => {
      entry.status = 'failed';
      entry.reason = reason;
      this.opts.logger.log(entry.name, 'error', `failed to load (${f.folder}): ${reason}`);
    };

    const described = describeExtensionFolder(f.folder);
    if (!described.ok) {
      if (described.manifest) {
        entry.name = described.manifest.name;
        entry.version = described.manifest.version;
        if (described.manifest.description) entry.description = described.manifest.description;
      }
      return fail(described.reason);
    }
    const { manifest, moduleFile } = described.value;
    entry.name = manifest.name;
    entry.version = manifest.version;
    if (manifest.description) entry.description = manifest.description;
    entry.module = moduleFile;

    const clash = [...entries.values()].find((o) => o !== entry && o.name === entry.name && o.status === 'loaded');
    if (clash) return fail(`an extension named '${entry.name}' is already loaded from ${clash.folder}`);

    let ns: Record<string, unknown>;
    try {
      ns = await importFresh(moduleFile, f.folder);
    } catch (err) {
      return fail(moduleLoadReason(err, moduleFile));
    }
    const picked = pickExtension(ns, manifest.className);
    if (!picked.ok) return fail(picked.reason);
    const instance = picked.value;

    const { logger } = this.opts;
    const handle = new ExtensionApiHandle({
      name: entry.name,
      version: entry.version,
      folder: f.folder,
      workDir: this.opts.workspace,
      config: this.sectionFor(entry.name),
      bus: this.opts.bus,
      tools: this.opts.tools,
      hooks: this.opts.hooks,
      mcp: this.opts.mcp,
      log: (level, message) => logger.log(entry.name, level, message),
      reportError: (what, err, event) => logger.reportError(entry, what, err, event),
    });
    try {
      await withTimeout(Promise.resolve().then(() => instance.onLoad(handle.api)), this.opts.timeoutMs, 'onLoad');
    } catch (err) {
      // Take back whatever it registered before failing: a half-loaded extension is worse than none.
      handle.dispose();
      return fail(`onLoad failed: ${messageOf(err)}`);
    }
    entry.handle = handle;
    entry.instance = instance;
    entry.status = 'loaded';
    delete entry.reason;
  }

  /** Calls `onUnload` (bounded by the timeout) and removes everything the extension registered. */
  async unload(e: ExtensionEntry): Promise<void> {
    if (e.status !== 'loaded' || !e.handle) return;
    const { instance, handle } = e;
    if (instance && typeof instance.onUnload === 'function') {
      try {
        await withTimeout(Promise.resolve().then(() => instance.onUnload?.()), this.opts.timeoutMs, 'onUnload');
      } catch (err) {
        this.opts.logger.log(e.name, 'error', `onUnload failed: ${messageOf(err)} (its registrations are removed anyway)`);
      }
    }
    handle.dispose();
    e.handle = undefined;
    e.instance = undefined;
    e.status = 'failed';
    e.reason = 'unloaded';
  }

  /** The extension's own config section (`extensions.<name>`), `{}` when absent or not an object. */
  private sectionFor(name: string): Record<string, unknown> {
    const section = this.opts.config.extensions?.[name];
    return section && typeof section === 'object' && !Array.isArray(section) ? (section as Record<string, unknown>) : {};
  }
}
