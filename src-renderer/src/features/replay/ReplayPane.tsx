import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { RecordedToolCall as RecordedCall, ReplayOutcome } from '../../../../src-shared/contract/replay';
import { fromResultRecord, resultToModelText, type ToolResultRecord } from '../../../../src-shared/events/tool-result';
import { useGlassboxApi } from '../../app/app-context';
import { DiffView } from '../edits/DiffView';
import { parseArgsText } from './args-check';
import { JsonArgsEditor } from './JsonArgsEditor';
import { replayTarget } from './replay-target';
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
  const api = useGlassboxApi();
  const target = useStore(replayTarget, (s) => s.target);
  const [call, setCall] = useState<RecordedCall | null>(null);
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  const [argsText, setArgsText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<ReplayOutcome | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  useEffect(() => {
    setCall(null);
    setOutcome(null);
    setError(null);
    setProblems([]);
    if (!target) return;
    let alive = true;
    // Optional args are left out, not sent as undefined (JSON turns that into null).
    (target.sessionId ? api.replay.prepare(target.callId, target.sessionId) : api.replay.prepare(target.callId)).then(
      (p) => {
        if (!alive) return;
        setCall(p.call);
        setSchema(p.schema);
        setArgsText(JSON.stringify(p.call.args ?? {}, null, 2));
        setEditorKey((k) => k + 1);
      },
      (err: unknown) => alive && setError((err as Error).message),
    );
    return () => {
      alive = false;
    };
  }, [api, target]);

  if (!target) {
    return (
      <div className="wb-pane" data-testid="replay-pane">
        <p className="muted pad">Choose “Replay…” on a tool call (in the conversation, the inspector or the timeline) to re-run it here with edited arguments.</p>
      </div>
    );
  }
  const parsed = parseArgsText(argsText);
  const canRun = !!call && parsed.ok && problems.length === 0 && !running;

  const run = async (): Promise<void> => {
    if (!parsed.ok || !call) return;
    setRunning(true);
    setError(null);
    setOutcome(null);
    try {
      setOutcome(await api.replay.run({ callId: call.callId, args: parsed.args, ...(target.sessionId ? { sessionId: target.sessionId } : {}) }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="wb-pane" data-testid="replay-pane">
      <div className="wb-toolbar">
        <strong data-testid="replay-tool">{call?.tool ?? '…'}</strong>
        <span className="muted small">call {target.callId}{target.sessionId ? ` · session ${target.sessionId}` : ''}</span>
        <span className="wb-spacer" />
        <button onClick={() => call && (setArgsText(JSON.stringify(call.args ?? {}, null, 2)), setEditorKey((k) => k + 1))} disabled={!call}>
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
