import type { Server } from '@modelcontextprotocol/server';
import type { McpServeHub } from './serve-hub';
import { registerPromptHandlers } from './prompt-handlers';
import { registerResourceHandlers } from './resource-handlers';
import { registerTaskHandlers, TaskAwareServer, TASKS_CAPABILITY } from './task-handlers';
import { registerToolHandlers } from './tool-handlers';


const INSTRUCTIONS =
  'Glassbox tools: a shell, a file editor, Python and planning, run in the Glassbox workspace with its approvals and trace. ' +
  "The workspace's files are resources (file:// URIs), recorded sessions are glassbox://sessions/{id}.";

/**
 * One MCP server instance (SDK v2 low-level `Server`) over the hub's shared state, for one
 * protocol era: a connection (stdio, a 2025-11-25 HTTP session) or one 2026-07-28 HTTP request.
 * Tools, resources, prompts and completions come from the hub; the SDK does each era's wire
 * (handshake or `server/discover`, `resultType`, cache hints, per-request log level).
 */
export function createGlassboxMcpServer(hub: McpServeHub, era: 'legacy' | 'modern', opts: { connection: boolean }): Server {
  const server = new TaskAwareServer(
    { name: 'glassbox', version: hub.version },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        // Deprecated in 2026-07-28 but what 2025-era clients use for logging/setLevel.
        logging: {},
        // Long bash / python_execute calls as tasks (a 2025-11-25 vocabulary; 2026-07-28 has none).
        ...(era === 'legacy' ? { tasks: TASKS_CAPABILITY } : {}),
      },
      instructions: INSTRUCTIONS,
      requestState: { verify: hub.rounds.verify },
    },
  );
  registerToolHandlers(server, hub, era);
  registerResourceHandlers(server, hub, era);
  registerPromptHandlers(server, hub, era);
  if (era === 'legacy') registerTaskHandlers(server, hub);
  // A connection (stdio, an HTTP session) hears list changes and resource updates through its
  // instance; a 2026-era HTTP request's instance lives for that request only.
  if (opts.connection) {
    hub.attach(server);
    const onclose = server.onclose;
    server.onclose = () => {
      hub.detach(server);
      onclose?.();
    };
  }
  return server;
}
