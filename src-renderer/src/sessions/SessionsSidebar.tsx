import { forwardRef, useEffect, useState } from 'react';
import { reportError } from '../app/bootstrap';
import { useApp, useAppStore, useGlassboxApi } from '../app/app-context';
import { downloadFile } from '../app/download';

/** Saved sessions: search, resume, rename, delete, export (JSONL), and a new session. */
export const SessionsSidebar = forwardRef<HTMLInputElement>(function SessionsSidebar(_p, searchRef) {
  const api = useGlassboxApi();
  const store = useAppStore();
  const sessions = useApp((s) => s.sessions);
  const current = useApp((s) => s.sessionId);
  const query = useApp((s) => s.sessionQuery);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      void api.sessions.list(query || undefined).then((l) => store.getState().setSessions(l), () => {});
    }, 150);
    return () => clearTimeout(t);
  }, [query, api, store]);
  const run = (what: string, p: Promise<unknown>): void => void p.catch((err: unknown) => reportError(store, what, err));
  return (
    <aside className="sidebar" data-testid="sessions-sidebar">
      <button className="primary wide" data-testid="new-session" onClick={() => run('New session', api.sessions.new())}>
        New session
      </button>
      <input
        ref={searchRef}
        className="search"
        data-testid="session-search"
        placeholder="Search sessions (Ctrl+K)"
        value={query}
        onChange={(e) => store.getState().setSessionQuery(e.target.value)}
      />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className={s.id === current ? 'current' : ''} data-testid="session-item">
            {renaming?.id === s.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  run('Rename', api.sessions.rename(s.id, renaming.title));
                  setRenaming(null);
                }}
              >
                <input autoFocus data-testid="rename-input" value={renaming.title} onChange={(e) => setRenaming({ id: s.id, title: e.target.value })} onBlur={() => setRenaming(null)} />
              </form>
            ) : (
              <button className="session-open" title={s.id} onClick={() => run('Open session', api.sessions.open(s.id))}>
                <span className="session-title">{s.title}</span>
                <span className="muted small">{new Date(s.updatedAt).toLocaleString()}</span>
              </button>
            )}
            <span className="session-actions">
              <button className="link-button" title="Rename" onClick={() => setRenaming({ id: s.id, title: s.title })}>✎</button>
              <button className="link-button" title="Export JSONL" data-testid="export-session" onClick={() => run('Export', api.sessions.export(s.id).then(downloadFile))}>⤓</button>
              <button
                className="link-button"
                title="Delete"
                onClick={() => {
                  if (confirm(`Delete session “${s.title}”? Its file is removed.`)) run('Delete', api.sessions.delete(s.id));
                }}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
        {sessions.length === 0 ? <li className="muted">No saved sessions{query ? ' match' : ' yet'}.</li> : null}
      </ul>
    </aside>
  );
});
