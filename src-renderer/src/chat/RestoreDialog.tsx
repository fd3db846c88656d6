import { useEffect, useRef } from 'react';
import { useApp } from '../app/app-context';
import { checkpointsSelectors } from '../store/checkpoints/selectors';
import { DiffBlock } from '../tool-calls/DiffBlock';
import '../tool-calls/tool-calls.css';

const STATUS_TEXT = { modified: 'changed back', restored: 're-created', deleted: 'deleted (new since)' } as const;

/**
 * *Restore to here*: the files the restore would change, each as a diff from now to then, each
 * chosen or not; Restore writes them (and keeps an undo point). The conversation is not rewound.
 */
export function RestoreDialog() {
  const p = useApp(checkpointsSelectors.panel);
  const close = useApp((s) => s.closeRestore);
  const toggle = useApp((s) => s.toggleRestoreFile);
  const confirm = useApp((s) => s.confirmRestore);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [p?.id, p?.files]);
  if (!p) return null;
  return (
    <div className="dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="dialog dialog-approval" role="dialog" aria-label="Restore to a checkpoint" data-testid="restore-dialog">
        <h3>Restore files to “{p.label}”</h3>
        {p.error ? <div className="call-note" data-testid="restore-error">{p.error}</div> : null}
        {p.busy && !p.files ? <div className="muted">Comparing…</div> : null}
        {p.files && p.files.length === 0 ? <div className="muted" data-testid="restore-nothing">The files are already as they were then.</div> : null}
        {p.files?.map((f) => (
          <div key={f.path} className="restore-file" data-testid="restore-file" data-path={f.path}>
            <label className="restore-file-head">
              <input type="checkbox" checked={p.chosen.includes(f.path)} onChange={() => toggle(f.path)} data-testid="restore-file-choose" />
              <code>{f.path}</code> <span className="muted">{STATUS_TEXT[f.status]}</span>
            </label>
            {f.binary ? <div className="muted">Binary or large file: not shown.</div> : <DiffBlock before={f.current ?? ''} after={f.restored ?? ''} testId="restore-diff" />}
          </div>
        ))}
        <div className="muted restore-note">The conversation stays as it is; only files change. You can undo the restore afterwards.</div>
        <div className="dialog-actions">
          <button ref={ref} className="primary" data-testid="restore-confirm" disabled={p.busy || !p.files || p.chosen.length === 0} onClick={() => void confirm()}>
            Restore {p.chosen.length} file{p.chosen.length === 1 ? '' : 's'}
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
