import { useApp } from '../app/app-context';
import { chatSelectors } from '../store/chat/selectors';
import { totalsLine } from './usage-format';
import { plural } from '../shell/plural';

/** The top bar's model and the session's tokens and cost so far. */
export function SessionUsage() {
  const model = useApp(chatSelectors.model);
  const usage = useApp(chatSelectors.usage);
  const unknown = usage.costUnknownTurns
    ? `${usage.costUnknownTurns} of ${plural(usage.turns, 'turn')} had no known price (set one under "prices" in config)`
    : '';
  return (
    <span className="session-usage" data-testid="session-usage" title={`${model ? `${model}: ` : ''}${totalsLine(usage)} over ${usage.turns} model turn(s)${unknown ? `; ${unknown}` : ''}`}>
      {model ? (
        <span className="model-name" data-testid="session-model">
          {model}
        </span>
      ) : null}
      <span data-testid="session-usage-totals">{totalsLine(usage)}</span>
    </span>
  );
}
