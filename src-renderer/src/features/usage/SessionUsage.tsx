import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { modelSelectors } from '../../store/model/selectors';
import { totalsLine } from './format';
import { plural } from '../../../../src-shared/text/plural';
import { ModelPicker } from '../sessions/ModelPicker';

/** The top bar's model (its picker) and the session's tokens and cost so far. */
export function SessionUsage() {
  const model = useApp(modelSelectors.model);
  const usage = useApp(chatSelectors.usage);
  const unknown = usage.costUnknownTurns
    ? `${usage.costUnknownTurns} of ${plural(usage.turns, 'turn')} had no known price (set one under "prices" in config)`
    : '';
  return (
    <span className="session-usage" data-testid="session-usage" title={`${model ? `${model}: ` : ''}${totalsLine(usage)} over ${usage.turns} model turn(s)${unknown ? `; ${unknown}` : ''}`}>
      <ModelPicker />
      <span data-testid="session-usage-totals">{totalsLine(usage)}</span>
    </span>
  );
}
