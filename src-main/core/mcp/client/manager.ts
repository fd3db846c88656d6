import { dirname, join } from 'node:path';
import { updateConfigFile, type McpServerConfig } from '../../config/config';
import { installedBrowserServer, playwrightVersion, BROWSER_SERVER_ID } from './browser-server';
import { connectionListener } from './connection-listener';
import { loadConnectionModule } from './lazy-connection';
import { MCP_LOG_LEVELS } from './log-level';
import { McpServerCatalogs } from './server-catalogs';
import type { McpEntry, McpManagerOptions } from './manager-types';
import type { McpServerConnection } from './connection';
import { serverStatus, startsOnFirstUse, type McpServerStatus } from './server-status';
import { registerCachedTools } from './cached-tool';
import { serverInstructions } from './server-instructions';
import { serverFingerprint, type CachedListing } from './tool-cache';
import { removeServerTools, syncServerTools } from './tool-sync';
import { viewTrafficInput, type McpTrafficEntry } from './traffic-log';
import { resolveTransportKind } from './transport-kind';
import { ResourceSubscriptions } from './resource-subscriptions';

/** Server ids become part of tool names and config keys. */
const SERVER_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Which servers `start` leaves unstarted when their tools are known from the cache: `first-use`
 * (a session: servers configured to start on first use) or `all` (`glassbox tools list`: every
 * server with a cached listing; only those without one are started) or `none` (start every
 * server and wait: `tools list --live`).
 */
export type CachedStart = 'first-use' | 'all' | 'none';

function newEntry(config: McpServerConfig, builtIn: boolean): McpEntry {
  return { config, builtIn, exposed: new Map(), rejected: new Set(), subscriptions: new ResourceSubscriptions() };
}

/**
 * Every configured MCP server of a session: connects them in parallel, keeps the session's
 * ToolCollection in step with their tools (list_changed, reconnect), emits status and tool-change
 * events, offers the runtime management the servers page uses (add / update / remove /
 * enable / disable / restart, per-tool switches, persisted atomically to the user config), and
 * each server's resources, prompts, completions, subscriptions and traffic (`catalog`).
 */
export class McpManager {
  private readonly entries = new Map<string, McpEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly env: NodeJS.ProcessEnv;
  private closed = false;
  /** Resources, prompts, completions, subscriptions and attachments of every server. */
  readonly catalog: McpServerCatalogs;

  constructor(private readonly opts: McpManagerOptions) {
    this.env = opts.env ?? process.env;
    this.catalog = new McpServerCatalogs((id) => this.entries.get(id), opts.bus, () => this.changed());
    const servers = opts.config.mcpServers ?? {};
    const browser = this.browserDefault();
    if (browser) {
      const override = servers[BROWSER_SERVER_ID];
      // A `browser` entry without command/url only adjusts the default (disabled, disabledTools…).
      if (!override || (!override.command && !override.url)) this.entries.set(BROWSER_SERVER_ID, newEntry({ ...browser, ...override }, true));
    }
    for (const [id, config] of Object.entries(servers)) {
      if (this.entries.has(id) || !config || typeof config !== 'object') continue;
      if (id === BROWSER_SERVER_ID && !config.command && !config.url) continue;
      this.entries.set(id, newEntry(config, false));
    }
  }

  private browserDefault(): McpServerConfig | undefined {
    return installedBrowserServer({ env: this.env, config: this.opts.config, execPath: this.opts.execPath ?? process.execPath });
  }

  /** Ids of all configured servers (enabled or not), in config order. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Calls `fn` on every status, tool or catalog change; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch {
        // A broken UI listener must not break the connection logic.
      }
    }
  }

  /**
   * Connects every enabled server in parallel; resolves when each is connected or failed. A
   * server that starts on first use (with `cached: 'all'`, any server) whose tools are in the
   * cache is not started: its tools join as stand-ins that start it when called. One that starts
   * on first use but has no cached listing yet is started in the background (not waited for), so
   * its listing is known from then on.
   */
  async start(opts: { cached?: CachedStart } = {}): Promise<void> {
    const cached = opts.cached ?? 'first-use';
    const waits: Promise<void>[] = [];
    for (const [id, entry] of this.entries) {
      const deferrable = cached === 'all' || (cached === 'first-use' && startsOnFirstUse(entry));
      const listing = deferrable && !entry.config.disabled ? this.cachedListing(id, entry) : undefined;
      if (listing) registerCachedTools(id, entry, listing, this.opts.tools, () => this.ensureStarted(id));
      else if (deferrable && cached === 'first-use') void this.startServer(id);
      else waits.push(this.startServer(id));
    }
    this.changed();
    await Promise.all(waits);
  }

  /** Starts one server unless it is running or starting; settles when it is connected or failed. */
  ensureStarted(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return Promise.resolve();
    return entry.started ?? this.startServer(id);
  }

  /** When the cached listing a not-yet-started server's tools come from was taken (ms), else undefined. */
  cachedAt(id: string): number | undefined {
    return this.entries.get(id)?.cached?.savedAt;
  }

  /** True for a server that starts when one of its tools is first needed (docs/mcp.md). */
  startsOnFirstUse(id: string): boolean {
    const entry = this.entries.get(id);
    return !!entry && startsOnFirstUse(entry);
  }

  /** True when a server has not been started (its tools, if any, are stand-ins from the cache). */
  notStarted(id: string): boolean {
    const entry = this.entries.get(id);
    return !!entry && !entry.started && !entry.config.disabled;
  }

  private cacheKey(entry: McpEntry): string {
    return serverFingerprint(entry.config, entry.builtIn ? `@playwright/mcp@${playwrightVersion()}` : '');
  }

  private cachedListing(id: string, entry: McpEntry): CachedListing | undefined {
    return this.opts.toolCache?.get(id, this.cacheKey(entry));
  }

  private startServer(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || this.closed) return Promise.resolve();
    const started = this.connectServer(id, entry);
    entry.started = started;
    return started;
  }

  private async connectServer(id: string, entry: McpEntry): Promise<void> {
    if (entry.config.disabled) {
      this.changed();
      return;
    }
    entry.starting = true;
    let McpServerConnection: typeof import('./connection').McpServerConnection;
    try {
      ({ McpServerConnection } = await loadConnectionModule());
    } finally {
      entry.starting = false;
    }
    // Checked again after the load: a close or another start may have happened meanwhile.
    if (this.closed || this.entries.get(id) !== entry || entry.config.disabled) return;
    if (!entry.connection) entry.connection = this.makeConnection(McpServerConnection, id, entry);
    await entry.connection.connect();
  }

  private makeConnection(Connection: typeof McpServerConnection, id: string, entry: McpEntry): McpServerConnection {
    const bus = this.opts.bus;
    return new Connection({
      id,
      config: entry.config,
      workspace: this.opts.workspace,
      env: this.env,
      expandVariables: !entry.builtIn,
      ...(this.opts.humanInput ? { humanInput: this.opts.humanInput } : {}),
      ...(this.opts.sampler ? { sampler: this.opts.sampler } : {}),
      ...(this.opts.openUrl ? { openUrl: this.opts.openUrl } : {}),
      ...(this.opts.auth ? { auth: this.opts.auth } : {}),
      ...(this.opts.traceContext ? { traceContext: this.opts.traceContext } : {}),
      clientVersion: this.opts.clientVersion,
      eraFile: join(dirname(this.opts.userConfigPath), 'state', 'mcp-protocol-eras.json'),
      listener: connectionListener(entry, {
        bus,
        tools: this.opts.tools,
        toolCache: this.opts.toolCache,
        cacheKey: () => this.cacheKey(entry),
        catalog: this.catalog,
        changed: () => this.changed(),
      }),
    });
  }

  /** The connection of a server (tests, bench, the inspector). */
  connection(id: string): McpServerConnection | undefined {
    return this.entries.get(id)?.connection;
  }

  /** A snapshot of one server, or undefined when not configured. */
  status(id: string): McpServerStatus | undefined {
    const entry = this.entries.get(id);
    return entry ? serverStatus(id, entry) : undefined;
  }

  /** Snapshots of every configured server. */
  servers(): McpServerStatus[] {
    return this.ids().map((id) => this.status(id)!);
  }

  /**
   * Logs a message between one of the server's MCP App views and the window (`in`: from the
   * view), beside the server's own JSON-RPC; false when the server has no live connection.
   */
  recordViewTraffic(id: string, direction: 'in' | 'out', message: unknown, callId?: string): boolean {
    const log = this.entries.get(id)?.connection?.traffic;
    if (!log) return false;
    log.record(viewTrafficInput(direction, message, callId));
    return true;
  }

  /** The server's traffic log (every JSON-RPC message and HTTP exchange, secrets masked); `after` a seq for polling. */
  traffic(id: string, after = 0): McpTrafficEntry[] {
    return this.entries.get(id)?.connection?.traffic.entries(after) ?? [];
  }

  /**
   * Exactly the system messages the model receives from MCP servers: one per connected server
   * with instructions (unless `includeInstructions: false`), each naming its server.
   */
  instructionsForModel(overrides?: ReadonlyMap<string, string>): string[] {
    return serverInstructions(this.entries, overrides);
  }

  private persist(update: (servers: Record<string, McpServerConfig>) => void): void {
    updateConfigFile(this.opts.userConfigPath, (c) => {
      const servers = { ...(c.mcpServers ?? {}) };
      update(servers);
      return { ...c, mcpServers: servers };
    });
  }

  /**
   * Applies one edit to the server's saved config (the user's entry; for the default browser
   * server, its adjustments only) and to the live entry's copy.
   */
  private editConfig(id: string, entry: McpEntry, edit: (config: McpServerConfig) => void): void {
    this.persist((s) => {
      const next = { ...(s[id] ?? (entry.builtIn ? {} : { ...entry.config })) };
      edit(next);
      s[id] = next;
    });
    entry.config = { ...entry.config };
    edit(entry.config);
  }

  private async stopServer(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    removeServerTools(id, entry, this.opts.tools, this.opts.bus);
    const conn = entry.connection;
    entry.connection = undefined;
    entry.started = undefined;
    entry.cached = undefined;
    entry.catalog = undefined;
    await conn?.close();
  }

  private requireEntry(id: string): McpEntry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`no MCP server '${id}' is configured`);
    return entry;
  }

  /** Adds a server, saves it to the user config and connects it. */
  async add(id: string, config: McpServerConfig): Promise<McpServerStatus> {
    if (!SERVER_ID.test(id)) throw new Error(`invalid server id '${id}': use letters, digits, '_', '-', '.' (max 64)`);
    if (this.entries.has(id)) throw new Error(`an MCP server '${id}' already exists`);
    const kind = resolveTransportKind(config);
    if (!kind.ok) throw new Error(`mcpServers.${id}: ${kind.reason}`);
    this.persist((s) => {
      s[id] = config;
    });
    this.entries.set(id, newEntry(config, false));
    await this.startServer(id);
    return this.status(id)!;
  }

  /** Replaces a server's config, saves it and reconnects. */
  async update(id: string, config: McpServerConfig): Promise<McpServerStatus> {
    const entry = this.requireEntry(id);
    const kind = resolveTransportKind(config);
    if (!kind.ok) throw new Error(`mcpServers.${id}: ${kind.reason}`);
    this.persist((s) => {
      s[id] = config;
    });
    await this.stopServer(id);
    // For the default browser server an entry without command/url only adjusts the default.
    const adjustsDefault = entry.builtIn && !config.command && !config.url;
    const base = adjustsDefault ? this.browserDefault() : undefined;
    entry.config = base ? { ...base, ...config } : config;
    entry.builtIn = !!base;
    await this.startServer(id);
    return this.status(id)!;
  }

  /** Removes a server (kills its process) and deletes it from the user config. */
  async remove(id: string): Promise<void> {
    const entry = this.requireEntry(id);
    if (entry.builtIn) {
      // The default browser server cannot be deleted from a config that never named it: switch it off.
      await this.disable(id);
      return;
    }
    this.persist((s) => {
      delete s[id];
    });
    await this.stopServer(id);
    entry.subscriptions.clear();
    this.entries.delete(id);
    this.changed();
  }

  private async setDisabled(id: string, disabled: boolean): Promise<McpServerStatus> {
    const entry = this.requireEntry(id);
    this.editConfig(id, entry, (c) => {
      if (disabled) c.disabled = true;
      else delete c.disabled;
    });
    if (disabled) {
      await this.stopServer(id);
      this.opts.bus.emit({ type: 'mcp_server_status', server: id, status: 'disconnected' });
      this.changed();
    } else await this.startServer(id);
    return this.status(id)!;
  }

  /** Switches a server on (saved) and connects it. */
  enable(id: string): Promise<McpServerStatus> {
    return this.setDisabled(id, false);
  }

  /** Switches a server off (saved); its process is killed (TERM, then KILL). */
  disable(id: string): Promise<McpServerStatus> {
    return this.setDisabled(id, true);
  }

  /** Disconnects and connects again (a fresh process for stdio; after a sign-in: with the new tokens). */
  async restart(id: string): Promise<McpServerStatus> {
    const entry = this.requireEntry(id);
    await this.stopServer(id);
    if (!entry.config.disabled) await this.startServer(id);
    return this.status(id)!;
  }

  /** Switches one tool of a server on or off (config `disabledTools`, by the server's name). */
  setToolEnabled(id: string, tool: string, enabled: boolean): McpServerStatus {
    const entry = this.requireEntry(id);
    const set = new Set(entry.config.disabledTools ?? []);
    if (enabled) set.delete(tool);
    else set.add(tool);
    const list = [...set];
    this.editConfig(id, entry, (c) => {
      if (list.length) c.disabledTools = list;
      else delete c.disabledTools;
    });
    syncServerTools(id, entry, this.opts.tools, this.opts.bus);
    this.changed();
    return this.status(id)!;
  }

  /**
   * The lowest level of log messages asked of a server (MCP levels: debug … emergency; undefined:
   * the server's default), saved to the user config and applied to the live connection.
   */
  async setLogLevel(id: string, level: string | undefined): Promise<McpServerStatus> {
    const entry = this.requireEntry(id);
    if (level !== undefined && !MCP_LOG_LEVELS.includes(level)) throw new Error(`log level must be one of ${MCP_LOG_LEVELS.join(', ')}, not '${level}'`);
    this.editConfig(id, entry, (c) => {
      if (level) c.logLevel = level;
      else delete c.logLevel;
    });
    await entry.connection?.setLogLevel(level);
    this.changed();
    return this.status(id)!;
  }

  /** Disconnects every server and kills their processes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.ids().map((id) => this.stopServer(id)));
  }
}
