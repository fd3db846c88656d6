import type { SessionTelemetry } from '../core/telemetry/session-telemetry';
import type { LoggingLevel, Server, ServerContext } from '@modelcontextprotocol/server';
import type { EventBus } from '../core/events/event-bus';
import type { GlassboxEventOf } from '../../src-shared/events/event-types';
import type { Tool } from '../core/tools/tool';
import type { ToolCollection } from '../core/tools/tool-collection';
import type { ToolRunner } from '../core/tools/tool-runner';
import { InputRounds } from './input-rounds';
import { ServedTasks } from './served-tasks';
import type { McpCatalog } from '../core/mcp/common/catalog';
import { selectServedTools, type ToolSelection } from './served-tools';

/** What the server needs from a session: its tools, the one call path, its bus. */
export interface ServedSession {
  tools: ToolCollection;
  runner: ToolRunner;
  bus: EventBus;
  /** OpenTelemetry: a call, resource read or prompt continues the caller's trace context from the request's `_meta`. */
  telemetry?: Pick<SessionTelemetry, 'continueCall' | 'served'>;
}

/** Where a running call's progress and log updates go. */
interface CallRoute {
  tool: string;
  /** The request whose stream carries the call's notifications now (a later round's, once one came). */
  ctx: () => ServerContext;
}

/** Publishes changes to 2026-07-28 clients (their `subscriptions/listen` streams). */
export interface ModernNotifier {
  toolsChanged(): void;
  promptsChanged(): void;
  resourcesChanged(): void;
  resourceUpdated(uri: string): void;
}

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function toMcpLevel(level: string | undefined): LoggingLevel {
  if (level === 'warn') return 'warning';
  return (LEVELS as string[]).includes(level ?? '') ? (level as LoggingLevel) : 'info';
}

/** Options of the hub. */
export interface McpServeHubOptions {
  session: ServedSession;
  selection: ToolSelection;
  catalog: McpCatalog;
  version?: string;
  /** How long a call that asked its client waits for the answer. */
  roundTtlMs?: number;
}

/**
 * What every MCP server instance of one `glassbox mcp serve` shares: the session, the served
 * tool list (recomputed only when the session's tools change), the catalog, the calls
 * suspended for their client's answer, the live 2025-era connections (for list-changed and
 * resource-updated notifications) and the 2026-era notifier. Instances are cheap: a 2026-era
 * HTTP request gets its own.
 */
export class McpServeHub {
  readonly session: ServedSession;
  readonly selection: ToolSelection;
  readonly catalog: McpCatalog;
  readonly version: string;
  readonly rounds: InputRounds;
  /** Task-augmented `tools/call`s (2025-11-25 tasks) running or kept for their results. */
  readonly tasks = new ServedTasks();
  /** 2025-era connections (stdio, HTTP sessions) that are open now. */
  readonly connections = new Set<Server>();
  /** Resource URIs each 2025-era connection subscribed to. */
  readonly subscriptions = new Map<Server, Set<string>>();
  modern?: ModernNotifier;
  private servedCache?: { tools: Tool[]; names: Set<string> };
  private readonly routes = new Map<string, CallRoute>();
  private readonly offs: (() => void)[] = [];
  /** Called when the set of subscribed URIs changes (the file watcher follows it). */
  onSubscriptionsChanged?: () => void;

  constructor(opts: McpServeHubOptions) {
    this.session = opts.session;
    this.selection = opts.selection;
    this.catalog = opts.catalog;
    this.version = opts.version ?? '0.1.0';
    this.rounds = new InputRounds(opts.roundTtlMs);
    // One bus subscription for every call, routed by callId (no closures per call).
    this.offs.push(
      this.session.bus.subscribe('tool_execution_update', (e) => {
        const route = this.routes.get(e.callId);
        if (route) this.forward(route, e);
        else if (e.message && (e.kind === 'progress' || e.kind === 'log')) this.tasks.message(e.callId, e.message);
      }),
      this.session.tools.onChange(() => {
        this.servedCache = undefined;
        this.broadcast((s) => s.sendToolListChanged());
        this.modern?.toolsChanged();
      }),
      this.catalog.onUpdated((uri) => this.resourceUpdated(uri)),
      this.catalog.onChange((c) => {
        if (c === 'prompts') {
          this.broadcast((s) => s.sendPromptListChanged());
          this.modern?.promptsChanged();
        } else {
          this.broadcast((s) => s.sendResourceListChanged());
          this.modern?.resourcesChanged();
        }
      }),
    );
  }

  /** The served tools now. */
  served(): { tools: Tool[]; names: Set<string> } {
    if (!this.servedCache) {
      const tools = selectServedTools(this.session.tools.list(), this.selection).tools;
      this.servedCache = { tools, names: new Set(tools.map((t) => t.name)) };
    }
    return this.servedCache;
  }

  /** Routes the call's progress and log updates to its current request until `end`. */
  route(callId: string, tool: string, ctx: () => ServerContext): () => void {
    this.routes.set(callId, { tool, ctx });
    return () => this.routes.delete(callId);
  }

  private forward(route: CallRoute, e: GlassboxEventOf<'tool_execution_update'>): void {
    let sent: Promise<void> | undefined;
    const ctx = route.ctx();
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (e.kind === 'progress' && progressToken !== undefined && typeof e.progress === 'number') {
      sent = ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: e.progress, ...(e.total !== undefined ? { total: e.total } : {}), ...(e.message ? { message: e.message } : {}) },
      });
    } else if (e.kind === 'log') {
      // The SDK applies the client's level: logging/setLevel (2025) or the request's own (2026).
      sent = ctx.mcpReq.log(toMcpLevel(e.level), e.message ?? '', route.tool);
    }
    sent?.catch(() => {
      // The client may have gone away; the call itself still finishes and is traced.
    });
  }

  /** Tracks a 2025-era connection until it closes. */
  attach(server: Server): void {
    this.connections.add(server);
  }

  detach(server: Server): void {
    this.connections.delete(server);
    this.tasks.forget(server);
    if (this.subscriptions.delete(server)) this.onSubscriptionsChanged?.();
  }

  subscribe(server: Server, uri: string): void {
    let set = this.subscriptions.get(server);
    if (!set) this.subscriptions.set(server, (set = new Set()));
    set.add(uri);
    this.onSubscriptionsChanged?.();
  }

  unsubscribe(server: Server, uri: string): void {
    this.subscriptions.get(server)?.delete(uri);
    this.onSubscriptionsChanged?.();
  }

  /** URIs 2026-era `subscriptions/listen` streams asked for, counted per open stream. */
  private readonly listened = new Map<string, number>();

  /**
   * A 2026-era listen stream for these resources opened; the returned function says it closed.
   * The server publishes their updates to the era's notifier, which delivers them to the
   * streams that asked.
   */
  listen(uris: string[]): () => void {
    for (const u of uris) this.listened.set(u, (this.listened.get(u) ?? 0) + 1);
    this.onSubscriptionsChanged?.();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const u of uris) {
        const n = (this.listened.get(u) ?? 1) - 1;
        if (n > 0) this.listened.set(u, n);
        else this.listened.delete(u);
      }
      this.onSubscriptionsChanged?.();
    };
  }

  /** Every URI some client (either era) is subscribed to now. */
  subscribedUris(): Set<string> {
    const all = new Set<string>(this.listened.keys());
    for (const set of this.subscriptions.values()) for (const u of set) all.add(u);
    return all;
  }

  /** Tells subscribers (both eras) that a resource changed. */
  resourceUpdated(uri: string): void {
    for (const [server, set] of this.subscriptions) {
      if (set.has(uri)) server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
    this.modern?.resourceUpdated(uri);
  }

  private broadcast(send: (s: Server) => Promise<void>): void {
    for (const s of this.connections) {
      send(s).catch(() => {
        // Not connected yet or already closed: the client lists again when it connects.
      });
    }
  }

  /** Stops suspended calls and leaves the session's bus and tool table. */
  close(): void {
    this.rounds.close();
    this.tasks.close();
    for (const off of this.offs.splice(0)) off();
  }
}
