import type { Client } from '@modelcontextprotocol/client';

/** MCP logging levels, lowest first. */
export const MCP_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * Config `logLevel` on a 2025 server (`logging/setLevel`); on 2026 it rides each request's
 * `_meta`, and a server without the logging capability is not asked. Throws what the request throws.
 */
export async function applyServerLogLevel(client: Client, level: string | undefined, timeoutMs: number): Promise<void> {
  if (!level || client.getProtocolEra() === 'modern' || !client.getServerCapabilities()?.logging) return;
  await client.setLoggingLevel(level as Parameters<Client['setLoggingLevel']>[0], { timeout: timeoutMs });
}
