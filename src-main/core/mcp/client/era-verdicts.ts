import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Client, PriorDiscovery } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../../config/atomic-write';
import type { McpServerConfig } from '../../config/config';
import type { McpTransportKind } from './transport-kind';

/** How long a server's era, once found, is used without asking again. */
export const ERA_VERDICT_TTL_MS = 24 * 60 * 60_000;

type Verdict = { prior: PriorDiscovery; at: number };
const verdicts = new Map<string, Verdict>();
/** Files already read into `verdicts` (once per process each). */
const loaded = new Set<string>();

/**
 * What identifies "the same server" for its era: how it is reached (command line or URL),
 * hashed — the file of verdicts must not hold a token someone passed as an argument.
 */
export function eraKey(kind: McpTransportKind, cfg: McpServerConfig): string {
  const id = JSON.stringify(kind === 'stdio' ? [kind, cfg.command, cfg.args ?? [], cfg.cwd ?? ''] : [kind, cfg.url]);
  return createHash('sha256').update(id).digest('hex').slice(0, 32);
}

function load(file: string | undefined): void {
  if (!file || loaded.has(file)) return;
  loaded.add(file);
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Verdict>;
    for (const [key, v] of Object.entries(saved)) {
      const kind = (v?.prior as { kind?: unknown } | undefined)?.kind;
      if (typeof v?.at === 'number' && (kind === 'legacy' || (kind === 'modern' && (v.prior as { discover?: unknown }).discover)) && !verdicts.has(key)) verdicts.set(key, v);
    }
  } catch {
    // No file yet, or a damaged one: every server is asked again.
  }
}

function save(file: string | undefined, now: number): void {
  if (!file) return;
  try {
    const fresh = Object.fromEntries([...verdicts].filter(([, v]) => now - v.at <= ERA_VERDICT_TTL_MS));
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileAtomic(file, JSON.stringify(fresh) + '\n', 0o600);
  } catch {
    // Remembering is an optimisation: a read-only home only means asking again next time.
  }
}

/**
 * The era `auto` found for this server before (in this process, or in `file`:
 * `$GLASSBOX_HOME/state/mcp-protocol-eras.json`), while fresh. Reconnects, restarts, new
 * sessions and CLI runs then skip the probe: no extra `server/discover` round trip in the
 * traffic, and on stdio no second process per start.
 */
export function rememberedEra(key: string, file?: string, now = Date.now()): PriorDiscovery | undefined {
  load(file);
  const v = verdicts.get(key);
  if (!v) return undefined;
  if (now - v.at > ERA_VERDICT_TTL_MS) {
    verdicts.delete(key);
    return undefined;
  }
  return v.prior;
}

/** Keeps the era a connected client landed on (and saves it to `file`). */
export function rememberEra(key: string, client: Client, file?: string, now = Date.now()): void {
  const discover = client.getProtocolEra() === 'modern' ? client.getDiscoverResult() : undefined;
  const prior: PriorDiscovery = discover ? { kind: 'modern', discover } : { kind: 'legacy' };
  const old = verdicts.get(key);
  verdicts.set(key, { prior, at: old && JSON.stringify(old.prior) === JSON.stringify(prior) ? old.at : now });
  if (!old || JSON.stringify(old.prior) !== JSON.stringify(prior)) save(file, now);
}

/** Drops a verdict that did not work (the server changed): the next connect asks again. */
export function forgetEra(key: string, file?: string): void {
  if (verdicts.delete(key)) save(file, Date.now());
}
