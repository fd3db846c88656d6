import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { GlassboxConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../events/event-types';
import type { ToolHooks } from '../hooks/tool-hooks';
import type { ToolCollection } from '../tools/tool-collection';
import { ExtensionApiHandle, type ExtensionLogLevel, type ExtensionRegistrationSummary } from './extension-api';
import {
  describeExtensionFolder,
  discoverExtensionFolders,
  type ExtensionFolder,
  type ExtensionOrigin,
  type ExtensionRoot,
} from './extension-discovery';
import { isSkippedFolderName } from './extension-manifest';
import { importFresh, pickExtension } from './extension-module-loader';
import type { GlassboxExtension } from './extension-types';
import { ExtensionWatcher, isRelevantChange } from './extension-watcher';

/** `loaded`, or `failed` with a reason (bad manifest, missing module, throwing onLoad, …). */
export type ExtensionStatus = 'loaded' | 'failed';

/** One extension as `extensions list --json` and the UI show it. */
export interface ExtensionInfo extends ExtensionRegistrationSummary {
  name: string;
  version: string;
  description?: string;
  /** The extension's folder (absolute). */
  folder: string;
  origin: ExtensionOrigin;
  /** The module file loaded (absolute), null when the folder could not be read. */
  module: string | null;
  status: ExtensionStatus;
  /** Why it failed to load. */
  reason?: string;
  /** Runtime failures of its handlers and hooks since it loaded (latest last, at most 20). */
  errors: string[];
}

/** Receives the human-readable log lines (`[name] message`); the CLI writes them to stderr. */
export type ExtensionLogSink = (line: string, level: ExtensionLogLevel) => void;

/** The session parts extensions plug into, and where to look for them. */
export interface ExtensionHostOptions {
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

interface Entry {
  folder: string;
  origin: ExtensionOrigin;
  name: string;
  version: string;
  description?: string;
  module: string | null;
  status: ExtensionStatus;
  reason?: string;
  errors: string[];
  handle?: ExtensionApiHandle;
  instance?: GlassboxExtension;
}

const MAX_ERRORS = 20;

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
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

const defaultSink: ExtensionLogSink = (line, level) => {
  if (level !== 'debug') process.stderr.write(line + '\n');
};

/**
 * Finds, loads, unloads and reloads extensions (SPEC §6) for one session. Every failure —
 * bad manifest, missing module, throwing onLoad, throwing handler — is recorded on that
 * extension's status and logged with its name; the others keep working. Operations run one
 * at a time, so a file-change reload never interleaves with a requested one.
 */
export class ExtensionHost {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private watcher?: ExtensionWatcher;
  private disposed = false;
  /** > 0 while a `log` event from an extension is being delivered (stops log ping-pong). */
  private logDepth = 0;
  private readonly sink: ExtensionLogSink;
  private readonly timeoutMs: number;

  constructor(private readonly opts: ExtensionHostOptions) {
    this.sink = opts.logSink ?? defaultSink;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** Every extension found, in load order: user root first, then the workspace's. */
  list(): ExtensionInfo[] {
    return [...this.entries.values()].map((e) => this.info(e));
  }

  /** One extension by name. */
  get(name: string): ExtensionInfo | undefined {
    const e = this.findByName(name);
    return e ? this.info(e) : undefined;
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
        if (!this.entries.has(f.folder)) await this.loadFolder(f);
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
        for (const e of [...this.entries.values()].reverse()) await this.unloadEntry(e);
        this.entries.clear();
        for (const f of this.discover()) await this.loadFolder(f);
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
      await this.unloadEntry(e);
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
          if (!this.disposed) this.sink(`[extensions] reload after a file change failed: ${messageOf(err)}`, 'error');
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
    await this.serial(async () => {
      for (const e of [...this.entries.values()].reverse()) await this.unloadEntry(e);
      this.entries.clear();
    }, true);
  }

  // ——— internals ———

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

  private findByName(name: string): Entry | undefined {
    for (const e of this.entries.values()) if (e.name === name) return e;
    return undefined;
  }

  private info(e: Entry): ExtensionInfo {
    const summary = e.handle && e.status === 'loaded'
      ? e.handle.summary()
      : { tools: [], rejectedTools: [], hooks: { before: 0, after: 0 }, subscriptions: [] };
    return {
      name: e.name,
      version: e.version,
      ...(e.description ? { description: e.description } : {}),
      folder: e.folder,
      origin: e.origin,
      module: e.module,
      status: e.status,
      ...(e.reason ? { reason: e.reason } : {}),
      ...summary,
      errors: [...e.errors],
    };
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
          await this.unloadEntry(e);
          this.entries.delete(e.folder);
        }
      }
      for (const f of found) if (!this.entries.has(f.folder)) await this.loadFolder(f);
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
    await this.unloadEntry(e);
    if (!existsSync(folder)) {
      this.entries.delete(folder);
      return;
    }
    await this.loadFolder({ folder, origin: e.origin });
    const now = this.entries.get(folder);
    if (now?.status === 'loaded') this.log(now.name, 'info', 'reloaded');
  }

  /** Loads one folder into `entries[folder]` (replacing any previous entry in place). */
  private async loadFolder(f: ExtensionFolder): Promise<void> {
    const entry: Entry = {
      folder: f.folder,
      origin: f.origin,
      name: basename(f.folder),
      version: '0.1.0',
      module: null,
      status: 'failed',
      errors: [],
    };
    this.entries.set(f.folder, entry);
    const fail = (reason: string) => {
      entry.status = 'failed';
      entry.reason = reason;
      this.log(entry.name, 'error', `failed to load (${f.folder}): ${reason}`);
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

    const clash = [...this.entries.values()].find((o) => o !== entry && o.name === entry.name && o.status === 'loaded');
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

    const handle = new ExtensionApiHandle({
      name: entry.name,
      version: entry.version,
      folder: f.folder,
      workDir: this.opts.workspace,
      config: this.sectionFor(entry.name),
      bus: this.opts.bus,
      tools: this.opts.tools,
      hooks: this.opts.hooks,
      log: (level, message) => this.log(entry.name, level, message),
      reportError: (what, err, event) => this.reportError(entry, what, err, event),
    });
    try {
      await withTimeout(Promise.resolve().then(() => instance.onLoad(handle.api)), this.timeoutMs, 'onLoad');
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

  private async unloadEntry(e: Entry): Promise<void> {
    if (e.status !== 'loaded' || !e.handle) return;
    const { instance, handle } = e;
    if (instance && typeof instance.onUnload === 'function') {
      try {
        await withTimeout(Promise.resolve().then(() => instance.onUnload?.()), this.timeoutMs, 'onUnload');
      } catch (err) {
        this.log(e.name, 'error', `onUnload failed: ${messageOf(err)} (its registrations are removed anyway)`);
      }
    }
    handle.dispose();
    e.handle = undefined;
    e.instance = undefined;
    e.status = 'failed';
    e.reason = 'unloaded';
  }

  private sectionFor(name: string): Record<string, unknown> {
    const section = this.opts.config.extensions?.[name];
    return section && typeof section === 'object' && !Array.isArray(section) ? (section as Record<string, unknown>) : {};
  }

  /** Writes `[name] message` to the sink and emits the `log` event, without log loops. */
  private log(name: string, level: ExtensionLogLevel, message: string): void {
    this.sink(`[${name}] ${message}`, level);
    // A handler reacting to a log line by logging would recurse; its line still reaches the sink.
    if (this.logDepth > 0) return;
    this.logDepth++;
    try {
      this.opts.bus.emit({ type: 'log', level, source: `extension:${name}`, message });
    } finally {
      this.logDepth--;
    }
  }

  private reportError(e: Entry, what: string, err: unknown, event?: GlassboxEvent): void {
    const text = `${what} threw${event ? ` on ${event.type} #${event.seq}` : ''}: ${messageOf(err)}`;
    e.errors.push(text);
    if (e.errors.length > MAX_ERRORS) e.errors.splice(0, e.errors.length - MAX_ERRORS);
    if (event?.type === 'log') {
      // Never answer a failure on a log event with another log event (asynchronous ping-pong).
      this.sink(`[${e.name}] ${text}`, 'error');
      return;
    }
    this.log(e.name, 'error', text);
  }
}
