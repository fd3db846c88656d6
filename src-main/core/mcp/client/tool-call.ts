import { randomUUID } from 'node:crypto';
import { LOG_LEVEL_META_KEY, ProtocolError, TRACEPARENT_META_KEY, type CallToolResult, type Client, type Tool as RemoteTool } from '@modelcontextprotocol/client';
import type { ToolContext } from '../../tools/tool';
import { errorResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import { McpCallSignal } from './call-signal';
import { mcpResultToToolResult } from '../common/content';
import { errMessage, isConnectionClosed, isTimeout } from './failure-explanation';
import type { McpTaskBoard } from './task-board';
import { callToolAsTask, runsAsTask } from './task-call';

/** The SDK's progress callback: progress is routed by the call router (one shared no-op, not a closure per call). */
function ignoreProgress(): void {}

/** This process's trace id and span-id prefix: random once (a per-call random id costs more than the rest of the call's own code). */
const TRACE_ID = randomUUID().replace(/-/g, '');
const SPAN_PREFIX = randomUUID().slice(0, 8);
let spans = 0;

/**
 * A W3C trace context for one call (`00-<trace>-<span>-01`): one trace per process, a new span
 * per call, so a server's traces can be joined to Glassbox's and each call told apart.
 */
export function newTraceparent(): string {
  spans = (spans + 1) % 0xffffffff;
  return `00-${TRACE_ID}-${SPAN_PREFIX}${(spans + 1).toString(16).padStart(8, '0')}-01`;
}

/** What a call needs to know about its server. */
export interface ToolCallSettings {
  server: string;
  /** This call's trace context (`newTraceparent()`); the call router knows the call by it. */
  traceparent: string;
  timeoutMs: number;
  /** Config `logLevel`: on a 2026 connection it rides the request's `_meta`. */
  logLevel?: string;
  /** The call was cancelled (for the traffic log: how the server was told). */
  cancelled?(): void;
  /** How the process ended, after a close during the call (stdio). */
  closedDetail(): Promise<string | undefined>;
  /**
   * The server answered "open these pages first" (2025 URL elicitation as error -32042): asks
   * the user about each; true when all were accepted (then the call is made once more).
   */
  urlsRequired?(elicitations: Array<{ url: string; message: string; elicitationId?: string }>): Promise<boolean>;
  /** The server's running tasks: a tool that supports tasks runs as one when this is given. */
  tasks?: McpTaskBoard;
}

/** Code of the 2025 error that asks the user to open pages before the call can succeed. */
export const URL_ELICITATION_REQUIRED = -32042;

function urlElicitations(err: unknown): Array<{ url: string; message: string; elicitationId?: string }> | undefined {
  if (!(err instanceof ProtocolError) || err.code !== URL_ELICITATION_REQUIRED) return undefined;
  const list = (err.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(list)) return undefined;
  const out = list.filter((e): e is { url: string; message: string; elicitationId?: string } => !!e && typeof (e as { url?: unknown }).url === 'string');
  return out.length ? out.map((e) => ({ url: e.url, message: typeof e.message === 'string' ? e.message : 'The server asks you to open a page', ...(typeof e.elicitationId === 'string' ? { elicitationId: e.elicitationId } : {}) })) : undefined;
}

/**
 * Calls one remote tool: a timeout reset by progress, cancellation forwarded, the tool's
 * definition passed along (2026 `Mcp-Param-*` headers, output-schema checks), `_meta` with a
 * trace context and, on 2026 connections, the log level. Every failure becomes an error result.
 */
export async function callRemoteTool(client: Client, tools: ReadonlyMap<string, RemoteTool>, name: string, args: Record<string, unknown>, ctx: ToolContext, s: ToolCallSettings, retried = false): Promise<ToolResult> {
  // The SDK never removes its abort listener and a run's signal is shared by all of its calls,
  // so the SDK gets a per-call handle linked to it (see McpCallSignal for why not an AbortController).
  const cancel = new McpCallSignal().link(ctx.signal);
  const modern = client.getProtocolEra() === 'modern';
  const meta: Record<string, unknown> = { [TRACEPARENT_META_KEY]: s.traceparent };
  if (modern && s.logLevel) meta[LOG_LEVEL_META_KEY] = s.logLevel;
  const toolDefinition = tools.get(name);
  try {
    if (s.tasks && runsAsTask(client, toolDefinition)) {
      const board = s.tasks;
      const outcome = await callToolAsTask(client, { name, arguments: args, _meta: meta }, {
        server: s.server,
        cancel,
        timeoutMs: s.timeoutMs,
        callId: ctx.callId,
        board,
        onprogress: ignoreProgress,
        onState: (task) => ctx.emit?.({ type: 'tool_execution_update', callId: ctx.callId, kind: 'task', task, ...(task.statusMessage ? { message: task.statusMessage } : {}) }),
      });
      if (outcome.kind === 'result') return mcpResultToToolResult(outcome.result);
      if (outcome.kind === 'cancelled') {
        return errorResult(`cancelled: task ${outcome.task.taskId} of ${name} on MCP server '${s.server}' was cancelled${ctx.signal.aborted ? '' : ' from the window'}`);
      }
      return errorResult(`MCP server '${s.server}' lost task ${outcome.task.taskId} of ${name}: ${outcome.why}`);
    }
    const result = await client.callTool(
      { name, arguments: args, _meta: meta },
      {
        signal: cancel.asAbortSignal(),
        timeout: s.timeoutMs,
        resetTimeoutOnProgress: true,
        // Asking for progress makes the SDK send a progressToken and reset the timeout on each
        // notification; the router reports it to the call.
        onprogress: ignoreProgress,
        ...(toolDefinition ? { toolDefinition } : {}),
      },
    );
    return mcpResultToToolResult(result as CallToolResult);
  } catch (err) {
    if (ctx.signal.aborted) {
      s.cancelled?.();
      return errorResult(`cancelled: the call to ${name} on MCP server '${s.server}' was cancelled`);
    }
    const pages = urlElicitations(err);
    if (pages && s.urlsRequired && !retried) {
      cancel.unlink();
      if (await s.urlsRequired(pages)) return callRemoteTool(client, tools, name, args, ctx, s, true);
      return errorResult(`MCP server '${s.server}' needs you to open ${pages.map((p) => p.url).join(', ')} before ${name} can run; you declined`);
    }
    if (isTimeout(err)) return errorResult(`MCP server '${s.server}' did not answer ${name} within ${s.timeoutMs} ms (timeoutMs)`);
    if (isConnectionClosed(err)) {
      const exit = await s.closedDetail();
      return errorResult(`MCP server '${s.server}' closed the connection during ${name}${exit ? ` (${exit})` : ''}; Glassbox reconnects it`);
    }
    return errorResult(`MCP server '${s.server}' failed ${name}: ${errMessage(err)}`);
  } finally {
    cancel.unlink();
  }
}
