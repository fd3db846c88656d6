import { emptyTotals, type UsageTotals } from '../../../src-shared/events/model-usage';
import type { UsageSummary } from '../../../src-shared/contract/insight-views';
import { localDay } from '../../core/search/session-docs';
import type { SessionCard } from '../../core/search/search-index';

/** Adds total `b` into `a` (mutates and returns `a`). */
export function addTotals(a: UsageTotals, b: UsageTotals): UsageTotals {
  a.turns += b.turns;
  a.inputTokens += b.inputTokens;
  a.outputTokens += b.outputTokens;
  a.cachedInputTokens += b.cachedInputTokens;
  a.cacheWriteTokens = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  a.reasoningTokens += b.reasoningTokens;
  a.costUsd = Math.round((a.costUsd + b.costUsd) * 1e8) / 1e8;
  a.costUnknownTurns += b.costUnknownTurns;
  a.estimatedTurns += b.estimatedTurns;
  return a;
}

/**
 * The usage summary across sessions from the search index's catalog: today and the last 7 days
 * by the per-day breakdown each session keeps, all time, and by model. Pure apart from `now`.
 */
export function summarizeUsage(cards: readonly SessionCard[], now = Date.now()): UsageSummary {
  const today = localDay(now);
  const week = new Set<string>();
  for (let i = 0; i < 7; i++) {
    const d = new Date(now);
    d.setDate(d.getDate() - i);
    week.add(localDay(d.getTime()));
  }
  const out: UsageSummary = { today: emptyTotals(), week: emptyTotals(), all: emptyTotals(), byModel: [], sessions: 0 };
  const models = new Map<string, UsageTotals>();
  for (const c of cards) {
    if (!c.usage.turns) continue;
    out.sessions++;
    addTotals(out.all, c.usage);
    for (const [day, t] of Object.entries(c.usageByDay ?? {})) {
      if (day === today) addTotals(out.today, t);
      if (week.has(day)) addTotals(out.week, t);
    }
    for (const [model, t] of Object.entries(c.usageByModel ?? {})) addTotals(models.get(model) ?? models.set(model, emptyTotals()).get(model)!, t);
  }
  out.byModel = [...models].map(([model, usage]) => ({ model, usage })).sort((a, b) => b.usage.costUsd - a.usage.costUsd || b.usage.inputTokens + b.usage.outputTokens - (a.usage.inputTokens + a.usage.outputTokens));
  return out;
}

