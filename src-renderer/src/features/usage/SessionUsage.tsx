import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { modelSelectors } from '../../store/model/selectors';
import { totalsLine } from './format';
import { plural } from '../../../../src-shared/text/plural';
import { ModelPicker } from '../sessions/ModelPicker';

/**
 * The top bar's model (its picker) and, where the bar has room (`totals`), the session's tokens
 * and cost so far; without the room they are in the bar's *More* menu (`UsageTotals`) and in
 * this part's tooltip.
 */
export function SessionUsage({ totals = true }: { totals?: boolean }) {
  const model = useApp(modelSelectors.model);
  const usage = useApp(chatSelectors.usage);
  const unknown = usage.costUnknownTurns
    ? `${usage.costUnknownTurns} of ${plural(usage.turns, 'turn')} had no known price (set one under "prices" in config)`
    : '';
  return (
    <span className="session-usage" data-testid="session-usage" title={`${model ? `${model}: ` : ''}${totalsLine(usage)} over ${plural(usage.turns, 'model turn')}${unknown ? `; ${unknown}` : ''}`}>
      <ModelPicker />
      {totals ? <UsageTotals /> : null}
    </span>
  );
}

/** The session's tokens and cost so far: "11 tokens in · 7 out · $0.0001". */
export function UsageTotals() {
  const usage = useApp(chatSelectors.usage);
  return <span data-testid="session-usage-totals">{totalsLine(usage)}</span>;
}
