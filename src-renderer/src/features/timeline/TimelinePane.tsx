import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionSummary } from '../../../../src-shared/contract/views';
import { useApp, useAppStore, useGlassboxApi } from '../../app/app-context';
import { DiffView } from '../edits/DiffView';
import { replayTarget } from '../replay/replay-target';
import { buildTimeline, clampPosition, countsUpTo, filterTimeline, TIMELINE_CATEGORIES, type TimelineCategory, type TimelineEntry } from './timeline-model';
import '../workbench.css';

const ROW = 24;

/**
 * Opens any recorded session and scrubs through it: model turns, tool calls, edits, shell
 * output, approvals. Nothing is re-executed; it only reads the session file. From any point,
 * "Show in chat" opens that session and selects the call's card and inspector.
 */
export function TimelinePane() {
  const api = useGlassboxApi();
  const store = useAppStore();
  const currentId = useApp((s) => s.sessionId);
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [sessionId, setSessionId] = useState<string>('');
  const [entries, setEntries] = useState<TimelineEntry[]>([]);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [shown, setShown] = useState<Set<TimelineCategory>>(() => new Set(TIMELINE_CATEGORIES));
  const [pos, setPos] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api.sessions.list().then(setSessions, (err: unknown) => setError((err as Error).message));
  }, [api]);

  const load = useCallback(
    (id: string) => {
      setError(null);
      api.timeline.load(id).then(
        (s) => {
          const t = buildTimeline(s.events);
          setEntries(t);
          setLoaded(s.id);
          setPos(Math.max(0, t.length - 1));
        },
        (err: unknown) => setError((err as Error).message),
      );
    },
    [api],
  );

  const visible = useMemo(() => filterTimeline(entries, shown), [entries, shown]);
  const p = clampPosition(pos, visible.length);
  const current = visible[p];
  const counts = useMemo(() => (current ? countsUpTo(entries, current.index) : null), [entries, current]);

  const virt = useVirtualizer({ count: visible.length, getScrollElement: () => listRef.current, estimateSize: () => ROW, overscan: 12 });
  useEffect(() => {
    if (visible.length) virt.scrollToIndex(p, { align: 'auto' });
  }, [p, visible.length, virt]);

  const jump = async (e: TimelineEntry): Promise<void> => {
    if (!e.callId || !loaded) return;
    try {
      if (loaded !== store.getState().sessionId) await api.sessions.open(loaded);
      // The snapshot of the opened session arrives as an event; wait until the call is known.
      for (let i = 0; i < 50 && !store.getState().calls.byId.get(e.callId); i++) await new Promise((r) => setTimeout(r, 100));
      store.getState().selectCall(e.callId);
      store.getState().setRightTab('inspector');
      requestAnimationFrame(() => document.querySelector(`[data-call-id="${CSS.escape(e.callId!)}"]`)?.scrollIntoView({ block: 'center' }));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const onKey = (ev: React.KeyboardEvent): void => {
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowRight') setPos(clampPosition(p + 1, visible.length));
    else if (ev.key === 'ArrowUp' || ev.key === 'ArrowLeft') setPos(clampPosition(p - 1, visible.length));
    else if (ev.key === 'Home') setPos(0);
    else if (ev.key === 'End') setPos(visible.length - 1);
    else return;
    ev.preventDefault();
  };

  return (
    <div className="wb-pane fill" data-testid="timeline-pane" onKeyDown={onKey} tabIndex={-1}>
      <div className="wb-toolbar">
        <select value={sessionId} onChange={(e) => setSessionId(e.target.value)} data-testid="timeline-session" aria-label="Recorded session">
          <option value="">{currentId ? 'This session' : 'Choose a session'}</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} · {new Date(s.updatedAt).toLocaleString()} · {s.eventCount} events
            </option>
          ))}
        </select>
        <button className="primary" onClick={() => load(sessionId || currentId)} disabled={!sessionId && !currentId} data-testid="timeline-open">
          Open
        </button>
        <button onClick={() => void api.sessions.list().then(setSessions)} title="Refresh the list">
          ↻
        </button>
      </div>
      <div className="wb-row small">
        {TIMELINE_CATEGORIES.map((c) => (
          <label key={c}>
            <input
              type="checkbox"
              checked={shown.has(c)}
              data-testid={`timeline-filter-${c}`}
              onChange={() => {
                const next = new Set(shown);
                if (next.has(c)) next.delete(c);
                else next.add(c);
                setShown(next);
              }}
            />{' '}
            {c}
          </label>
        ))}
      </div>
      {error ? <div className="wb-error" data-testid="timeline-error">{error}</div> : null}
      {loaded ? (
        <>
          <div className="wb-row">
            <button onClick={() => setPos(clampPosition(p - 1, visible.length))} disabled={p <= 0} data-testid="timeline-prev">
              ◀
            </button>
            <input
              className="wb-scrub"
              type="range"
              min={0}
              max={Math.max(0, visible.length - 1)}
              value={p}
              onChange={(e) => setPos(Number(e.target.value))}
              data-testid="timeline-scrub"
              aria-label="Scrub through the session"
              style={{ flex: 1 }}
            />
            <button onClick={() => setPos(clampPosition(p + 1, visible.length))} disabled={p >= visible.length - 1} data-testid="timeline-next">
              ▶
            </button>
            <span className="small muted" data-testid="timeline-position">
              {visible.length ? `${p + 1} / ${visible.length}` : '0 / 0'}
            </span>
          </div>
          <div className="wb-timeline-list" ref={listRef} data-testid="timeline-list">
            <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
              {virt.getVirtualItems().map((v) => {
                const e = visible[v.index]!;
                return (
                  <div
                    key={e.index}
                    className={`wb-tl-entry ${v.index === p ? 'current' : v.index > p ? 'future' : ''}`}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${v.start}px)` }}
                    onClick={() => setPos(v.index)}
                    data-testid="timeline-entry"
                    data-category={e.category}
                  >
                    <span className="wb-cat">{e.category}</span>
                    <span>{e.title}</span>
                  </div>
                );
              })}
            </div>
          </div>
          {current ? (
            <div className="wb-card" data-testid="timeline-current" data-category={current.category} data-seq={current.seq}>
              <div className="wb-row">
                <strong data-testid="timeline-current-title">{current.title}</strong>
                <span className="muted small">
                  #{current.seq} · {new Date(current.ts).toLocaleTimeString()}
                </span>
                <span className="wb-spacer" />
                {current.callId ? (
                  <>
                    <button className="link-button" onClick={() => void jump(current)} data-testid="timeline-jump">
                      Show in chat
                    </button>
                    {current.tool ? (
                      <button
                        className="link-button"
                        data-testid="timeline-replay"
                        onClick={() => {
                          replayTarget.getState().set({ callId: current.callId!, ...(loaded !== currentId ? { sessionId: loaded } : {}) });
                          store.getState().setRightTab('replay');
                        }}
                      >
                        Replay…
                      </button>
                    ) : null}
                  </>
                ) : null}
              </div>
              {counts ? (
                <div className="small muted" data-testid="timeline-counts">
                  So far: {counts.model} model turns · {counts.tool + counts.terminal + counts.edit} tool calls ({counts.edit} edits, {counts.terminal} shell) · {counts.approval} approvals
                </div>
              ) : null}
              {current.edit ? (
                <DiffView original={current.edit.before} modified={current.edit.after} path={current.edit.path} testId="timeline-diff" />
              ) : current.detail ? (
                <pre className="wb-pre" data-testid="timeline-detail">{current.detail}</pre>
              ) : null}
            </div>
          ) : (
            <p className="muted">Nothing to show with these filters.</p>
          )}
        </>
      ) : (
        <p className="muted pad">Open a recorded session to scrub through what happened. Nothing is run again.</p>
      )}
    </div>
  );
}
