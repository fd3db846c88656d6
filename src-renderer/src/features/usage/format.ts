import { formatUsage, type ModelUsage, type UsageTotals } from '../../../../src-shared/events/model-usage';
import { formatDuration } from '../tool-calls/format';

// One formatter for every count: `toLocaleString('en-US')` builds a new one per call, and the
// chat formats several counts for each model turn that scrolls into view.
const counts = new Intl.NumberFormat('en-US');
const n = (x: number | undefined): string => counts.format(x ?? 0);

/** A count with thousands separators ("12,345"), as every count in the chat is written. */
export const formatCount = (x: number): string => counts.format(x);

/** $0.0123 (four decimals below a dollar, two above); "cost unknown" for null or a missing cost. */
export function formatCost(usd: number | null | undefined): string {
  if (typeof usd !== 'number') return 'cost unknown';
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/**
 * One model turn's line in the chat: "~1,234 tokens in · 56 out · $0.0012 · first token 340 ms · 1.2 s".
 * `~` marks estimated counts; "cost unknown" when no price is known. Older sessions carry only
 * the token counts: what is missing is left out.
 */
export function turnUsageLine(u: Partial<ModelUsage>): string {
  const est = u.estimated ? '~' : '';
  const parts = [`${est}${n(u.inputTokens)} tokens in`, `${est}${n(u.outputTokens)} out`];
  if (u.cachedInputTokens) parts.push(`${n(u.cachedInputTokens)} cached`);
  if (u.cacheWriteTokens) parts.push(`${n(u.cacheWriteTokens)} cache write`);
  if (u.reasoningTokens) parts.push(`${n(u.reasoningTokens)} reasoning`);
  if ('costUsd' in u) parts.push(formatCost(u.costUsd));
  if (typeof u.ttftMs === 'number') parts.push(`first token ${formatDuration(u.ttftMs)}`);
  if (typeof u.durationMs === 'number') parts.push(formatDuration(u.durationMs));
  return parts.join(' · ');
}

/** A total (session, day, model): "12,345 tokens in · 678 out · $0.0123", or "no model turns". */
export function totalsLine(t: UsageTotals): string {
  return t.turns ? formatUsage(t) : 'no model turns';
}

/** Compact token count for tight places: 950, 12.3k, 1.2M. */
export function shortTokens(x: number): string {
  if (x < 1000) return String(Math.round(x));
  if (x < 1_000_000) return `${(x / 1000).toFixed(x < 10_000 ? 1 : 0)}k`;
  return `${(x / 1_000_000).toFixed(1)}M`;
}
