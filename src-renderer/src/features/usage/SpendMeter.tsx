import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import type { SpendView } from '../../../../src-shared/contract/views';
import type { ModelTurn } from '../../store/event-reducer';

/** Turns ended in this window count towards the burn rate. */
const RATE_WINDOW_MS = 10 * 60_000;

/** "$0.0123" (four decimals under a dollar). */
export function usdText(x: number): string {
  return `$${x < 1 ? x.toFixed(4) : x.toFixed(2)}`;
}

/**
 * Spend per hour over the turns that ended in the last ten minutes (at least one minute of
 * span, so a first turn does not read as a huge rate); null with no priced turn in the window.
 */
export function burnRatePerHour(turns: readonly ModelTurn[], now: number): number | null {
  let sum = 0;
  let first = Infinity;
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!;
    if (t.endTs === undefined) continue;
    if (t.endTs < now - RATE_WINDOW_MS) break;
    const cost = t.usage?.costUsd;
    if (typeof cost !== 'number') continue;
    sum += cost;
    first = Math.min(first, t.ts);
  }
  if (first === Infinity) return null;
  const span = Math.max(60_000, now - first);
  return (sum * 3_600_000) / span;
}

/** The share of the tightest limit used, and which limit that is; null without limits. */
export function limitShare(s: SpendView): { which: 'session' | 'daily'; share: number; limit: number; spent: number } | null {
  const out: Array<{ which: 'session' | 'daily'; share: number; limit: number; spent: number }> = [];
  if (s.limits.sessionUsd) out.push({ which: 'session', share: s.sessionUsd / s.limits.sessionUsd, limit: s.limits.sessionUsd, spent: s.sessionUsd });
  if (s.limits.dailyUsd) out.push({ which: 'daily', share: (s.dayUsd ?? 0) / s.limits.dailyUsd, limit: s.limits.dailyUsd, spent: s.dayUsd ?? 0 });
  return out.sort((a, b) => b.share - a.share)[0] ?? null;
}

/** The spend in words: this session's and today's spend against their limits, the burn rate, unpriced turns. */
export function spendSummary(spend: SpendView, rate: number | null): string {
  return [
    `This session: ${usdText(spend.sessionUsd)}${spend.limits.sessionUsd ? ` of ${usdText(spend.limits.sessionUsd)}` : ''}`,
    spend.dayUsd !== undefined ? `today: ${usdText(spend.dayUsd)}${spend.limits.dailyUsd ? ` of ${usdText(spend.limits.dailyUsd)}` : ''}` : '',
    rate !== null ? `burn rate ${usdText(rate)}/h over the last 10 minutes` : '',
    spend.unpricedTurns ? `${spend.unpricedTurns} turn(s) had no known price and are not counted` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The header's spend meter: spent of the limit, a bar, the burn rate (left out where the bar is
 * short of room: `rate={false}`; the tooltip always has it), unpriced turns. `bar={false}`
 * leaves out the bar (the words say the same).
 */
export function SpendMeter({ rate: showRate = true, bar: showBar = true }: { rate?: boolean; bar?: boolean } = {}): React.JSX.Element | null {
  const spend = useApp(chatSelectors.spend);
  const turns = useApp((s) => s.turns);
  const running = useApp(chatSelectors.running);
  if (!spend) return null;
  const tight = limitShare(spend);
  const rate = burnRatePerHour(turns, Date.now());
  if (!tight && !(running && rate !== null)) return null;
  const spent = tight ? (tight.which === 'session' ? spend.sessionUsd : (spend.dayUsd ?? 0)) : spend.sessionUsd;
  const warn = tight && tight.share >= spend.limits.warnAt;
  const unpriced = spend.unpricedTurns ? ` + ${spend.unpricedTurns} unpriced` : '';
  return (
    <span className={`spend-meter${warn ? ' warn' : ''}`} data-testid="spend-meter" title={spendSummary(spend, rate)}>
      <span data-testid="spend-meter-text">
        {usdText(spent)}
        {tight ? ` of ${usdText(tight.limit)}${tight.which === 'daily' ? ' today' : ''}` : ''}
        {unpriced}
      </span>
      {tight && showBar ? (
        <span className="spend-bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, Math.round(tight.share * 100))}%` }} />
        </span>
      ) : null}
      {rate !== null && showRate ? <span className="spend-rate" data-testid="spend-rate">{usdText(rate)}/h</span> : null}
    </span>
  );
}

/** The spend in words for the top bar's *More* menu (nothing when the session has no spend to show). */
export function SpendSummary(): React.JSX.Element | null {
  const spend = useApp(chatSelectors.spend);
  const turns = useApp((s) => s.turns);
  if (!spend || (!limitShare(spend) && !spend.sessionUsd)) return null;
  return <span data-testid="spend-summary">{spendSummary(spend, burnRatePerHour(turns, Date.now()))}</span>;
}

/** The banner at a limit's warning share: how much is used and what happens at the limit. */
export function SpendWarning(): React.JSX.Element | null {
  const spend = useApp(chatSelectors.spend);
  if (!spend) return null;
  const tight = limitShare(spend);
  if (!tight || tight.share < spend.limits.warnAt) return null;
  const whose = tight.which === 'session' ? "this session's" : "today's";
  return (
    <div className="banner banner-warn" role="status" data-testid="spend-warning">
      {usdText(tight.spent)} spent: {Math.round(tight.share * 100)}% of {whose} spend limit of {usdText(tight.limit)}. Before a request that would pass it, the run
      pauses and asks for a new limit.
    </div>
  );
}
