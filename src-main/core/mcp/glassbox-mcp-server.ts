import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { EventBus } from '../events/event-bus';
import type { GlassboxEventOf } from '../../../src-shared/events/event-types';
import type { Tool } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import type { ToolRunner } from '../tools/tool-runner';
import { toolResultToMcpResult } from './mcp-content';

/** Built-in tools served when `--tools` is not given (whichever exist). */
export const DEFAULT_SERVED_TOOLS = ['bash', 'str_replace_editor', 'python_execute', 'planning', 'terminate'];

/** What the server needs from a session: its tools, the one call path, its bus. */
export interface ServedSession {
  tools: ToolCollection;
  runner: ToolRunner;
  bus: EventBus;
}

/** Which tools to serve: `requested` names exactly, else the defaults plus extension tools. */
export interface ToolSelection {
  /** Explicit names (`--tools a,b`); undefined = defaults + extension tools. */
  requested?: string[];
}

/** Chooses the served tools from what the session has now; unknown requested names are reported. */
export function selectServedTools(all: Tool[], sel: ToolSelection): { tools: Tool[]; unknown: string[] } {
  if (sel.requested) {
    const byName = new Map(all.map((t) => [t.name, t]));
    const tools = sel.requested.filter((n) => byName.has(n)).map((n) => byName.get(n)!);
    return { tools, unknown: sel.requested.filter((n) => !byName.has(n)) };
  }
  const tools = all.filter((t) => DEFAULT_SERVED_TOOLS.includes(t.name) || (t.source ?? '').startsWith('extension:'));
  return { tools, unknown: [] };
}

/** Where a running call's progress and log updates go. */
interface CallRoute {
  tool: string;
  progressToken: string | number | undefined;
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function toMcpLevel(level: string | undefined): LoggingLevel {
  if (level === 'warn') return 'warning';
  return (LEVELS as string[]).includes(level ?? '') ? (level as LoggingLevel) : 'info';
}

/**
 * Glassbox's tools as an MCP server (the low-level SDK `Server`): each tool's JSON Schema is its
 * `inputSchema` as is, annotations come from tool metadata, every call goes through
 * `runner.run` (validation, hooks, approvals, trace), progress and log updates of the call are
 * forwarded as MCP notifications, and results map back (text, images, audio/resources, isError).
 * One Server per MCP session; they share the Glassbox session.
 */
export function createGlassboxMcpServer(session: ServedSession, sel: ToolSelection, version = '0.1.0'): Server {
  const server = new Server(
    { name: 'glassbox', version },
    {
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions: 'Glassbox tools: a shell, a file editor, Python and planning, run in the Glassbox workspace with its approvals and trace.',
    },
  );
  let minLevel = 0; // debug: everything until the client sets a level
  // The served tools, recomputed only when the session's tool table changes (not per call).
  let servedCache: { tools: Tool[]; names: Set<string> } | undefined;
  const served = () => {
    if (!servedCache) {
      const tools = selectServedTools(session.tools.list(), sel).tools;
      servedCache = { tools, names: new Set(tools.map((t) => t.name)) };
    }
    return servedCache;
  };
  // One bus subscription for all calls of this server, routed by callId to a plain record (no
  // subscribe/unsubscribe and no closures per call).
  const updateRoutes = new Map<string, CallRoute>();
  const forward = (route: CallRoute, e: GlassboxEventOf<'tool_execution_update'>): void => {
    let n: ServerNotification | undefined;
    if (e.kind === 'progress' && route.progressToken !== undefined && typeof e.progress === 'number') {
      n = {
        method: 'notifications/progress',
        params: { progressToken: route.progressToken, progress: e.progress, ...(e.total !== undefined ? { total: e.total } : {}), ...(e.message ? { message: e.message } : {}) },
      };
    } else if (e.kind === 'log') {
      const level = toMcpLevel(e.level);
      if (LEVELS.indexOf(level) >= minLevel) n = { method: 'notifications/message', params: { level, logger: route.tool, data: e.message ?? '' } };
    }
    if (!n) return;
    route.extra.sendNotification(n).catch(() => {
      // The client may have gone away; the call itself still finishes and is traced.
    });
  };
  const offUpdates = session.bus.subscribe('tool_execution_update', (e) => {
    const route = updateRoutes.get(e.callId);
    if (route) forward(route, e);
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: served().tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
      ...(t.annotations ? { annotations: { ...t.annotations } } : {}),
    })),
  }));

  server.setRequestHandler(SetLevelRequestSchema, async (req) => {
    minLevel = Math.max(0, LEVELS.indexOf(req.params.level));
    return {};
  });

  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const name = req.params.name;
    if (!served().names.has(name)) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    const callId = `mcp_${randomUUID()}`;
    updateRoutes.set(callId, { tool: name, progressToken: req.params._meta?.progressToken, extra });
    try {
      const outcome = await session.runner.run({ callId, tool: name, args: req.params.arguments ?? {} }, extra.signal);
      const result = toolResultToMcpResult(outcome.result);
      if (outcome.blocked) result.isError = true;
      return result;
    } finally {
      updateRoutes.delete(callId);
    }
  });

  const off = session.tools.onChange(() => {
    servedCache = undefined;
    server.sendToolListChanged().catch(() => {
      // Not connected yet or already closed: the client lists tools when it connects.
    });
  });
  const onclose = server.onclose;
  server.onclose = () => {
    off();
    offUpdates();
    onclose?.();
  };
  return server;
}
