import { useApp } from '../../store/app-context';
import { ForkIcon } from './ForkIcon';

const CHANGED: Record<string, string> = {
  none: 'nothing changed',
  message: 'the user’s message changed',
  result: 'a tool’s result changed',
  args: 'a tool’s arguments changed',
  model: 'the model changed',
  systemPrompt: 'the system prompt changed',
  instructions: 'an MCP server’s instructions changed',
};

/** Where a fork's run starts: its parent and step, what changed, and *Compare with parent*. */
export function ForkBanner({ fork }: { fork: { parent: string; forkedAt: number; what: string; changes?: string[] } }) {
  const sessionId = useApp((s) => s.sessionId);
  const openCompare = useApp((s) => s.openCompare);
  const openSession = useApp((s) => s.openSession);
  return (
    <div className="fork-banner" data-testid="fork-banner">
      <span>
        <ForkIcon /> Fork of{' '}
        <button className="link-button" title={fork.parent} onClick={() => void openSession(fork.parent)}>
          {fork.parent.slice(0, 8)}
        </button>{' '}
        at step {fork.forkedAt}: {CHANGED[fork.what] ?? fork.what}
        {fork.what === 'model' && fork.changes?.length ? <span data-testid="fork-banner-changes"> ({fork.changes.join('; ')})</span> : null}
      </span>
      <button className="link-button" data-testid="compare-with-parent" onClick={() => void openCompare(fork.parent, sessionId)}>
        Compare with parent
      </button>
    </div>
  );
}
