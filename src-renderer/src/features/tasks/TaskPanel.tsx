import { useEffect, useState } from 'react';
import { useApp } from '../../store/app-context';
import type { CallDetail } from '../../../../src-shared/contract/views';
import { isFinalTaskStatus } from '../../../../src-shared/events/mcp-task';
import { formatTimeLeft, TASK_STATUS_LABEL, taskExpiry } from './time';
import './tasks.css';

/** Re-renders every second while `on`: the time left counts down. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/**
 * What a tool call that runs as an MCP task shows under its head: the task's status and the
 * server's message, progress, the time left before the server forgets it, and Cancel while it
 * runs. A task whose run ended without it (Glassbox stopped) offers "Check task", which asks the
 * server and records the result once it is there.
 */
export function TaskPanel({ call }: { call: CallDetail }) {
  const task = call.task!;
  const cancelTask = useApp((s) => s.cancelTask);
  const resumeTask = useApp((s) => s.resumeTask);
  const runActive = useApp((s) => s.agent.running);
  const [busy, setBusy] = useState<'cancel' | 'check' | null>(null);
  const open = call.status === 'running' && !isFinalTaskStatus(task.status) && !task.lost;
  // The call never ended and no run is following it: the task was left behind by a restart.
  const orphaned = open && !runActive;
  const now = useNow(open);
  const expiry = taskExpiry(task, call.taskSince);
  const progress = open ? [...call.updates].reverse().find((u) => u.kind === 'progress') : undefined;
  const act = (kind: 'cancel' | 'check', fn: (id: string) => Promise<void>) => (ev: React.MouseEvent) => {
    ev.stopPropagation();
    setBusy(kind);
    void fn(call.callId).finally(() => setBusy(null));
  };
  const status = task.lost ? 'lost' : task.status;
  return (
    <div className="task-panel" data-testid="task-panel" data-task-status={status} data-task-id={task.taskId}>
      <div className="task-line">
        <span className={`task-status task-${status}`} data-testid="task-status">
          task {task.lost ? 'lost' : TASK_STATUS_LABEL[task.status]}
        </span>
        {task.statusMessage ? (
          <span className="task-message" data-testid="task-message">
            {task.statusMessage}
          </span>
        ) : null}
        {open && expiry !== undefined ? (
          <span className="task-ttl" data-testid="task-ttl" title="How long the server keeps the task and its result">
            {expiry === null ? 'kept until cancelled' : `expires in ${formatTimeLeft(expiry - now)}`}
          </span>
        ) : null}
        <span className="task-actions">
          {orphaned ? (
            <button className="link-button" data-testid="task-resume" disabled={busy !== null} title="Ask the server about this task and record its result once it is done" onClick={act('check', resumeTask)}>
              {busy === 'check' ? 'Checking…' : 'Check task'}
            </button>
          ) : null}
          {open ? (
            <button className="task-cancel" data-testid="task-cancel" disabled={busy !== null} title={`Send tasks/cancel for task ${task.taskId} to ${task.server}`} onClick={act('cancel', cancelTask)}>
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
        </span>
      </div>
      {progress?.progress !== undefined ? (
        <div className="task-progress" data-testid="task-progress">
          <progress value={progress.progress} max={progress.total ?? 100} />
          <span>{progress.total ? `${progress.progress} / ${progress.total}` : String(progress.progress)}</span>
        </div>
      ) : null}
      {orphaned ? <div className="task-note">Glassbox stopped while this task ran; the server may still have it.</div> : null}
      {task.lost ? <div className="task-note">{task.lost}</div> : null}
      <div className="task-id" title={task.taskId}>
        {task.server} · {task.taskId}
      </div>
    </div>
  );
}
