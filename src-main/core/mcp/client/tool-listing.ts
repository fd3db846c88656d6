import type { Client, Tool as RemoteTool } from '@modelcontextprotocol/client';
import type { McpTrafficLog } from './traffic-log';

/**
 * Every tool of a server (the SDK walks the pages). The SDK leaves out tools whose
 * `x-mcp-header` declarations are invalid (2026): the names the server listed (the traffic log
 * saw them) that did not come back are passed to `dropped`, so the user learns which and why.
 */
export async function listServerTools(client: Client, traffic: McpTrafficLog, timeoutMs: number, dropped: (name: string) => void): Promise<RemoteTool[]> {
  traffic.listedToolNames = [];
  const page = await client.listTools(undefined, { timeout: timeoutMs });
  const kept = new Set(page.tools.map((t) => t.name));
  for (const name of new Set(traffic.listedToolNames)) if (!kept.has(name)) dropped(name);
  return page.tools;
}
