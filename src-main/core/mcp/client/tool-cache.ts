import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Tool as RemoteTool } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../../config/atomic-write';
import type { McpServerConfig } from '../../config/config';

/** One cached tool: what `tools/list` said, as far as the model and the validator see it. */
export interface CachedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A server's last known tool listing. */
export interface CachedListing {
  /** Fingerprint of the server's launch config: a different config is a miss. */
  key: string;
  /** When the listing was taken (ms since epoch). */
  savedAt: number;
  tools: CachedTool[];
}

interface CacheFile {
  version: 1;
  servers: Record<string, CachedListing>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks one listing read back from disk. Hand-written on purpose: the cache exists to make
 * starts fast, and loading zod costs 0.25–0.5 s of CPU, more than the cache saves on a small
 * config. Anything unexpected makes the entry a miss.
 */
function validListing(v: unknown): v is CachedListing {
  if (!isObject(v) || typeof v.key !== 'string' || typeof v.savedAt !== 'number' || !Array.isArray(v.tools) || v.tools.length > 2000) return false;
  return v.tools.every(
    (t) =>
      isObject(t) &&
      typeof t.name === 'string' &&
      t.name.length > 0 &&
      t.name.length <= 256 &&
      isObject(t.inputSchema) &&
      (t.description === undefined || typeof t.description === 'string') &&
      (t.title === undefined || typeof t.title === 'string') &&
      (t.annotations === undefined || isObject(t.annotations)),
  );
}

/**
 * The fingerprint of what decides a server's tools: how it is started or reached (command,
 * args, url, transport, the names — not values — of its env and headers) plus `extra` (the
 * built-in browser server passes its package version). Values are left out so no secret is
 * hashed into a file; a changed secret does not change the tools.
 */
export function serverFingerprint(config: McpServerConfig, extra = ''): string {
  const shape = {
    type: config.type ?? null,
    command: config.command ?? null,
    args: config.args ?? [],
    url: config.url ?? null,
    cwd: config.cwd ?? null,
    env: Object.keys(config.env ?? {}).sort(),
    headers: Object.keys(config.headers ?? {}).sort(),
    extra,
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 32);
}

/**
 * Tool listings of MCP servers as last seen, in `$GLASSBOX_HOME/state/mcp-tools.json` (mode
 * 0600, written atomically): what lets a session show a server's tools before the server runs
 * (servers that start on first use, `glassbox tools list`). A malformed or foreign file is a
 * miss for every server, never an error; a listing is refreshed whenever its server connects
 * or says its tools changed.
 */
export class McpToolCache {
  constructor(private readonly file: string) {}

  private readAll(): CacheFile {
    const servers: Record<string, CachedListing> = Object.create(null) as Record<string, CachedListing>;
    try {
      const raw: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      if (isObject(raw) && raw.version === 1 && isObject(raw.servers)) {
        for (const [id, entry] of Object.entries(raw.servers)) if (validListing(entry)) servers[id] = entry;
      }
    } catch {
      // missing or unreadable: empty
    }
    return { version: 1, servers };
  }

  /** The listing saved for `id` under `key`, or undefined (never saved, or saved for another config). */
  get(id: string, key: string): CachedListing | undefined {
    const entry = this.readAll().servers[id];
    return entry && entry.key === key ? entry : undefined;
  }

  /** Saves a server's listing (failures to write are ignored: the cache only saves time). */
  set(id: string, key: string, tools: readonly RemoteTool[]): void {
    const all = this.readAll();
    const listing: CachedListing = {
      key,
      savedAt: Date.now(),
      tools: tools.map((t) => ({
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        ...(t.description ? { description: t.description } : {}),
        inputSchema: (t.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
        ...(t.annotations ? { annotations: t.annotations as Record<string, unknown> } : {}),
      })),
    };
    const before = all.servers[id];
    if (before && before.key === key && JSON.stringify(before.tools) === JSON.stringify(listing.tools)) return;
    all.servers[id] = listing;
    try {
      writeFileAtomic(this.file, JSON.stringify(all), 0o600);
    } catch {
      // read-only home: every start is a miss, nothing breaks
    }
  }
}
