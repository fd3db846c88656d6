import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type CallToolResult, type Server } from '@modelcontextprotocol/server';
import { toolResultToMcpResult } from '../core/mcp/common/content';
import type { McpServeHub } from './serve-hub';
import { startToolTask, TASK_TOOLS, taskParams } from './task-handlers';

/**
 * One client's call through the session's runner, as an MCP result; its spans are children of
 * the caller's (the `traceparent` in the request's `_meta`).
 */
async function runCall(hub: McpServeHub, callId: string, name: string, args: Record<string, unknown>, meta: Record<string, unknown> | undefined, signal: AbortSignal): Promise<CallToolResult> {
  const forget = hub.session.telemetry?.continueCall(callId, meta) ?? (() => undefined);
  try {
    const outcome = await hub.session.runner.run({ callId, tool: name, args }, signal);
    const result = toolResultToMcpResult(outcome.result) as CallToolResult;
    if (outcome.blocked) result.isError = true;
    return result;
  } finally {
    forget();
  }
}

/**
 * `tools/list` and `tools/call` on one server instance. Each tool's JSON Schema is its
 * `inputSchema` as is; every call goes through the session's runner (validation, hooks,
 * approvals, trace); a tool that asks its client (ask_human, an extension's `elicit`) is
 * served in rounds by the hub's InputRounds.
 */
export function registerToolHandlers(server: Server, hub: McpServeHub, era: 'legacy' | 'modern'): void {
  server.setRequestHandler('tools/list', async () => ({
    tools: hub.served().tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
      ...(t.annotations ? { annotations: { ...t.annotations } } : {}),
      // A long shell or Python run may be a task (2025-11-25 connections).
      ...(era === 'legacy' && TASK_TOOLS.has(t.name) ? { execution: { taskSupport: 'optional' as const } } : {}),
    })),
  }));

  server.setRequestHandler('tools/call', async (req, ctx) => {
    const name = req.params.name;
    if (!hub.served().names.has(name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const args = req.params.arguments ?? {};
    const task = era === 'legacy' && TASK_TOOLS.has(name) ? taskParams(req.params) : undefined;
    if (task) {
      const callId = `mcp_${randomUUID()}`;
      // Answered at once with the task; the call runs on through the same runner (approvals, trace).
      return startToolTask(server, hub, callId, name, task.ttl, (signal) => runCall(hub, callId, name, args, req.params._meta, signal)) as unknown as CallToolResult;
    }
    return hub.rounds.serve(ctx, era, () => server.getClientCapabilities(), async (signal, current): Promise<CallToolResult> => {
      const callId = `mcp_${randomUUID()}`;
      const end = hub.route(callId, name, current);
      try {
        return await runCall(hub, callId, name, args, req.params._meta, signal);
      } finally {
        end();
      }
    });
  });
}
