import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { updateConfigFile, type GlassboxConfig, type McpServerConfig } from '../config/config';
import type { EventBus } from '../events/event-bus';
import type { HumanInputPort, JsonSchema } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import { defaultBrowserServer, BROWSER_SERVER_ID } from './mcp-browser-server';
import { McpClientTool } from './mcp-client-tool';
import type { McpConnectionStatus, McpServerConnection } from './mcp-server-connection';
import { mcpToolName } from './mcp-tool-name';
import { resolveTransportKind } from './mcp-transport-kind';

// The MCP client SDK (and zod under it) costs ~0.25 s of CPU to load: it is imported when the
// first server starts, so sessions and CLI starts with no MCP server enabled never pay for it.
let connectionModule: Promise<typeof import('./mcp-server-connection')> | undefined;
function loadConnectionModule(): Promise<typeof import('./mcp-server-connection')> {
  connectionModule ??= import('./mcp-server-connection');
  return connectionModule;
}

/** One tool of a server, as the servers page and `mcp list --json` show it. */
export interface McpToolStatus {
  /** The name the agent sees. */
  name: string;
  /** The server's own name (what goes over the wire). */
  originalName: string;
  description: string;
  inputSchema: JsonSchema;
  /** False when switched off in config `disabledTools`. */
  enabled: boolean;
  /** False when another tool already had the name (first wins). */
  registered: boolean;
}

/** A snapshot of one server for the UI and the CLI. */
export interface McpServerStatus {
  id: string;
  /** `stdio`, `http`, `sse`, or `auto` for a bare url not yet resolved. */
  transport: string;
  status: McpConnectionStatus | 'disabled';
  disabled: boolean;
  /** True for the default browser server Glassbox adds itself. */
  builtIn: boolean;
  toolCount: number;
  instructions?: string;
  includeInstructions: boolean;
  lastError?: string;
  /** The full explanation of a failure (exit code + stderr, HTTP status, handshake step). */
  whyFailed?: string;
  stderrTail: string[];
  tools: McpToolStatus[];
  /** The configuration as written (variables not expanded, so no secrets). */
  config: McpServerConfig;
}

/** What the manager needs from its session. */
export interface McpManagerOptions {
  /** The merged config (user + project). */
  config: GlassboxConfig;
  /** Where runtime changes are persisted (the user config file). */
  userConfigPath: string;
  tools: ToolCollection;
  bus: EventBus;
  workspace: string;
  env?: NodeJS.ProcessEnv;
  humanInput?: HumanInputPort;
  /** Defaults to process.execPath (the app binary in Electron, run as Node). */
  execPath?: string;
  clientVersion?: string;
}

interface Entry {
  config: McpServerConfig;
  builtIn: boolean;
  connection?: McpServerConnection;
  /** Being started, before its connection exists (the connection module is still loading). */
  starting?: boolean;
  /** exposed name → tool, for tools this server has in the collection. */
  exposed: Map<string, McpClientTool>;
  /** Names that lost a clash. */
  rejected: Set<string>;
}

/** Server ids become part of tool names and config keys. */
const SERVER_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function playwrightCliPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@playwright/mcp/package.json')), 'cli.js');
}

/** Lines the agent adds when tools come or go (`mcp_tools_changed` → model). */
export function describeToolsChange(server: string, added: string[], removed: string[]): string[] {
  const out: string[] = [];
  if (added.length) out.push(`New tools available (from MCP server ${server}): ${added.join(', ')}`);
  if (removed.length) out.push(`Tools no longer available (from MCP server ${server}): ${removed.join(', ')}`);
  return out;
}

/**
 * Every configured MCP server of a session: connects them in parallel, keeps the session's
 * ToolCollection in step with their tools (list_changed, reconnect), emits status and tool-change
 * events, and offers the runtime management the servers page uses (add / update / remove /
 * enable / disable / restart, per-tool switches), persisted atomically to the user config.
 */
export class McpManager {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private readonly env: NodeJS.ProcessEnv;
  private closed = false;

  constructor(private readonly opts: McpManagerOptions) {
    this.env = opts.env ?? process.env;
    const servers = opts.config.mcpServers ?? {};
    const browser = this.browserDefault();
    if (browser) {
      const override = servers[BROWSER_SERVER_ID];
      // A `browser` entry without command/url only adjusts the default (disabled, disabledTools…).
      if (!override || (!override.command && !override.url)) {
        this.entries.set(BROWSER_SERVER_ID, { config: { ...browser, ...override }, builtIn: true, exposed: new Map(), rejected: new Set() });
      }
    }
    for (const [id, config] of Object.entries(servers)) {
      if (this.entries.has(id) || !config || typeof config !== 'object') continue;
      if (id === BROWSER_SERVER_ID && !config.command && !config.url) continue;
      this.entries.set(id, { config, builtIn: false, exposed: new Map(), rejected: new Set() });
    }
  }

  private browserDefault(): McpServerConfig | undefined {
    let cliPath: string;
    try {
      cliPath = playwrightCliPath();
    } catch {
      return undefined;
    }
    return defaultBrowserServer({
      env: this.env,
      config: this.opts.config,
      execPath: this.opts.execPath ?? process.execPath,
      cliPath,
      isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
      exists: existsSync,
    });
  }

  /** Ids of all configured servers (enabled or not), in config order. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Calls `fn` on every status or tool change; returns the unsubscribe function. */
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

  /** Connects every enabled server in parallel; resolves when each is connected or failed. */
  async start(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.startServer(id)));
  }

  private async startServer(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || this.closed) return;
    if (entry.config.disabled) {
      this.changed();
      return;
    }
    entry.starting = true;
    let McpServerConnection: typeof import('./mcp-server-connection').McpServerConnection;
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

  private makeConnection(Connection: typeof McpServerConnection, id: string, entry: Entry): McpServerConnection {
    return new Connection({
      id,
      config: entry.config,
      workspace: this.opts.workspace,
      env: this.env,
      expandVariables: !entry.builtIn,
      humanInput: this.opts.humanInput,
      clientVersion: this.opts.clientVersion,
      listener: {
        status: (conn) => {
          this.opts.bus.emit({
            type: 'mcp_server_status',
            server: conn.id,
            status: conn.status,
            ...(conn.status === 'error' && conn.lastError ? { error: conn.lastError } : {}),
          });
          this.changed();
        },
        toolsChanged: (conn) => this.syncTools(conn.id),
        log: (conn, level, message) => this.opts.bus.emit({ type: 'log', level, source: `mcp:${conn.id}`, message }),
      },
    });
  }

  /** Makes the collection match the server's current (enabled) tools; emits the difference. */
  private syncTools(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const conn = entry.connection;
    const disabled = new Set(entry.config.disabledTools ?? []);
    const prefix = entry.config.prefix !== false;
    const wanted = new Map<string, McpClientTool | undefined>();
    const remotes = new Map<string, NonNullable<typeof conn>['tools'][number]>();
    if (conn && !entry.config.disabled) {
      for (const remote of conn.tools) {
        if (disabled.has(remote.name)) continue;
        const name = mcpToolName(id, remote.name, prefix);
        if (remotes.has(name)) {
          // Two remote names that sanitise alike: the first keeps the name, the other is reported.
          this.opts.bus.emit({ type: 'log', level: 'warn', source: `mcp:${id}`, message: `tool '${remote.name}' of MCP server '${id}' is not available: '${remotes.get(name)!.name}' already became '${name}'` });
          continue;
        }
        remotes.set(name, remote);
        wanted.set(name, entry.exposed.get(name));
      }
    }
    const added: string[] = [];
    const removed: string[] = [];
    for (const [name, tool] of [...entry.exposed]) {
      const remote = remotes.get(name);
      if (!remote || tool.differsFrom(remote)) {
        this.opts.tools.remove(name, tool);
        entry.exposed.delete(name);
        if (!remote) removed.push(name);
      }
    }
    entry.rejected.clear();
    for (const [name, remote] of remotes) {
      if (entry.exposed.has(name) || !conn) continue;
      const tool = new McpClientTool(conn, remote, name);
      if (this.opts.tools.add(tool)) {
        entry.exposed.set(name, tool);
        if (!wanted.get(name)) added.push(name);
      } else {
        entry.rejected.add(name);
        const kept = this.opts.tools.get(name)?.source ?? 'builtin';
        this.opts.bus.emit({
          type: 'log',
          level: 'warn',
          source: `mcp:${id}`,
          message: `tool '${remote.name}' of MCP server '${id}' is not available as '${name}': ${kept} already has that name (first registered wins)`,
        });
      }
    }
    if (added.length || removed.length) this.opts.bus.emit({ type: 'mcp_tools_changed', server: id, added, removed });
    this.changed();
  }

  private removeAllTools(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const removed: string[] = [];
    for (const [name, tool] of entry.exposed) if (this.opts.tools.remove(name, tool)) removed.push(name);
    entry.exposed.clear();
    entry.rejected.clear();
    if (removed.length) this.opts.bus.emit({ type: 'mcp_tools_changed', server: id, added: [], removed });
  }

  /** The connection of a server (tests, bench, the inspector). */
  connection(id: string): McpServerConnection | undefined {
    return this.entries.get(id)?.connection;
  }

  /** A snapshot of one server, or undefined when not configured. */
  status(id: string): McpServerStatus | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const conn = entry.connection;
    const disabledTools = new Set(entry.config.disabledTools ?? []);
    const prefix = entry.config.prefix !== false;
    const kind = resolveTransportKind(entry.config);
    const transport = conn && conn.transportKind !== 'unknown' ? conn.transportKind : kind.ok ? kind.kind : 'invalid';
    const tools: McpToolStatus[] = (conn?.tools ?? []).map((t) => {
      const name = mcpToolName(id, t.name, prefix);
      const enabled = !disabledTools.has(t.name);
      return {
        name,
        originalName: t.name,
        description: t.description ?? '',
        inputSchema: (t.inputSchema ?? {}) as JsonSchema,
        enabled,
        registered: enabled && entry.exposed.has(name),
      };
    });
    const disabled = !!entry.config.disabled;
    const s: McpServerStatus = {
      id,
      transport,
      status: disabled ? 'disabled' : (conn?.status ?? (entry.starting ? 'connecting' : 'disconnected')),
      disabled,
      builtIn: entry.builtIn,
      toolCount: tools.filter((t) => t.enabled).length,
      includeInstructions: entry.config.includeInstructions !== false,
      stderrTail: conn?.stderrTail ?? [],
      tools,
      config: structuredClone(entry.config),
    };
    if (conn?.instructions) s.instructions = conn.instructions;
    if (conn?.lastError && conn.status === 'error') {
      s.lastError = conn.lastError;
      s.whyFailed = conn.whyFailed;
    }
    return s;
  }

  /** Snapshots of every configured server. */
  servers(): McpServerStatus[] {
    return this.ids().map((id) => this.status(id)!);
  }

  /**
   * Exactly the system messages the model receives from MCP servers: one per connected server
   * with instructions (unless `includeInstructions: false`), each naming its server.
   */
  instructionsForModel(): string[] {
    const out: string[] = [];
    for (const [id, entry] of this.entries) {
      const conn = entry.connection;
      if (entry.config.disabled || entry.config.includeInstructions === false) continue;
      if (!conn || conn.status !== 'connected' || !conn.instructions?.trim()) continue;
      out.push(`Instructions from MCP server '${id}':\n${conn.instructions.trim()}`);
    }
    return out;
  }

  private persist(update: (servers: Record<string, McpServerConfig>) => void): void {
    updateConfigFile(this.opts.userConfigPath, (c) => {
      const servers = { ...(c.mcpServers ?? {}) };
      update(servers);
      return { ...c, mcpServers: servers };
    });
  }

  private async stopServer(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.removeAllTools(id);
    const conn = entry.connection;
    entry.connection = undefined;
    await conn?.close();
  }

  private requireEntry(id: string): Entry {
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
    this.entries.set(id, { config, builtIn: false, exposed: new Map(), rejected: new Set() });
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
    this.entries.delete(id);
    this.changed();
  }

  private async setDisabled(id: string, disabled: boolean): Promise<McpServerStatus> {
    const entry = this.requireEntry(id);
    this.persist((s) => {
      const base = s[id] ?? (entry.builtIn ? {} : { ...entry.config });
      const next = { ...base };
      if (disabled) next.disabled = true;
      else delete next.disabled;
      s[id] = next;
    });
    entry.config = { ...entry.config };
    if (disabled) entry.config.disabled = true;
    else delete entry.config.disabled;
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

  /** Disconnects and connects again (a fresh process for stdio). */
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
    this.persist((s) => {
      const base = s[id] ?? (entry.builtIn ? {} : { ...entry.config });
      const next = { ...base };
      if (list.length) next.disabledTools = list;
      else delete next.disabledTools;
      s[id] = next;
    });
    entry.config = { ...entry.config };
    if (list.length) entry.config.disabledTools = list;
    else delete entry.config.disabledTools;
    this.syncTools(id);
    return this.status(id)!;
  }

  /** Disconnects every server and kills their processes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.ids().map((id) => this.stopServer(id)));
  }
}
