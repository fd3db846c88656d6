import { useCallback, useRef, useState, type CSSProperties } from 'react';
import { usePopoverDismiss } from '../../app/use-popover-dismiss';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { sessionsSelectors } from '../../store/sessions/selectors';

/**
 * The top bar's *Export*: the current session as one self-contained HTML file, with or without
 * tool outputs. `icon`: the button is ⤓ (named *Export* for screen readers and in its tooltip).
 */
export function ExportMenu({ icon = false }: { icon?: boolean } = {}) {
  const sessionId = useApp(chatSelectors.sessionId);
  const hasRows = useApp((s) => s.chat.items.length > 0);
  const note = useApp(sessionsSelectors.exportNote);
  const exportHtml = useApp((s) => s.exportSessionHtml);
  const [open, setOpen] = useState(false);
  const [lean, setLean] = useState(false);
  const [busy, setBusy] = useState(false);
  // Fixed to the window under the button: the top bar clips what overflows it (Export on its second row).
  const [at, setAt] = useState<CSSProperties | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  // Esc or a press elsewhere closes it, as every popup of the window; Esc gives the focus back to Export.
  const close = useCallback(() => setOpen(false), []);
  usePopoverDismiss(open, close, button, pop);
  if (!sessionId) return null;
  return (
    <span className="export-menu">
      <button className={`link-button${icon ? ' icon-button' : ''}`} data-testid="export-open" disabled={!hasRows} aria-label="Export" aria-haspopup="dialog" aria-expanded={open} title={hasRows ? 'Export: save this session as one HTML file anyone can open' : 'Export: nothing recorded yet'} ref={button} onClick={() => {
        const r = button.current?.getBoundingClientRect();
        if (r) setAt({ position: 'fixed', right: 'auto', left: Math.max(8, Math.min(r.right - 260, window.innerWidth - 268)), top: r.bottom + 4 });
        setOpen(!open);
      }}>
        {icon ? <span aria-hidden="true">⤓</span> : 'Export'}
      </button>
      {open ? (
        <div className="export-pop" ref={pop} style={at} data-testid="export-menu" role="dialog" aria-label="Export this session">
          <div className="small muted">One HTML file: chat, calls, usage and timeline. Works offline; secrets are redacted.</div>
          <label className="small">
            <input type="checkbox" data-testid="export-without-outputs" checked={lean} onChange={(e) => setLean(e.target.checked)} /> without tool outputs
          </label>
          <div className="export-actions">
            <button
              className="primary"
              // A dialog takes the focus (Esc gives it back to Export).
              autoFocus
              data-testid="export-html"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void exportHtml(sessionId, lean).finally(() => {
                  setBusy(false);
                  setOpen(false);
                });
              }}
            >
              Save HTML…
            </button>
            <button onClick={() => setOpen(false)}>Cancel</button>
          </div>
        </div>
      ) : note ? (
        <span className="muted small export-note" data-testid="export-note">{note}</span>
      ) : null}
    </span>
  );
}
