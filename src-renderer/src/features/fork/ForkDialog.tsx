import { useEffect, useRef } from 'react';
import { useApp } from '../../store/app-context';
import { editsFor } from '../../store/fork/actions';
import type { ForkEditKind } from '../../store/fork/state';
import { ForkModelFields } from './ForkModelFields';
import './fork.css';

const EDIT_LABEL: Record<ForkEditKind, string> = {
  message: 'The user’s message',
  result: 'The tool’s result',
  args: 'The tool’s arguments (it runs again)',
  model: 'The model (provider, temperature, thinking)',
  systemPrompt: 'The system prompt',
  instructions: 'An MCP server’s instructions',
  none: 'Nothing (run again from here)',
};

const NO_SERVERS: readonly { id: string }[] = [];

const KIND_LABEL = { user: 'a user message', model: 'a model turn', call: 'a tool call', result: 'a tool result' } as const;

/**
 * *Fork from here…*: the one thing to change at this row (its recorded text to edit), where the
 * fork's files are (a copy as they were at this step, or the live workspace) and how later tool
 * calls run (live, or answered from this session where tool and arguments match).
 */
export function ForkDialog() {
  const e = useApp((s) => s.forkEditor);
  const update = useApp((s) => s.updateForkEditor);
  const close = useApp((s) => s.closeForkEditor);
  const submit = useApp((s) => s.submitFork);
  const servers = useApp((s) => s.mcpSnapshot?.servers ?? NO_SERVERS);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [e?.parent, e?.at, e?.callId]);
  if (!e) return null;
  const where = e.callId ? `call ${e.callId}` : `step ${e.at}`;
  return (
    <div className="dialog-backdrop" onKeyDown={(ev) => ev.key === 'Escape' && close()}>
      <div className="dialog fork-dialog" role="dialog" aria-label="Fork from here" data-testid="fork-dialog">
        <h3>Fork from {KIND_LABEL[e.kind]} ({where})</h3>
        <p className="muted">A new session with the conversation up to here; nothing before it runs again. Change one thing:</p>
        <div className="fork-edits" role="radiogroup" aria-label="What to change">
          {editsFor(e.kind).map((k) => (
            <label key={k} className={e.edit === k ? 'chosen' : ''}>
              <input type="radio" name="fork-edit" checked={e.edit === k} onChange={() => update({ edit: k })} data-testid={`fork-edit-${k}`} /> {EDIT_LABEL[k]}
            </label>
          ))}
        </div>
        {e.edit === 'instructions' ? (
          <label className="fork-field">
            Server{' '}
            <select value={e.server} onChange={(ev) => update({ server: ev.target.value })} data-testid="fork-server">
              <option value="">Choose…</option>
              {servers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {e.edit === 'model' ? (
          <ForkModelFields e={e} update={update} />
        ) : e.edit !== 'none' ? (
          <textarea
            className="fork-text"
            data-testid="fork-text"
            spellCheck={false}
            rows={e.edit === 'args' ? 8 : 10}
            value={e.text}
            placeholder={e.edit === 'systemPrompt' ? 'The system prompt the model gets from this step on' : e.edit === 'instructions' ? 'The instructions the model gets from this server' : ''}
            onChange={(ev) => update({ text: ev.target.value })}
          />
        ) : null}
        {e.edit === 'result' ? (
          <label className="fork-field">
            <input type="checkbox" checked={e.isError} onChange={(ev) => update({ isError: ev.target.checked })} data-testid="fork-is-error" /> The result is an error
          </label>
        ) : null}
        <fieldset className="fork-options">
          <legend>Files</legend>
          <label>
            <input type="radio" name="fork-ws" checked={e.workspace === 'copy'} onChange={() => update({ workspace: 'copy' })} data-testid="fork-ws-copy" /> A copy of the files as they were at this step{' '}
            <span className="muted">(from the checkpoints; your files are not touched)</span>
          </label>
          <label>
            <input type="radio" name="fork-ws" checked={e.workspace === 'live'} onChange={() => update({ workspace: 'live' })} data-testid="fork-ws-live" /> The live workspace
          </label>
        </fieldset>
        <fieldset className="fork-options">
          <legend>Tool calls after the fork point</legend>
          <label>
            <input type="radio" name="fork-mode" checked={!e.recorded} onChange={() => update({ recorded: false })} data-testid="fork-mode-live" /> Run them
          </label>
          <label>
            <input type="radio" name="fork-mode" checked={e.recorded} onChange={() => update({ recorded: true })} data-testid="fork-mode-recorded" /> Answer from this session where tool and arguments match{' '}
            <span className="muted">(others run, asking as usual)</span>
          </label>
        </fieldset>
        {e.error ? (
          <div className="call-note" role="alert" data-testid="fork-error">
            {e.error}
          </div>
        ) : null}
        <div className="dialog-actions">
          <button ref={ref} className="primary" data-testid="fork-confirm" disabled={e.busy} onClick={() => void submit()}>
            {e.busy ? 'Forking…' : 'Fork and run'}
          </button>
          <button data-testid="fork-cancel" onClick={close}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
