import { forwardRef, useEffect, useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { LIVE_LABEL, sessionsSelectors } from '../../store/sessions/selectors';
import { UsageSummaryView } from '../usage/UsageSummaryView';
import { SearchHits } from './SearchHits';
import { searchSelectors } from '../../store/search/selectors';
import { ForkIcon } from '../fork/ForkIcon';
import { plural } from '../../../../src-shared/text/plural';

/** The row's tooltip in words: the title in full, when it began and was last active, how much it holds. */
function sessionTooltip(s: { title: string; createdAt: number; updatedAt: number; eventCount: number; live?: string }): string {
  const when = (ms: number): string => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return [s.title, `Started ${when(s.createdAt)} · last active ${when(s.updatedAt)}`, `${plural(s.eventCount, 'event')}${s.live ? ` · ${LIVE_LABEL[s.live as keyof typeof LIVE_LABEL] ?? s.live}` : ''}`].join('\n');
}

/** Saved sessions: search, resume, rename, delete, export (JSONL), and a new session. */
export const SessionsSidebar = forwardRef<HTMLInputElement>(function SessionsSidebar(_p, searchRef) {
  const sessions = useApp(sessionsSelectors.sessions);
  const current = useApp(chatSelectors.sessionId);
  const query = useApp(sessionsSelectors.query);
  const setQuery = useApp((s) => s.setSessionQuery);
  const search = useApp((s) => s.searchSessions);
  const searchContent = useApp((s) => s.searchContent);
  const newSession = useApp((s) => s.newSession);
  const openSession = useApp((s) => s.openSession);
  const renameSession = useApp((s) => s.renameSession);
  const deleteSession = useApp((s) => s.deleteSession);
  const exportSession = useApp((s) => s.exportSession);
  const needsYou = useApp(sessionsSelectors.needsYou);
  const openCompare = useApp((s) => s.openCompare);
  // Matches inside sessions are listed above: then "no titles match" would contradict them.
  const contentHits = useApp(searchSelectors.hits).length;
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  useEffect(() => {
    // Titles, and the sessions' contents (messages, tool arguments and results, with filters).
    const run = (): void => {
      void search(query);
      void searchContent(query);
    };
    // A cleared box clears its hits at once: a late clear would move the list under the pointer.
    if (!query.trim()) return run();
    const t = setTimeout(run, 150);
    return () => clearTimeout(t);
  }, [query, search, searchContent]);
  return (
    <aside className="sidebar" id="sessions-column" data-testid="sessions-sidebar">
      <button className="primary wide" data-testid="new-session" onClick={() => void newSession().then(() => document.querySelector<HTMLElement>('[data-testid="composer-input"]')?.focus())}>
        New session
      </button>
      {needsYou ? (
        // Another session waits for an answer: one click shows it.
        <button className="needs-you-jump" data-testid="jump-needs-you" onClick={() => void openSession(needsYou)}>
          A session needs you — show it
        </button>
      ) : null}
      <input
        ref={searchRef}
        className="search"
        data-testid="session-search"
        placeholder="Search sessions (Ctrl+K)"
        title='Titles and contents. Filters: tool:bash server:ID status:error dur:>500ms cost:>0.01 after:2026-11-30 before:…; "quoted phrases"'
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <SearchHits />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className={s.id === current ? 'current' : ''} data-testid="session-item">
            {renaming?.id === s.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void renameSession(s.id, renaming.title);
                  setRenaming(null);
                }}
              >
                <input autoFocus data-testid="rename-input" value={renaming.title} onChange={(e) => setRenaming({ id: s.id, title: e.target.value })} onBlur={() => setRenaming(null)} />
              </form>
            ) : (
              <button className="session-open" title={sessionTooltip(s)} onClick={() => void openSession(s.id)}>
                <span className="session-head">
                  <span className="session-title" data-testid="session-row-title">{s.title}</span>
                  {s.live && LIVE_LABEL[s.live] ? (
                    <span className={`session-live live-${s.live}`} data-testid="session-live">
                      {LIVE_LABEL[s.live]}
                    </span>
                  ) : null}
                </span>
                {s.parent ? (
                  <span className="muted small session-fork-of" data-testid="session-fork-of">
                    <ForkIcon /> fork of {sessions.find((p) => p.id === s.parent)?.title ?? s.parent.slice(0, 8)} at step {s.forkedAt}
                  </span>
                ) : null}
                <span className="muted small">{new Date(s.updatedAt).toLocaleString()}</span>
              </button>
            )}
            <span className="session-actions">
              {s.id !== current && current ? (
                <button className="link-button" title="Compare with the open session" aria-label={`Compare “${s.title}” with the open session`} data-testid="compare-session" onClick={() => void openCompare(s.id, current)}>
                  ⇄
                </button>
              ) : null}
              <button className="link-button" title="Rename" aria-label={`Rename “${s.title}”`} onClick={() => setRenaming({ id: s.id, title: s.title })}>✎</button>
              <button className="link-button" title="Export JSONL" aria-label={`Export “${s.title}” as JSONL`} data-testid="export-session" onClick={() => void exportSession(s.id)}>⤓</button>
              <button
                className="link-button"
                title="Delete"
                aria-label={`Delete “${s.title}”`}
                onClick={() => {
                  if (confirm(`Delete session “${s.title}”? Its file is removed.`)) void deleteSession(s.id);
                }}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
        {sessions.length === 0 && !(query && contentHits > 0) ? (
          <li className="muted" data-testid="no-sessions">
            No saved sessions{query ? ' match' : ' yet'}.
          </li>
        ) : null}
      </ul>
      <UsageSummaryView />
    </aside>
  );
});
