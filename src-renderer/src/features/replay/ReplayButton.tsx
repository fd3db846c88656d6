import { useAppStore } from '../../app/app-context';
import { replayTarget } from './replay-target';

/** "Replay…" for a tool-call card or the inspector: opens the replay pane on this call. */
export function ReplayButton({ callId, sessionId, className }: { callId: string; sessionId?: string; className?: string }) {
  const store = useAppStore();
  return (
    <button
      className={className ?? 'link-button'}
      data-testid="replay-call"
      title="Re-run this call, optionally with edited arguments, and compare with the recorded result"
      onClick={(ev) => {
        ev.stopPropagation();
        replayTarget.getState().set(sessionId ? { callId, sessionId } : { callId });
        store.getState().setRightTab('replay');
      }}
    >
      Replay…
    </button>
  );
}
