import type { Client, PriorDiscovery } from '@modelcontextprotocol/client';
import type { McpServerConfig } from '../config/config';
import type { McpTransportKind } from './mcp-transport-kind';

/** How long a server's era, once found, is used without asking again. */
export const ERA_VERDICT_TTL_MS = 60 * 60_000;

const verdicts = new Map<string, { prior: PriorDiscovery; at: number }>();

/** What identifies "the same server" for its era: how it is reached (command line or URL). */
export function eraKey(kind: McpTransportKind, cfg: McpServerConfig): string {
  return JSON.stringify(kind === 'stdio' ? [kind, cfg.command, cfg.args ?? [], cfg.cwd ?? ''] : [kind, cfg.url]);
}

/**
 * The era `auto` found for this server earlier in this process, while fresh. Reconnects,
 * restarts and new sessions then skip the probe: no extra `server/discover` round trip in the
 * traffic, and on stdio no second process per start.
 */
export function rememberedEra(key: string, now = Date.now()): PriorDiscovery | undefined {
  const v = verdicts.get(key);
  if (!v) return undefined;
  if (now - v.at > ERA_VERDICT_TTL_MS) {
    verdicts.delete(key);
    return undefined;
  }
  return v.prior;
}

/** Keeps the era a connected client landed on. */
export function rememberEra(key: string, client: Client, now = Date.now()): void {
  const discover = client.getProtocolEra() === 'modern' ? client.getDiscoverResult() : undefined;
  verdicts.set(key, { prior: discover ? { kind: 'modern', discover } : { kind: 'legacy' }, at: now });
}

/** Drops a verdict that did not work (the server changed): the next connect asks again. */
export function forgetEra(key: string): void {
  verdicts.delete(key);
}
