import { join } from 'node:path';
import type { EventBus } from '../events/event-bus';
import type { GlassboxPaths } from '../config/paths';
import type { PriceTable } from '../llm/prices';
import type { RequestPreview, RequestVerdict } from '../agent/run-options';
import type { HumanInputPort } from '../tools/tool';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { addUsage, emptyTotals, type ModelUsage } from '../../../src-shared/events/model-usage';
import { SearchIndex } from '../search/search-index';
import { localDay } from '../search/session-docs';
import { DEFAULT_WARN_AT, SpendMeter, usd, type SpendLimits } from './spend-meter';

/** Config `limits` as written in the file (validated by the config schema). */
export interface LimitsConfig {
  sessionUsd?: number;
  dailyUsd?: number;
  warnAt?: number;
}

/** What a session's spend guard needs. */
export interface SpendGuardOptions {
  bus: EventBus;
  paths: GlassboxPaths;
  limits: LimitsConfig | undefined;
  prices: PriceTable | undefined;
  /** The session's events so far (a resumed file): what it spent before. */
  prior: readonly GlassboxEvent[];
  /**
   * Who is asked when a limit would be passed (the window): a new limit to go on, or stop.
   * Absent (`glassbox run`): the run stops with `budget` (exit 4).
   */
  ask?: HumanInputPort;
}

/** Today's spend across every saved session, from the search index (it reads only what was appended). */
function spentTodayIn(paths: GlassboxPaths): () => number {
  return () => {
    try {
      const index = new SearchIndex(paths.sessions, join(paths.state, 'search'));
      index.refresh();
      const day = localDay(Date.now());
      return index.list().reduce((sum, card) => sum + (card.usageByDay?.[day]?.costUsd ?? 0), 0);
    } catch {
      return 0; // no sessions folder yet
    }
  };
}

/** Config `limits` with the default warning share. */
export function spendLimitsOf(c: LimitsConfig | undefined): SpendLimits {
  return { ...(c?.sessionUsd !== undefined ? { sessionUsd: c.sessionUsd } : {}), ...(c?.dailyUsd !== undefined ? { dailyUsd: c.dailyUsd } : {}), warnAt: c?.warnAt ?? DEFAULT_WARN_AT };
}

/**
 * The spend limits of one session (config `limits`, `glassbox run --max-usd`): before each model
 * request it asks the meter whether the request would pass a limit; if so the window is asked
 * for a new limit (or the run stops), `glassbox run` stops (`budget`). After each model turn and
 * at each run's start it emits `spend_status` (the header's meter), and a warning the first time
 * a limit's warning share is reached.
 */
export class SpendGuard {
  readonly meter: SpendMeter;
  private readonly warned = new Set<string>();

  constructor(private readonly opts: SpendGuardOptions) {
    const before = emptyTotals();
    for (const e of opts.prior) if (e.type === 'model_response') addUsage(before, e.usage);
    this.meter = new SpendMeter(spendLimitsOf(opts.limits), opts.prices, spentTodayIn(opts.paths), () => localDay(Date.now()), {
      costUsd: before.costUsd,
      unpricedTurns: before.costUnknownTurns,
    });
  }

  /** What the header's meter shows: spend so far and the limits in force. */
  status(): { sessionUsd: number; unpricedTurns: number; dayUsd?: number; limits: { sessionUsd?: number; dailyUsd?: number; warnAt: number } } {
    const { sessionUsd, dailyUsd, warnAt } = this.meter.limits;
    return { ...this.meter.status(), limits: { ...(sessionUsd !== undefined ? { sessionUsd } : {}), ...(dailyUsd !== undefined ? { dailyUsd } : {}), warnAt } };
  }

  /** Replaces the limits (Settings saved, `--max-usd`); the next request is checked against them. */
  setLimits(limits: LimitsConfig | undefined): void {
    this.meter.limits = spendLimitsOf(limits);
    this.meter.refreshDay();
    this.warned.clear();
    this.emitStatus();
  }

  /** A run started (after its agent_start): today's spend is read again (other sessions ran meanwhile) and shown. */
  runStarted(): void {
    this.meter.refreshDay();
    this.emitStatus();
  }

  /** A model turn's usage (right after its model_response): counted, shown, warned about at the share. */
  responded(usage: ModelUsage | undefined): void {
    this.meter.observe(usage);
    this.emitStatus();
    this.warnAtShare();
  }

  /** The agent's check before each model request. */
  readonly beforeRequest = async (p: RequestPreview): Promise<RequestVerdict> => {
    for (;;) {
      const c = this.meter.check(p.model, p.inputTokens);
      if (c.go) return { go: true };
      const what = c.which === 'session' ? "this session's" : "today's";
      const reason =
        `Budget reached: the next model request (≈ ${usd(c.projectedUsd)}) would pass ${what} spend limit of ${usd(c.limitUsd)} ` +
        `(spent ${usd(c.spentUsd)}${this.meter.status().unpricedTurns ? `, plus ${this.meter.status().unpricedTurns} turn(s) with no known price` : ''}).`;
      const raised = await this.askToRaise(c.which, c.limitUsd, c.spentUsd + c.projectedUsd, reason, p.signal);
      if (raised === null) return { go: false, reason };
    }
  };

  /** Asks the window for a higher limit; the new limit, or null (stop). */
  private async askToRaise(which: 'session' | 'daily', limit: number, needed: number, reason: string, signal: AbortSignal): Promise<number | null> {
    const port = this.opts.ask;
    if (!port || signal.aborted) return null;
    const suggestion = Math.max(limit * 2, Math.ceil(needed * 100) / 100);
    const answer = await port
      .ask({ question: `${reason} The run is paused before that request. Answer with a new ${which} limit in USD to go on (e.g. ${suggestion.toFixed(2)}; an empty answer doubles it), or "stop" to end the run.` }, signal)
      .catch(() => null);
    if (!answer || answer.action !== 'accept') return null;
    const text = (answer.text ?? '').trim().replace(/^\$/, '');
    if (/^(n|no|stop|end)$/i.test(text)) return null;
    const asked = text === '' || /^(y|yes|ok|continue|go on)$/i.test(text) ? suggestion : Number(text);
    if (!Number.isFinite(asked) || asked <= limit) {
      this.opts.bus.emit({ type: 'log', level: 'warn', source: 'limits', message: `"${answer.text ?? ''}" is not a limit above ${usd(limit)}: the run stops.` });
      return null;
    }
    this.meter.limits = { ...this.meter.limits, ...(which === 'session' ? { sessionUsd: asked } : { dailyUsd: asked }) };
    this.opts.bus.emit({ type: 'log', level: 'info', source: 'limits', message: `The ${which} spend limit is ${usd(asked)} for this session from now on.` });
    this.emitStatus();
    return asked;
  }

  /** A warning the first time spend reaches a limit's warning share (per limit value). */
  private warnAtShare(): void {
    const s = this.meter.status();
    const { sessionUsd, dailyUsd, warnAt } = this.meter.limits;
    if (sessionUsd !== undefined && s.sessionUsd >= sessionUsd * warnAt) this.warnOnce('session');
    if (dailyUsd !== undefined && (s.dayUsd ?? 0) >= dailyUsd * warnAt) this.warnOnce('daily');
  }

  private warnOnce(which: 'session' | 'daily'): void {
    const limit = which === 'session' ? this.meter.limits.sessionUsd : this.meter.limits.dailyUsd;
    const key = `${which}:${limit}`;
    if (limit === undefined || this.warned.has(key)) return;
    this.warned.add(key);
    const s = this.meter.status();
    const spent = which === 'session' ? s.sessionUsd : (s.dayUsd ?? 0);
    this.opts.bus.emit({
      type: 'log',
      level: 'warn',
      source: 'limits',
      message: `${usd(spent)} spent: ${Math.round((100 * spent) / limit)}% of the ${which} spend limit of ${usd(limit)}.`,
    });
  }

  private emitStatus(): void {
    this.opts.bus.emit({ type: 'spend_status', ...this.status() });
  }
}
