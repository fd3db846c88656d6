import { useEffect, useRef } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { checkpointsSelectors } from '../../store/checkpoints/selectors';
import { DiffBlock } from '../tool-calls/DiffBlock';
import '../tool-calls/tool-calls.css';

const STATUS_TEXT = { modified: 'changed back', restored: 're-created', deleted: 'deleted (new since)' } as const;

/**
 * *Restore to here*: the files the restore would change, each as a diff from now to then, each
 * chosen or not, and/or the conversation (back to right after the turn); Restore does it and keeps
 * an undo point.
 */
export function RestoreDialog() {
  const p = useApp(checkpointsSelectors.panel);
  const close = useApp((s) => s.closeRestore);
  const toggle = useApp((s) => s.toggleRestoreFile);
  const confirm = useApp((s) => s.confirmRestore);
  const setParts = useApp((s) => s.setRestoreParts);
  const running = useApp(chatSelectors.running);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [p?.id, p?.files]);
  if (!p) return null;
  const files = p.withFiles && p.chosen.length > 0;
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="dialog dialog-approval" role="dialog" aria-label="Restore to a checkpoint" data-testid="restore-dialog">
        <h3>Restore to “{p.label}”</h3>
        <div className="restore-parts" data-testid="restore-parts">
          <label>
            <input type="checkbox" checked={p.withFiles} onChange={(e) => setParts({ files: e.target.checked })} data-testid="restore-files-choose" /> Files
            <span className="muted"> — put the chosen files back as they were when the turn ended</span>
          </label>
          <label title={p.canConversation ? undefined : 'Only a checkpoint at the end of a turn can take the conversation back'}>
            <input type="checkbox" checked={p.withConversation} disabled={!p.canConversation || running} onChange={(e) => setParts({ conversation: e.target.checked })} data-testid="restore-conversation-choose" /> Conversation
            <span className="muted"> — {running ? 'not while a run is going' : 'the agent forgets the later turns (they stay in the chat, dimmed)'}</span>
          </label>
        </div>
        {p.error ? <div className="call-note" data-testid="restore-error">{p.error}</div> : null}
        {p.busy && !p.files ? <div className="muted">Comparing…</div> : null}
        {p.files && p.files.length === 0 ? <div className="muted" data-testid="restore-nothing">The files are already as they were then.</div> : null}
        {p.withFiles && p.files?.map((f) => (
          <div key={f.path} className="restore-file" data-testid="restore-file" data-path={f.path}>
            <label className="restore-file-head">
              <input type="checkbox" checked={p.chosen.includes(f.path)} onChange={() => toggle(f.path)} data-testid="restore-file-choose" />
              <code>{f.path}</code> <span className="muted">{STATUS_TEXT[f.status]}</span>
            </label>
            {f.binary ? <div className="muted">Binary or large file: not shown.</div> : <DiffBlock before={f.current ?? ''} after={f.restored ?? ''} testId="restore-diff" />}
          </div>
        ))}
        <div className="muted restore-note">Nothing is deleted from the session; you can undo the restore afterwards.</div>
        <div className="dialog-actions">
          <button ref={ref} className="primary" data-testid="restore-confirm" disabled={p.busy || !p.files || (!files && !p.withConversation)} onClick={() => void confirm()}>
            Restore {[files ? `${p.chosen.length} file${p.chosen.length === 1 ? '' : 's'}` : '', p.withConversation ? 'the conversation' : ''].filter(Boolean).join(' and ') || 'nothing'}
          </button>
          <button data-testid="restore-cancel" onClick={close}>Cancel</button>
        </div>
      </div>
    </div>
  );
}

/** After a restore: what it did, with *Undo restore*. */
export function RestoreNotice() {
  const last = useApp(checkpointsSelectors.lastRestore);
  const msg = useApp(checkpointsSelectors.message);
  const undo = useApp((s) => s.undoRestore);
  if (!msg) return null;
  return (
    <div className={`restore-notice ${msg.ok ? 'ok' : 'error'}`} data-testid="restore-notice">
      <span>{msg.text}</span>
      {last ? (
        <button className="link-button" data-testid="undo-restore" onClick={() => void undo()}>
          Undo restore
        </button>
      ) : null}
    </div>
  );
}
