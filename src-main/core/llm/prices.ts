/**
 * What a model costs, in US dollars per million tokens. The defaults cover the common OpenAI and
 * Anthropic models (list prices as published by the vendors; check them against your bill) and
 * are overridden per model by config `prices`. A model with no known price costs `null`
 * (shown as "unknown"), never a guessed number.
 */
export interface ModelPrice {
  /** Input (prompt) tokens not read from a cache. */
  input: number;
  /** Output tokens (reasoning tokens included: vendors bill them as output). */
  output: number;
  /** Input tokens read from the prompt cache; defaults to `input` when a price omits it. */
  cachedInput?: number;
  /** Input tokens written to the prompt cache (Anthropic: 1.25× input); defaults to `input`. */
  cacheWrite?: number;
}

/** Price per model id. Lookup also matches dated variants: `gpt-4o-2024-08-06` → `gpt-4o`. */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o': { input: 2.5, output: 10, cachedInput: 1.25 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cachedInput: 0.075 },
  'gpt-4.1': { input: 2, output: 8, cachedInput: 0.5 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cachedInput: 0.1 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4, cachedInput: 0.025 },
  'gpt-5': { input: 1.25, output: 10, cachedInput: 0.125 },
  'gpt-5-mini': { input: 0.25, output: 2, cachedInput: 0.025 },
  'gpt-5-nano': { input: 0.05, output: 0.4, cachedInput: 0.005 },
  o3: { input: 2, output: 8, cachedInput: 0.5 },
  'o4-mini': { input: 1.1, output: 4.4, cachedInput: 0.275 },
  'claude-opus-4-6': { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25 },
  'claude-opus-4-5': { input: 5, output: 25, cachedInput: 0.5, cacheWrite: 6.25 },
  'claude-opus-4-1': { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  'claude-opus-4': { input: 15, output: 75, cachedInput: 1.5, cacheWrite: 18.75 },
  'claude-sonnet-4-5': { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  'claude-sonnet-4': { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  'claude-3-7-sonnet': { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  'claude-haiku-4-5': { input: 1, output: 5, cachedInput: 0.1, cacheWrite: 1.25 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cachedInput: 0.08, cacheWrite: 1 },
};

/** Config `prices`: model id → price, over the defaults. */
export type PriceTable = Record<string, ModelPrice>;

/**
 * The price of `model`: an exact entry of `overrides`, then of the defaults, then the longest
 * key that the model id starts with followed by `-` (dated and `-latest` variants), else undefined.
 */
export function priceOf(model: string, overrides: PriceTable = {}): ModelPrice | undefined {
  const id = model.trim().toLowerCase().replace(/^.*\//, ''); // "openai/gpt-4o" (OpenRouter) → "gpt-4o"
  for (const table of [lowerKeys(overrides), DEFAULT_PRICES]) {
    if (table[id]) return withCacheRates(id, table[id]);
    const prefix = Object.keys(table)
      .filter((k) => id.startsWith(`${k}-`))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) return withCacheRates(id, table[prefix]);
  }
  return undefined;
}

/**
 * Fills the cache rates a price leaves out with the vendor's rule: Anthropic bills cache reads
 * at 0.1× and cache writes at 1.25× the input price; elsewhere (OpenAI writes nothing extra)
 * they stay unset and cost the input price.
 */
function withCacheRates(id: string, p: ModelPrice): ModelPrice {
  if (!id.startsWith('claude')) return p;
  return { ...p, cachedInput: p.cachedInput ?? round(p.input * 0.1), cacheWrite: p.cacheWrite ?? round(p.input * 1.25) };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function lowerKeys(t: PriceTable): Record<string, ModelPrice> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Token counts a cost is computed from (inputTokens includes the cache reads and writes). */
export interface BillableTokens {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
}

/** Cost in USD, or null when no price is known for the model. */
export function costOf(tokens: BillableTokens, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  const cached = Math.min(tokens.cachedInputTokens ?? 0, tokens.inputTokens);
  const written = Math.min(tokens.cacheWriteTokens ?? 0, tokens.inputTokens - cached);
  const fresh = tokens.inputTokens - cached - written;
  const usd =
    (fresh * price.input + cached * (price.cachedInput ?? price.input) + written * (price.cacheWrite ?? price.input) + tokens.outputTokens * price.output) / 1_000_000;
  return Math.round(usd * 1e8) / 1e8;
}
