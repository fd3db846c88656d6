import { useEffect, useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';

/**
 * "Retrying (2/3) in 4 s…" while the model request of the running turn is being retried, with
 * the server's error; gone as soon as the model answers or the run ends.
 */
export function ModelRetryStatus() {
  const turns = useApp(chatSelectors.turns);
  const running = useApp(chatSelectors.running);
  const last = turns.at(-1);
  const retry = running && last && !last.response && !last.error ? last.retry : undefined;
  // Ticks only to render again; the time is read at each render (a tick from before the retry
  // would show its first frame counting from when this was mounted: "in 6 s" for a 3 s wait).
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!retry) return;
    const t = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [retry]);
  if (!retry) return null;
  const left = Math.max(0, Math.round((retry.ts + retry.delayMs - Date.now()) / 1000));
  return (
    <div className="model-retry" role="status" data-testid="model-retry">
      <span className="model-retry-what">{left > 0 ? `Retrying (${retry.attempt}/${retry.maxRetries}) in ${left} s…` : `Retrying (${retry.attempt}/${retry.maxRetries})…`}</span>
      <span className="muted small"> {retry.error}</span>
    </div>
  );
}

/** Under a failed run: send the task again, or change the model (opens Settings). */
export function RunFailedActions() {
  const running = useApp(chatSelectors.running);
  const retry = useApp((s) => s.retryLastTask);
  const openSettings = useApp((s) => s.setSettingsOpen);
  return (
    <span className="run-failed-actions">
      <button className="small-button" data-testid="retry-run" disabled={running} onClick={() => void retry()}>
        Retry
      </button>
      <button className="small-button" data-testid="change-model" onClick={() => openSettings(true)}>
        Change model
      </button>
    </span>
  );
}
