import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { modelSelectors } from '../../store/model/selectors';
import './model-picker.css';

/** At most this many of the server's models are listed at once (a router may offer hundreds); typing filters them. */
const SHOWN = 60;
/** The picker's width in px (model-picker.css says the same). */
const POP_WIDTH = 320;

/**
 * The session header's model: the model this session's next turn uses, named before the first
 * turn too. A click opens a small picker — the endpoint's models (from its `/models`, fetched once
 * per endpoint) and a free-text name — that switches this session only.
 */
export function ModelPicker() {
  const sessionId = useApp(chatSelectors.sessionId);
  const model = useApp(modelSelectors.model);
  const list = useApp(modelSelectors.list);
  const running = useApp(chatSelectors.running);
  const loadList = useApp((s) => s.loadModelList);
  const setModel = useApp((s) => s.setSessionModel);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // Enter on a name the server does not list: say so instead of taking it (a task typed into the
  // picker by mistake once became the session's model).
  const [unlisted, setUnlisted] = useState(false);
  // Fixed to the window, under the header's model: the top bar clips (and would scroll) what overflows it.
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const pop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setText('');
    setUnlisted(false);
    input.current?.focus();
  }, [open]);
  // The list needs the settings (which endpoint): opened before they arrived, it loads when they do.
  const haveSettings = useApp((s) => Boolean(s.settings));
  useEffect(() => {
    if (open && haveSettings) void loadList();
  }, [open, haveSettings, loadList]);
  // Another session shown: its picker starts closed.
  useEffect(() => setOpen(false), [sessionId]);

  if (!sessionId && !model) return null;
  const close = () => {
    // The focus goes back to the header's model only from the picker (or from nowhere): a switch
    // answered after the user went on to the message box leaves them there (Enter there once
    // landed on the model button and opened the picker again).
    const at = document.activeElement;
    const ours = !at || at === document.body || Boolean(pop.current?.contains(at));
    setOpen(false);
    if (ours) button.current?.focus();
  };
  const choose = async (name: string) => {
    if (!name.trim() || busy) return;
    setBusy(true);
    const ok = await setModel(name.trim());
    setBusy(false);
    if (ok) close();
  };
  const filter = text.trim().toLowerCase();
  const models = list && list !== 'loading' && list.ok ? list.models.filter((m) => !filter || m.toLowerCase().includes(filter)) : [];
  return (
    <span className="model-picker">
      <button
        ref={button}
        className="model-name"
        data-testid="model-picker-open"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!sessionId}
        title={model ? `This session's model: ${model}. Click to switch this session to another model${running ? ' (from its next turn)' : ''}.` : 'No model configured: click to name one for this session'}
        onClick={() => {
          const r = button.current?.getBoundingClientRect();
          if (r) setAt({ left: Math.max(8, Math.min(r.left, window.innerWidth - POP_WIDTH - 8)), top: r.bottom + 4 });
          setOpen(!open);
        }}
      >
        <span data-testid="session-model">{model ?? 'no model'}</span>
        <span className="model-caret" aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={pop}
          className="model-pop"
          style={at ? { left: at.left, top: at.top } : undefined}
          data-testid="model-picker"
          role="dialog"
          aria-label="Model of this session"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <form
            className="model-form"
            onSubmit={(e) => {
              // Enter takes a listed model only: the one named exactly, or the only one the text matches.
              e.preventDefault();
              const pick = models.find((m) => m.toLowerCase() === filter) ?? (filter && models.length === 1 ? models[0] : undefined);
              if (pick) void choose(pick);
              else if (filter) setUnlisted(true);
            }}
          >
            <input
              ref={input}
              data-testid="model-picker-input"
              aria-label="Model name (pick a listed one; Use this name for another)"
              placeholder={model ?? 'model name'}
              value={text}
              maxLength={200}
              onChange={(e) => {
                setText(e.target.value);
                setUnlisted(false);
              }}
            />
            <button type="button" data-testid="model-picker-use" disabled={busy || !text.trim()} title="Use the name exactly as typed, listed or not" onClick={() => void choose(text)}>
              Use this name
            </button>
          </form>
          {unlisted ? (
            <div className="small model-unlisted" role="alert" data-testid="model-picker-unlisted">
              “{text.trim()}” is not a model the server lists. <em>Use this name</em> takes it anyway.
            </div>
          ) : null}
          <div className="small muted">This session only{running ? ', from its next turn' : ''}. New sessions use Settings.</div>
          <ul className="model-list" data-testid="model-picker-list" aria-label="The server's models">
            {list === 'loading' || list === undefined ? <li className="muted small">Asking the server for its models…</li> : null}
            {list && list !== 'loading' && !list.ok ? (
              <li className="muted small" data-testid="model-picker-error">
                No list from the server ({list.error}). Type a name above.
              </li>
            ) : null}
            {models.slice(0, SHOWN).map((m) => (
              <li key={m}>
                <button type="button" className={m === model ? 'current' : ''} aria-current={m === model ? 'true' : undefined} data-testid="model-picker-item" disabled={busy} onClick={() => void choose(m)}>
                  {m}
                </button>
              </li>
            ))}
            {models.length > SHOWN ? <li className="muted small">{models.length - SHOWN} more: type to narrow</li> : null}
            {list && list !== 'loading' && list.ok && !models.length ? <li className="muted small">No listed model matches; Use this name takes it as typed.</li> : null}
          </ul>
          <div className="model-actions">
            <button type="button" className="link-button small" data-testid="model-picker-refresh" disabled={list === 'loading'} onClick={() => void loadList(true)}>
              Refresh list
            </button>
            <button type="button" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </span>
  );
}
