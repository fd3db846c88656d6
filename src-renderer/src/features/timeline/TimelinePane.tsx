import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { timelineSelectors } from '../../store/timeline/selectors';
import { DiffView } from '../edits/DiffView';
import { TimeAxisView } from './TimeAxisView';
import { clampPosition, TIMELINE_CATEGORIES, type TimelineEntry } from '../../store/timeline/model';
import '../workbench.css';

const ROW = 24;

/**
 * Opens any recorded session and scrubs through it: model turns, tool calls, edits, shell
 * output, approvals. Nothing is re-executed; it only reads the session file. From any point,
 * "Show in chat" opens that session and selects the call's card and inspector.
 */
export function TimelinePane() {
  const currentId = useApp(chatSelectors.sessionId);
  const sessions = useApp(timelineSelectors.sessions);
  const loaded = useApp(timelineSelectors.loaded);
  const shown = useApp(timelineSelectors.shownCategories);
  const error = useApp(timelineSelectors.error);
  const { visible, pos: p, current } = useApp(timelineSelectors.view);
  const counts = useApp(timelineSelectors.counts);
  const watch = useApp((s) => s.watchTimeline);
  const load = useApp((s) => s.loadTimeline);
  const refresh = useApp((s) => s.refreshTimelineSessions);
  const setPos = useApp((s) => s.setTimelinePos);
  const toggle = useApp((s) => s.toggleTimelineCategory);
  const showInChat = useApp((s) => s.showTimelineCallInChat);
  const openReplay = useApp((s) => s.openReplay);
  const pair = useApp(timelineSelectors.pair);
  const pairRequest = useApp(timelineSelectors.pairRequest);
  const loadPair = useApp((s) => s.loadTimelinePair);
  const scrubSession = useApp((s) => s.scrubTimelineSession);
  // The session picked in the list (not opened until "Open").
  const [sessionId, setSessionId] = useState<string>('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => watch(), [watch]);
  // The first click on the tab shows something: the session in the window, at its last entry
  // (another one is chosen in the list and opened with Open; two from the compare view).
  const hasRows = useApp((s) => s.chat.items.length > 0);
  useEffect(() => {
    if (currentId && hasRows && !pairRequest && !loaded) void load(currentId);
    // Once per opening of the pane.
  }, []);
  // Two sessions asked for from the compare view: shown once the pane watches.
  useEffect(() => {
    if (pairRequest) void loadPair(pairRequest);
  }, [pairRequest, loadPair]);
  const titleOf = (id: string): string => sessions.find((s) => s.id === id)?.title ?? id.slice(0, 8);

  const virt = useVirtualizer({ count: visible.length, getScrollElement: () => listRef.current, estimateSize: () => ROW, overscan: 12 });
  useEffect(() => {
    if (visible.length) virt.scrollToIndex(p, { align: 'auto' });
  }, [p, visible.length, virt]);

  const jump = async (e: TimelineEntry): Promise<void> => {
    if (!e.callId || !loaded) return;
    if (await showInChat(e.callId)) {
      requestAnimationFrame(() => document.querySelector(`[data-call-id="${CSS.escape(e.callId!)}"]`)?.scrollIntoView({ block: 'center' }));
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
        <select className="tl-session" value={sessionId} onChange={(e) => setSessionId(e.target.value)} data-testid="timeline-session" aria-label="Recorded session">
          <option value="">{currentId ? 'This session' : 'Choose a session'}</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} · {new Date(s.updatedAt).toLocaleString()} · {s.eventCount} events
            </option>
          ))}
        </select>
        <button className="primary" onClick={() => void load(sessionId || currentId)} disabled={!sessionId && !currentId} data-testid="timeline-open">
          Open
        </button>
        <button onClick={() => void refresh()} title="Refresh the list">
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
              onChange={() => toggle(c)}
            />{' '}
            {c}
          </label>
        ))}
      </div>
      {pair ? (
        <div className="wb-row small tl-pair" data-testid="timeline-pair" aria-label="Two sessions on one time axis">
          <span className="muted">Entries of</span>
          {([['A', pair.a.id], ['B', pair.b.id]] as const).map(([side, id]) => (
            <button
              key={side}
              className={`tl-pair-side${loaded === id ? ' active' : ''}`}
              aria-pressed={loaded === id}
              onClick={() => void scrubSession(id)}
              title={id}
              data-testid={`timeline-pair-${side}`}
            >
              <strong>{side}</strong> {titleOf(id)}
            </button>
          ))}
          <span className="wb-spacer" />
          <button onClick={() => void load(loaded ?? pair.b.id)} data-testid="timeline-pair-close" title="Show only the session whose entries are listed">
            One session
          </button>
        </div>
      ) : null}
      {error ? <div className="wb-error" data-testid="timeline-error">{error}</div> : null}
      <TimeAxisView />
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
                        onClick={() => openReplay({ callId: current.callId!, ...(loaded !== currentId ? { sessionId: loaded } : {}) })}
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
