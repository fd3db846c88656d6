import { ConfigError } from '../../config/config-error';
import { configIssues, WebSearchSectionSchema } from '../../config/schema';
import { expandReferences } from '../../secrets/references';
import { BingEngine, BING_DEFAULT_URL } from './bing-engine';
import { BraveEngine, BRAVE_DEFAULT_URL } from './brave-engine';
import { DuckDuckGoEngine, DUCKDUCKGO_DEFAULT_URL } from './duckduckgo-engine';
import type { SearchEngine } from './search-engine';
import { SearxngEngine } from './searxng-engine';

/** Every engine Glassbox knows, in the default order of "the rest". */
export const ENGINE_IDS = ['duckduckgo', 'bing', 'brave', 'searxng'] as const;
/** An engine id. */
export type EngineId = (typeof ENGINE_IDS)[number];

/** The `webSearch` config section, resolved with defaults. Documented in docs/tools.md. */
export interface WebSearchSettings {
  /** Preferred engine (default `duckduckgo`). */
  engine: string;
  /** Tried after the preferred one, in this order; then every other available engine. */
  fallbackEngines: string[];
  /** Engines never to use. */
  disabledEngines: string[];
  /** Extra attempts per engine on 429 / 5xx / timeout / network error (default 2). */
  engineRetries: number;
  /** First wait before an engine retry, doubled each time (default 1000 ms). */
  engineBackoffMs: number;
  /** Longest wait between engine retries, also caps Retry-After (default 10000 ms). */
  engineBackoffMaxMs: number;
  /** Whole rounds over all engines tried again after every engine failed (default 1). */
  maxRetries: number;
  /** Wait before such a round (default 10000 ms; the seed waited 60 s). */
  retryDelayMs: number;
  /** Per-request timeout (default 10000 ms). */
  timeoutMs: number;
  /** Results when the call does not say (default 5). */
  numResults: number;
  lang: string;
  country: string;
  /** Per-page timeout when `fetch_content` is set (default 10000 ms). */
  fetchTimeoutMs: number;
  engines: {
    duckduckgo: { baseUrl: string };
    bing: { baseUrl: string };
    /** `problem`: why the configured key cannot be used (a reference that is not set). */
    brave: { baseUrl: string; apiKey?: string; problem?: string };
    searxng: { baseUrl?: string };
  };
}

/** A text setting: trimmed, '' counts as unset. */
function str(v: string | undefined): string | undefined {
  return v?.trim() || undefined;
}
/** An engine list: one name or several, lower-cased. */
function list(v: string | string[] | undefined): string[] {
  return (typeof v === 'string' ? [v] : (v ?? [])).map((x) => x.toLowerCase());
}

/**
 * The Brave key, expanded by the config's one expansion; a reference that is not set makes the
 * engine unavailable with the expansion's own error (naming the field and the variable).
 */
function braveKey(v: string | undefined, env: NodeJS.ProcessEnv): { apiKey?: string; problem?: string } {
  if (v) {
    try {
      const apiKey = expandReferences(v, 'webSearch.engines.brave.apiKey', env);
      if (apiKey) return { apiKey };
    } catch (err) {
      return { problem: (err as Error).message };
    }
  }
  const fallback = str(env.BRAVE_API_KEY) ?? str(env.BRAVE_SEARCH_API_KEY);
  return fallback ? { apiKey: fallback } : {};
}

/**
 * Reads the `webSearch` config section by its schema (WebSearchSectionSchema in
 * core/config/schema.ts, which loadConfig checks the file against): anything missing takes its
 * default; a wrong value is a ConfigError naming its path and what is allowed.
 */
export function resolveWebSearchSettings(section: unknown, env: NodeJS.ProcessEnv = process.env): WebSearchSettings {
  const parsed = WebSearchSectionSchema.safeParse(section ?? {});
  if (!parsed.success) throw new ConfigError(`Invalid config: ${configIssues(parsed.error.issues, section, ['webSearch']).join('; ')}`);
  const c = parsed.data;
  const engines = c.engines ?? {};
  const ddg = engines.duckduckgo ?? {};
  const bing = engines.bing ?? {};
  const brave = engines.brave ?? {};
  const searx = engines.searxng ?? {};
  return {
    engine: (str(c.engine) ?? 'duckduckgo').toLowerCase(),
    fallbackEngines: list(c.fallbackEngines),
    disabledEngines: list(c.disabledEngines),
    engineRetries: c.engineRetries ?? 2,
    engineBackoffMs: c.engineBackoffMs ?? 1000,
    engineBackoffMaxMs: c.engineBackoffMaxMs ?? 10_000,
    maxRetries: c.maxRetries ?? 1,
    retryDelayMs: c.retryDelayMs ?? 10_000,
    timeoutMs: c.timeoutMs ?? 10_000,
    numResults: c.numResults ?? 5,
    lang: str(c.lang) ?? 'en',
    country: str(c.country) ?? 'us',
    fetchTimeoutMs: c.fetchTimeoutMs ?? 10_000,
    engines: {
      duckduckgo: { baseUrl: str(ddg.baseUrl) ?? DUCKDUCKGO_DEFAULT_URL },
      bing: { baseUrl: str(bing.baseUrl) ?? BING_DEFAULT_URL },
      brave: {
        baseUrl: str(brave.baseUrl) ?? BRAVE_DEFAULT_URL,
        ...braveKey(str(brave.apiKey), env),
      },
      searxng: { baseUrl: str(searx.baseUrl) ?? str(env.SEARXNG_URL) },
    },
  };
}

/** Builds the engine objects for the settings. */
export function createEngines(s: WebSearchSettings): Map<EngineId, SearchEngine> {
  return new Map<EngineId, SearchEngine>([
    ['duckduckgo', new DuckDuckGoEngine(s.engines.duckduckgo.baseUrl)],
    ['bing', new BingEngine(s.engines.bing.baseUrl)],
    ['brave', new BraveEngine(s.engines.brave.apiKey, s.engines.brave.baseUrl, s.engines.brave.problem)],
    ['searxng', new SearxngEngine(s.engines.searxng.baseUrl)],
  ]);
}

/**
 * The order engines are tried in: the preferred one, then the configured fallbacks, then the
 * rest in {@link ENGINE_IDS} order; unknown names and disabled engines are left out. Pure.
 */
export function engineOrder(s: Pick<WebSearchSettings, 'engine' | 'fallbackEngines' | 'disabledEngines'>): EngineId[] {
  const known = (id: string): id is EngineId => (ENGINE_IDS as readonly string[]).includes(id);
  const out: EngineId[] = [];
  for (const id of [s.engine, ...s.fallbackEngines, ...ENGINE_IDS]) {
    if (known(id) && !out.includes(id) && !s.disabledEngines.includes(id)) out.push(id);
  }
  return out;
}
