import type { ModelUsage } from '../../../src-shared/events/model-usage';
import { costOf, priceOf, type PriceTable } from '../llm/prices';

/** Config `limits`: USD per session and per day (the host's local day), and the warning share. */
export interface SpendLimits {
  sessionUsd?: number;
  dailyUsd?: number;
  /** The share of a limit at which the window warns (default 0.8). */
  warnAt: number;
}

/** The default warning share of config `limits.warnAt`. */
export const DEFAULT_WARN_AT = 0.8;

/** What the meter says about the next model request. */
export type SpendCheck =
  | { go: true; projectedUsd: number | null }
  | { go: false; which: 'session' | 'daily'; limitUsd: number; spentUsd: number; projectedUsd: number };

/** "$0.0123" with enough digits for small sums. */
export function usd(x: number): string {
  return `$${x < 1 ? x.toFixed(4) : x.toFixed(2)}`;
}

/**
 * Adds up what a session spends and projects the next model request, for the spend limits.
 * Known costs are summed; turns whose model has no price are counted apart (unknown, never $0).
 * The projection of a request: its input estimated from the characters sent (the part the last
 * turn read from the cache at the cached rate) plus as much output as the turns so far averaged,
 * at the model's price; null when the model has no price. A request goes when what was spent
 * plus that projection stays within every limit.
 */
export class SpendMeter {
  private sessionUsd = 0;
  private unpriced = 0;
  private turns = 0;
  private outputTokens = 0;
  private lastCached = 0;
  /** What the other sessions and this one's earlier runs spent today, as found when the day began. */
  private dayBase: number;
  private dayKey: string;
  /** Spent in this process since `dayBase` was read. */
  private daySince = 0;

  constructor(
    public limits: SpendLimits,
    private readonly prices: PriceTable | undefined,
    /** Today's spend so far across every saved session (read again when the local day changes). */
    private readonly spentToday: () => number,
    private readonly today: () => string,
    /** This session's spend before this process (a resumed session's file). */
    prior: { costUsd: number; unpricedTurns: number } = { costUsd: 0, unpricedTurns: 0 },
  ) {
    this.sessionUsd = prior.costUsd;
    this.unpriced = prior.unpricedTurns;
    this.dayKey = today();
    this.dayBase = limits.dailyUsd !== undefined ? spentToday() : 0;
  }

  /** Takes in one model turn's usage. */
  observe(u: Partial<ModelUsage> | undefined): void {
    if (!u) return;
    this.rollDay();
    this.turns++;
    this.outputTokens += u.outputTokens ?? 0;
    this.lastCached = (u.cachedInputTokens ?? 0) + (u.cacheWriteTokens ?? 0);
    if (typeof u.costUsd === 'number') {
      this.sessionUsd = round(this.sessionUsd + u.costUsd);
      this.daySince = round(this.daySince + u.costUsd);
    } else this.unpriced++;
  }

  /** This session's known spend, its unpriced turns, and today's spend (when a daily limit is set). */
  status(): { sessionUsd: number; unpricedTurns: number; dayUsd?: number } {
    this.rollDay();
    return { sessionUsd: this.sessionUsd, unpricedTurns: this.unpriced, ...(this.limits.dailyUsd !== undefined ? { dayUsd: round(this.dayBase + this.daySince) } : {}) };
  }

  /** The projected cost of the next request (see the class comment); null without a price. */
  project(model: string, inputTokens: number): number | null {
    const price = priceOf(model, this.prices);
    const output = this.turns ? Math.round(this.outputTokens / this.turns) : 0;
    return costOf({ inputTokens, outputTokens: output, cachedInputTokens: Math.min(this.lastCached, inputTokens) }, price);
  }

  /** Whether the next request (this model, about this much input) may go. */
  check(model: string, inputTokens: number): SpendCheck {
    const projected = this.project(model, inputTokens);
    const s = this.status();
    const add = projected ?? 0;
    const { sessionUsd, dailyUsd } = this.limits;
    if (sessionUsd !== undefined && s.sessionUsd + add > sessionUsd) return { go: false, which: 'session', limitUsd: sessionUsd, spentUsd: s.sessionUsd, projectedUsd: add };
    if (dailyUsd !== undefined && (s.dayUsd ?? 0) + add > dailyUsd) return { go: false, which: 'daily', limitUsd: dailyUsd, spentUsd: s.dayUsd ?? 0, projectedUsd: add };
    return { go: true, projectedUsd: projected };
  }

  /** Reads today's spend again (a run starts: other sessions may have spent meanwhile). */
  refreshDay(): void {
    this.dayKey = this.today();
    this.daySince = 0;
    this.dayBase = this.limits.dailyUsd !== undefined ? this.spentToday() : 0;
  }

  private rollDay(): void {
    const key = this.today();
    if (key === this.dayKey) return;
    this.dayKey = key;
    this.daySince = 0;
    this.dayBase = this.limits.dailyUsd !== undefined ? this.spentToday() : 0;
  }
}

function round(x: number): number {
  return Math.round(x * 1e8) / 1e8;
}
