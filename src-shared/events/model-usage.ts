/**
 * Usage of one model turn as recorded on `model_response.usage`: the provider's counts (or an
 * estimate, marked `estimated`), the cost from the price table (null when no price is known),
 * time to first token and the turn's total time. `inputTokens` includes `cachedInputTokens` and
 * `cacheWriteTokens`.
 */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (billed at the cached rate). */
  cachedInputTokens?: number;
  /** Input tokens written to the prompt cache (Anthropic bills them at 1.25× input). */
  cacheWriteTokens?: number;
  /** Output tokens spent on reasoning (included in `outputTokens`). */
  reasoningTokens?: number;
  /** True when the provider reported no counts and they were estimated (4 characters a token). */
  estimated?: boolean;
  /** US dollars; null when no price is known for the model. */
  costUsd: number | null;
  /** Request sent → first output chunk (the whole turn when nothing streamed). */
  ttftMs: number;
  durationMs: number;
}

/** Usage added up over turns: a run, a session, a day, a model. */
export interface UsageTotals {
  turns: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** Absent in totals written before cache writes were counted. */
  cacheWriteTokens?: number;
  reasoningTokens: number;
  /** Sum of the known costs; `costUnknownTurns` says how many turns had no price. */
  costUsd: number;
  costUnknownTurns: number;
  estimatedTurns: number;
}

/** An empty total. */
export function emptyTotals(): UsageTotals {
  return { turns: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, costUsd: 0, costUnknownTurns: 0, estimatedTurns: 0 };
}

/** Adds one turn's usage into `t` (mutates and returns it). */
export function addUsage(t: UsageTotals, u: Partial<ModelUsage> | undefined): UsageTotals {
  if (!u) return t;
  t.turns += 1;
  t.inputTokens += u.inputTokens ?? 0;
  t.outputTokens += u.outputTokens ?? 0;
  t.cachedInputTokens += u.cachedInputTokens ?? 0;
  t.cacheWriteTokens = (t.cacheWriteTokens ?? 0) + (u.cacheWriteTokens ?? 0);
  t.reasoningTokens += u.reasoningTokens ?? 0;
  if (typeof u.costUsd === 'number') t.costUsd = Math.round((t.costUsd + u.costUsd) * 1e8) / 1e8;
  else t.costUnknownTurns += 1;
  if (u.estimated) t.estimatedTurns += 1;
  return t;
}

/** "1,234 tokens in · 56 out · $0.0123": "~" marks estimates, "cost unknown" when no turn had a price, "+" when some had none. */
export function formatUsage(t: UsageTotals): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const est = t.estimatedTurns ? '~' : '';
  const cost = t.turns > 0 && t.costUnknownTurns === t.turns ? 'cost unknown' : `$${t.costUsd.toFixed(4)}${t.costUnknownTurns ? '+' : ''}`;
  const cached = t.cachedInputTokens && t.inputTokens ? ` (${cachedShare(t)} cached)` : '';
  return `${est}${n(t.inputTokens)} tokens in${cached} · ${est}${n(t.outputTokens)} out · ${cost}`;
}

/** The share of input tokens read from the prompt cache, as "83%" ("0%" with no input). */
export function cachedShare(t: Pick<UsageTotals, 'inputTokens' | 'cachedInputTokens'>): string {
  if (!t.inputTokens) return '0%';
  return `${Math.round((100 * Math.min(t.cachedInputTokens, t.inputTokens)) / t.inputTokens)}%`;
}
