import { useApp } from '../../store/app-context';

/** "Replay…" for a tool-call card or the inspector: opens the replay pane on this call. */
export function ReplayButton({ callId, sessionId, className }: { callId: string; sessionId?: string; className?: string }) {
  const openReplay = useApp((s) => s.openReplay);
  return (
    <button
      className={className ?? 'link-button'}
      data-testid="replay-call"
      title="Re-run this call, optionally with edited arguments, and compare with the recorded result"
      onClick={(ev) => {
        ev.stopPropagation();
        openReplay(sessionId ? { callId, sessionId } : { callId });
      }}
    >
      Replay…
    </button>
  );
}
