import type { EventBus } from '../../events/event-bus';
import type { ToolCollection } from '../../tools/tool-collection';
import type { McpEntry } from './manager-types';
import type { McpConnectionListener } from './connection-types';
import type { McpServerCatalogs } from './server-catalogs';
import type { McpToolCache } from './tool-cache';
import { syncServerTools } from './tool-sync';

/** What a server's connection reports into: the session's bus and tools, the manager's caches. */
export interface ConnectionListenerDeps {
  bus: EventBus;
  tools: ToolCollection;
  toolCache?: McpToolCache;
  /** The key the server's tool listing is cached under. */
  cacheKey: () => string;
  catalog: McpServerCatalogs;
  /** Tells the manager's listeners (the servers page) that something changed. */
  changed: () => void;
}

/**
 * How one server's connection reports to the session: status and resource events on the bus,
 * its tools kept in step with the collection (and cached for next time), its catalog and logs.
 */
export function connectionListener(entry: McpEntry, deps: ConnectionListenerDeps): McpConnectionListener {
  const { bus } = deps;
  return {
    status: (conn) => {
      bus.emit({
        type: 'mcp_server_status',
        server: conn.id,
        status: conn.status,
        ...((conn.status === 'error' || conn.status === 'needs-sign-in') && conn.lastError ? { error: conn.lastError } : {}),
        ...(conn.status === 'connected' && conn.protocolVersion ? { protocolVersion: conn.protocolVersion } : {}),
      });
      if (conn.status === 'connected') void entry.subscriptions.restore(conn, (m) => bus.emit({ type: 'log', level: 'warn', source: `mcp:${conn.id}`, message: m }));
      else entry.catalog = undefined;
      deps.changed();
    },
    toolsChanged: (conn) => {
      syncServerTools(conn.id, entry, deps.tools, bus);
      // Kept for next time: a server that starts on first use shows these before it runs.
      deps.toolCache?.set(conn.id, deps.cacheKey(), conn.tools);
      deps.changed();
    },
    catalogChanged: (conn, what) => deps.catalog.listChanged(conn.id, what),
    resourceUpdated: (conn, uri) => bus.emit({ type: 'mcp_resource_updated', server: conn.id, uri }),
    log: (conn, level, message) => bus.emit({ type: 'log', level, source: `mcp:${conn.id}`, message }),
    serverRequest: (_conn, r) => {
      // A call's own emit keeps the record next to the call's other events; else the bus.
      const call = r.callId ? _conn.router.running.get(r.callId) : undefined;
      const event = { type: 'mcp_server_request' as const, ...r };
      if (call?.emit) call.emit(event);
      else bus.emit(event);
    },
  };
}
