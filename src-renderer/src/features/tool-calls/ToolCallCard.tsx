import { memo, useMemo, useState } from 'react';
import { useApp } from '../../store/app-context';
import { callsSelectors } from '../../store/calls/selectors';
import { ReplayButton } from '../replay/ReplayButton';
import { TrafficLinkButton } from '../mcp-servers/TrafficLinkButton';
import { argsPreview, formatDuration, prettyJson, sourceLabel, STATUS_LABEL } from './format';
import { ResultView } from './ResultView';
import { EditCallDiff, editChangeOf } from './EditCallDiff';
import { LiveTail } from './LiveTail';
import { BreakableName } from './BreakableName';
import { ForkButton } from '../fork/ForkButton';
import { InlineApproval } from '../approvals/InlineApproval';
import { dialogsSelectors } from '../../store/dialogs/selectors';
import { AppViewSlot } from '../mcp-apps/AppView';
import { TaskPanel } from '../tasks/TaskPanel';
import './tool-calls.css';

/** One tool call in the conversation: tool, source, arguments, status, duration, live updates, result. */
export const ToolCallCard = memo(function ToolCallCard({ callId }: { callId: string }) {
  const call = useApp(useMemo(() => callsSelectors.callById(callId), [callId]));
  const selected = useApp(useMemo(() => callsSelectors.isSelected(callId), [callId]));
  const inspect = useApp((s) => s.inspectCall);
  const approval = useApp(useMemo(() => dialogsSelectors.approvalFor(callId), [callId]));
  const [open, setOpen] = useState(false);
  if (!call) return null;
  const last = call.updates.at(-1);
  const progress = [...call.updates].reverse().find((u) => u.kind === 'progress');
  const logs = call.updates.filter((u) => u.kind === 'log' && u.message);
  // bash and Python stream their output: the card shows its tail while they run.
  const streams = call.tool === 'bash' || call.tool === 'python_execute';
  const edit = editChangeOf(call);
  // A loaded skill: what it is and where it came from, above its instructions.
  const source = sourceLabel(call.source);
  const skill = call.tool === 'load_skill' ? (call.result?.metadata?.skill as { name?: string; description?: string; source?: string; files?: string[] } | undefined) : undefined;
  return (
    <div
      className={`call-card status-${call.status}${selected ? ' selected' : ''}${call.origin === 'user' ? ' origin-user' : ''}${call.origin === 'app' ? ' origin-app' : ''}`}
      data-origin={call.origin ?? 'agent'}
      data-testid="tool-call-card"
      role="article"
      aria-label={`${call.tool}, ${source}, ${STATUS_LABEL[call.status]}`}
      data-call-id={callId}
      data-status={call.status}
    >
      <div className="call-head" onClick={() => setOpen(!open)}>
        {call.origin === 'user' ? <span className="call-by-user" data-testid="call-by-user" title="You ran this from the window">you</span> : null}
        {call.origin === 'app' ? <span className="call-by-user call-by-app" data-testid="call-by-app" title={`An MCP App view called this (the view under call ${call.viewOf ?? '?'})`}>app</span> : null}
        <span className="call-name" title={`${call.tool} — ${source}`}>
          <span className="call-tool" data-testid="call-tool" elementtiming="tool-call">
            <BreakableName name={call.tool} />
          </span>
          <span className="call-source" data-testid="call-source">{source}</span>
          {call.replayOf ? <span className="call-source" data-testid="call-replay-of" title={`Replay of ${call.replayOf}`}>replay</span> : null}
        </span>
        <span className="call-meta">
          <span className={`call-status badge-${call.status}`} data-testid="call-status">{STATUS_LABEL[call.status]}</span>
          <span className="call-duration" data-testid="call-duration" title={call.durationMs !== undefined ? `The tool ran ${formatDuration(call.durationMs)}` : undefined}>
            {formatDuration(call.durationMs)}
          </span>
          {call.waitMs !== undefined ? (
            <span className="call-wait" data-testid="call-wait" title="How long the call waited for your approval (not part of its run time)">
              waited {formatDuration(call.waitMs)}
            </span>
          ) : null}
        </span>
        <span className="call-actions">
          <button
            className="link-button"
            data-testid="inspect-call"
            onClick={(ev) => {
              ev.stopPropagation();
              inspect(callId);
            }}
          >
            Inspect
          </button>
          {call.status !== 'running' && call.status !== 'awaiting_approval' ? <ReplayButton callId={callId} /> : null}
          {call.source.startsWith('mcp:') ? <TrafficLinkButton server={call.source.slice(4)} callId={callId} /> : null}
          {!call.replayOf && call.origin !== 'user' && call.status !== 'running' && call.status !== 'awaiting_approval' ? (
            <ForkButton
              target={() => ({
                kind: call.result ? 'result' : 'call',
                callId,
                original: {
                  args: JSON.stringify(call.args ?? {}, null, 2),
                  result: call.result?.error ?? call.result?.output ?? '',
                  isError: !!call.result?.error,
                },
              })}
            />
          ) : null}
        </span>
      </div>
      <pre className="call-args-preview" data-testid="call-args">{argsPreview(call.tool, call.args)}</pre>
      {call.status === 'running' && streams ? <LiveTail updates={call.updates} /> : null}
      {call.task ? <TaskPanel call={call} /> : null}
      {call.status === 'running' && last && !streams && !call.task ? (
        <div className="call-progress" data-testid="call-progress">
          {progress?.progress !== undefined ? (
            <progress value={progress.progress} max={progress.total ?? 100} />
          ) : null}
          <span>{last.message ?? (progress ? `${progress.progress}${progress.total ? ` / ${progress.total}` : ''}` : '')}</span>
        </div>
      ) : null}
      {call.status === 'blocked' ? <div className="call-note">Blocked by a hook before it ran.</div> : null}
      {call.status === 'denied' ? <div className="call-note">Denied{call.approval?.by ? ` by ${call.approval.by}` : ''}.</div> : null}
      {approval ? <InlineApproval key={approval.requestId} d={approval} /> : call.status === 'awaiting_approval' ? <div className="call-note">Waiting for your approval.</div> : null}
      {open ? (
        <div className="call-body">
          <div className="label">Arguments</div>
          <pre className="call-args-full">{prettyJson(call.args)}</pre>
          {logs.length ? (
            <>
              <div className="label">Log</div>
              <pre className="call-logs">{logs.map((l) => `${l.level ? `[${l.level}] ` : ''}${l.message}`).join('\n')}</pre>
            </>
          ) : null}
        </div>
      ) : null}
      {skill?.description ? (
        <div className="call-skill" data-testid="call-skill" data-skill={skill.name}>
          <strong>Skill {skill.name}</strong> <span className="call-source">from {skill.source}</span>
          {skill.files?.length ? <span className="call-source">{skill.files.length} file{skill.files.length === 1 ? '' : 's'}</span> : null}
          <div className="muted">{skill.description}</div>
        </div>
      ) : null}
      {edit ? <EditCallDiff call={call} /> : null}
      {call.result && (!edit || open) ? <ResultView result={call.result} clip={open ? undefined : 2000} /> : null}
      <AppViewSlot call={call} />
    </div>
  );
});
