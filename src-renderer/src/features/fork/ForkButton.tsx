import { useApp } from '../../store/app-context';
import type { ForkTarget } from '../../store/fork/actions';

/** *Fork from here…* on a row of the conversation (shown when the session is saved and nothing runs); its icon is CSS (fork.css). */
export function ForkButton({ target, className }: { target: () => ForkTarget; className?: string }) {
  const open = useApp((s) => s.openForkEditor);
  const running = useApp((s) => s.agent.running);
  if (running) return null;
  return (
    <button
      className={`link-button fork-button${className ? ` ${className}` : ''}`}
      data-testid="fork-from-here"
      title="Fork from here: a new session from this step with one thing changed"
      onClick={(ev) => {
        ev.stopPropagation();
        open(target());
      }}
    >
      Fork…
    </button>
  );
}
