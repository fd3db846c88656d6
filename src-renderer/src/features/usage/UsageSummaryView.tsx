import { cachedShare, type UsageTotals } from '../../../../src-shared/events/model-usage';
import { useApp } from '../../store/app-context';
import { sessionsSelectors } from '../../store/sessions/selectors';
import { formatCost, shortTokens } from './format';

function costOf(t: UsageTotals): string {
  if (!t.turns) return '—';
  // Under the "cost" header: a narrow sidebar keeps it on one line.
  if (t.costUnknownTurns === t.turns) return 'unknown';
  return `${formatCost(t.costUsd)}${t.costUnknownTurns ? '+' : ''}`;
}

function Row({ label, t, testId }: { label: string; t: UsageTotals; testId: string }) {
  return (
    <tr
      data-testid={testId}
      title={`${t.turns} turn(s) · ${t.inputTokens.toLocaleString('en-US')} in (${t.cachedInputTokens.toLocaleString('en-US')} read from the prompt cache, ${(t.cacheWriteTokens ?? 0).toLocaleString('en-US')} written to it) · ${t.outputTokens.toLocaleString('en-US')} out${t.costUnknownTurns ? ` · ${t.costUnknownTurns} without a price` : ''}`}
    >
      <th>{label}</th>
      <td className="num">{shortTokens(t.inputTokens + t.outputTokens)}</td>
      <td className="num" data-field="cached">{t.turns ? cachedShare(t) : '—'}</td>
      <td className="num">{costOf(t)}</td>
    </tr>
  );
}

/** Tokens and cost across every saved session: today, the last 7 days, and by model. */
export function UsageSummaryView() {
  const u = useApp(sessionsSelectors.usageSummary);
  if (!u || !u.sessions) return null;
  return (
    <details className="usage-summary" data-testid="usage-summary" open>
      <summary className="label">Usage across sessions</summary>
      <table>
        <thead>
          <tr>
            <th />
            <th className="num">tokens</th>
            <th className="num" title="Share of input tokens read from the provider's prompt cache">cached</th>
            <th className="num">cost</th>
          </tr>
        </thead>
        <tbody>
          <Row label="Today" t={u.today} testId="usage-today" />
          <Row label="7 days" t={u.week} testId="usage-week" />
          <Row label="All" t={u.all} testId="usage-all" />
          {u.byModel.slice(0, 5).map((m) => (
            <Row key={m.model} label={m.model} t={m.usage} testId="usage-model" />
          ))}
        </tbody>
      </table>
    </details>
  );
}
