import { existsSync } from 'node:fs';
import type { GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { ToolHooks } from '../tools/tool-hooks';
import type { ToolCollection } from '../tools/tool-collection';
import { discoverExtensionFolders, type ExtensionFolder, type ExtensionRoot } from './discovery';
import { entryInfo, messageOf, type ExtensionEntry, type ExtensionInfo } from './entry';
import { ExtensionLoader } from './loader';
import { defaultExtensionLogSink, ExtensionLogger, type ExtensionLogSink } from './logger';
import { isSkippedFolderName } from './manifest';
import { McpCatalog } from '../mcp/common/catalog';
import { ExtensionWatcher, isRelevantChange } from './watcher';


/** The session parts extensions plug into, and where to look for them. */
export interface ExtensionRegistryOptions {
  bus: EventBus;
  tools: ToolCollection;
  hooks: ToolHooks;
  config: GlassboxConfig;
  /** The workspace (the API's `workDir`). */
  workspace: string;
  roots: ExtensionRoot[];
  /** Default: info and above to stderr. */
  logSink?: ExtensionLogSink;
  /** How long onLoad / onUnload may take before the extension counts as failed. Default 10 s. */
  timeoutMs?: number;
}

/**
 * Finds, loads, unloads and reloads the extensions of one session (the format and API are in
 * docs/extensions.md). Every failure — bad manifest, missing module, throwing onLoad, throwing
 * handler — is recorded on that extension's status and logged with its name; the others keep
 * working. Operations run one at a time, so a file-change reload never interleaves with a
 * requested one. Loading one folder is `ExtensionLoader`'s job, logging `ExtensionLogger`'s.
 */
export class ExtensionRegistry {
  private readonly entries = new Map<string, ExtensionEntry>();
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private watcher?: ExtensionWatcher;
  private disposed = false;
  private readonly logger: ExtensionLogger;
  private readonly loader: ExtensionLoader;
  /** The resources, templates and prompts extensions contribute (served by `glassbox mcp serve`). */
  readonly mcp = new McpCatalog();

  constructor(private readonly opts: ExtensionRegistryOptions) {
    this.logger = new ExtensionLogger(opts.bus, opts.logSink ?? defaultExtensionLogSink);
    this.loader = new ExtensionLoader({
      bus: opts.bus,
      tools: opts.tools,
      hooks: opts.hooks,
      config: opts.config,
      workspace: opts.workspace,
      timeoutMs: opts.timeoutMs ?? 10_000,
      logger: this.logger,
      mcp: this.mcp,
    });
  }

  /** Every extension found, in load order: user root first, then the workspace's. */
  list(): ExtensionInfo[] {
    return [...this.entries.values()].map(entryInfo);
  }

  /** One extension by name. */
  get(name: string): ExtensionInfo | undefined {
    const e = this.findByName(name);
    return e ? entryInfo(e) : undefined;
  }

  /** Calls `fn` after extensions were loaded, unloaded or reloaded; returns the unsubscribe. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Loads every extension folder not loaded yet. Never throws for an extension's fault. */
  loadAll(): Promise<ExtensionInfo[]> {
    return this.serial(async () => {
      for (const f of this.discover()) {
        if (!this.entries.has(f.folder)) await this.loader.load(f, this.entries);
      }
      return this.list();
    });
  }

  /**
   * Unload + load. With a name: that extension (its folder is read again, so manifest edits
   * count). Without: all of them, and folders added or removed since are picked up.
   * Rejects only for an unknown name.
   */
  reload(name?: string): Promise<ExtensionInfo[]> {
    return this.serial(async () => {
      if (name === undefined) {
        await this.unloadAll();
        for (const f of this.discover()) await this.loader.load(f, this.entries);
      } else {
        const e = this.findByName(name);
        if (!e) throw new Error(`no extension named '${name}'`);
        await this.reloadFolder(e.folder);
      }
      return this.list();
    });
  }

  /** Unloads one extension and forgets it (until the next reload or file change). */
  unload(name: string): Promise<boolean> {
    return this.serial(async () => {
      const e = this.findByName(name);
      if (!e) return false;
      await this.loader.unload(e);
      this.entries.delete(e.folder);
      return true;
    });
  }

  /**
   * Reloads an extension when a file in its folder changes, and loads/unloads folders added
   * to or removed from the roots (roots must exist when watching starts). For long-running
   * hosts: the app and the web host turn it on.
   */
  watch(opts: { debounceMs?: number } = {}): void {
    if (this.watcher || this.disposed) return;
    const rootDirs = new Set(this.opts.roots.map((r) => r.dir));
    this.watcher = new ExtensionWatcher(
      (dir) => {
        const job = rootDirs.has(dir) ? this.rescan() : this.reloadChangedFolder(dir);
        job.catch((err: unknown) => {
          if (!this.disposed) this.logger.sink(`[extensions] reload after a file change failed: ${messageOf(err)}`, 'error');
        });
      },
      opts.debounceMs ?? 250,
      // In a root, any folder but skipped ones matters; in an extension folder, only code and manifests.
      (dir, filename) => (rootDirs.has(dir) ? filename === null || !isSkippedFolderName(filename) : isRelevantChange(filename)),
    );
    this.refreshWatch();
  }

  /** True while watching for file changes. */
  get watching(): boolean {
    return !!this.watcher;
  }

  /** Unloads everything and stops watching. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.watcher?.close();
    this.watcher = undefined;
    await this.serial(() => this.unloadAll(), true);
  }

  // ——— internals ———

  /** Runs `fn` after every operation queued before it, then refreshes the watch and tells listeners. */
  private serial<T>(fn: () => Promise<T>, evenIfDisposed = false): Promise<T> {
    const run = async () => {
      if (this.disposed && !evenIfDisposed) throw new Error('the extension host is disposed');
      const r = await fn();
      if (!this.disposed) this.refreshWatch();
      for (const l of [...this.listeners]) {
        try {
          l();
        } catch {
          // A UI listener's failure is not the extensions' concern.
        }
      }
      return r;
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  private discover(): ExtensionFolder[] {
    return discoverExtensionFolders(this.opts.roots, isSkippedFolderName);
  }

  private findByName(name: string): ExtensionEntry | undefined {
    for (const e of this.entries.values()) if (e.name === name) return e;
    return undefined;
  }

  /** Unloads in reverse load order (later extensions may build on earlier ones) and forgets all. */
  private async unloadAll(): Promise<void> {
    for (const e of [...this.entries.values()].reverse()) await this.loader.unload(e);
    this.entries.clear();
  }

  private refreshWatch(): void {
    if (!this.watcher) return;
    const dirs = this.opts.roots.map((r) => r.dir).filter((d) => existsSync(d));
    for (const e of this.entries.values()) dirs.push(e.folder);
    this.watcher.update(dirs);
  }

  private rescan(): Promise<void> {
    return this.serial(async () => {
      const found = this.discover();
      const present = new Set(found.map((f) => f.folder));
      for (const e of [...this.entries.values()]) {
        if (!present.has(e.folder)) {
          await this.loader.unload(e);
          this.entries.delete(e.folder);
        }
      }
      for (const f of found) if (!this.entries.has(f.folder)) await this.loader.load(f, this.entries);
    });
  }

  private reloadChangedFolder(folder: string): Promise<void> {
    return this.serial(async () => {
      if (this.entries.has(folder)) await this.reloadFolder(folder);
    });
  }

  private async reloadFolder(folder: string): Promise<void> {
    const e = this.entries.get(folder);
    if (!e) return;
    await this.loader.unload(e);
    if (!existsSync(folder)) {
      this.entries.delete(folder);
      return;
    }
    await this.loader.load({ folder, origin: e.origin }, this.entries);
    const now = this.entries.get(folder);
    if (now?.status === 'loaded') this.logger.log(now.name, 'info', 'reloaded');
  }
}
