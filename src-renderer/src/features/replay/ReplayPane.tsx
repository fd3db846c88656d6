import { useEffect } from 'react';
import { fromResultRecord, resultToModelText, type ToolResultRecord } from '../../../../src-shared/events/tool-result';
import { useApp } from '../../store/app-context';
import { replaySelectors } from '../../store/replay/selectors';
import { DiffView } from '../edits/DiffView';
import { JsonArgsEditor } from './JsonArgsEditor';
import '../workbench.css';

function text(r: ToolResultRecord | null): string {
  return r ? resultToModelText(fromResultRecord(r)) : '(no recorded result)';
}

/**
 * Replays one recorded call: its arguments in a JSON editor validated against the tool's
 * schema, re-run through the tool path (recorded in the session as a replay of the original),
 * and the new result beside the recorded one with a diff.
 */
export function ReplayPane() {
  const target = useApp(replaySelectors.target);
  const call = useApp(replaySelectors.call);
  const schema = useApp(replaySelectors.schema);
  const argsText = useApp(replaySelectors.argsText);
  const parsed = useApp(replaySelectors.parsedArgs);
  const problems = useApp(replaySelectors.problems);
  const editorKey = useApp(replaySelectors.editorKey);
  const error = useApp(replaySelectors.error);
  const running = useApp(replaySelectors.running);
  const outcome = useApp(replaySelectors.outcome);
  const canRun = useApp(replaySelectors.canRun);
  const watch = useApp((s) => s.watchReplay);
  const setArgsText = useApp((s) => s.setReplayArgsText);
  const setProblems = useApp((s) => s.setReplayProblems);
  const resetArgs = useApp((s) => s.resetReplayArgs);
  const run = useApp((s) => s.runReplay);

  // The pane loads its call when it opens and whenever another call is chosen.
  useEffect(() => watch(), [watch, target]);

  if (!target) {
    return (
      <div className="wb-pane" data-testid="replay-pane">
        <p className="muted pad">Choose “Replay…” on a tool call (in the conversation, the inspector or the timeline) to re-run it here with edited arguments.</p>
      </div>
    );
  }
  return (
    <div className="wb-pane" data-testid="replay-pane">
      <div className="wb-toolbar">
        <strong data-testid="replay-tool">{call?.tool ?? '…'}</strong>
        <span className="muted small">call {target.callId}{target.sessionId ? ` · session ${target.sessionId}` : ''}</span>
        <span className="wb-spacer" />
        <button onClick={resetArgs} disabled={!call} data-testid="replay-reset" title="Back to the recorded arguments">
          Reset args
        </button>
        <button className="primary" onClick={() => void run()} disabled={!canRun} data-testid="replay-run">
          {running ? 'Running…' : 'Run replay'}
        </button>
      </div>
      {call ? (
        <>
          <div className="label">Arguments {schema ? '(validated against the tool’s schema)' : '(tool not available now: no schema)'}</div>
          <JsonArgsEditor key={editorKey} initial={argsText} schema={schema} onChange={setArgsText} onProblems={setProblems} />
          {!parsed.ok ? <div className="wb-error small" data-testid="replay-args-error">{parsed.reason}</div> : null}
          {problems.length ? (
            <pre className="wb-error small" data-testid="replay-schema-errors">
              {problems.join('\n')}
            </pre>
          ) : null}
        </>
      ) : null}
      {error ? (
        <pre className="wb-error" data-testid="replay-error">
          {error}
        </pre>
      ) : null}
      {outcome ? (
        <>
          <div className="wb-row">
            <span className={`wb-badge ${outcome.equal ? 'wb-ok' : 'wb-warn'}`} data-testid="replay-verdict">
              {outcome.equal ? 'Same as recorded' : 'Differs from recorded'}
            </span>
            <span className="muted small">recorded as {outcome.callId} (replay of {outcome.replayOf})</span>
          </div>
          <div className="wb-two">
            <div>
              <div className="label">Recorded</div>
              <pre className="wb-pre" data-testid="replay-recorded">{text(outcome.recorded)}</pre>
            </div>
            <div>
              <div className="label">Replay</div>
              <pre className="wb-pre" data-testid="replay-result">{text(outcome.result)}</pre>
            </div>
          </div>
          {outcome.equal ? null : (
            <>
              <div className="label">Diff</div>
              <DiffView original={text(outcome.recorded)} modified={text(outcome.result)} path="result.txt" language="plaintext" testId="replay-diff-view" />
              <pre className="wb-pre small" data-testid="replay-diff">{outcome.diff}</pre>
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
