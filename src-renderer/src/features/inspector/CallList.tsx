import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useApp } from '../../store/app-context';
import { callsSelectors } from '../../store/calls/selectors';
import { formatDuration, sourceLabel, STATUS_LABEL } from '../tool-calls/format';
import { chatSelectors } from '../../store/chat/selectors';
import { callCountText } from './call-count';

/** Filter bar + virtualized list of the session's calls. */
export function CallList() {
  const ids = useApp(callsSelectors.filteredCallIds);
  const calls = useApp(callsSelectors.calls);
  // The index is mutated in place; a new version re-renders the rows (a status changed).
  useApp(callsSelectors.version);
  const filter = useApp(callsSelectors.filter);
  const setFilter = useApp((s) => s.setFilter);
  const selected = useApp(callsSelectors.selectedCallId);
  const select = useApp((s) => s.selectCall);
  const tools = useApp(callsSelectors.tools);
  const sources = useApp(callsSelectors.sources);
  const earlierCalls = useApp(chatSelectors.earlierCalls);
  const earlierEstimated = useApp(chatSelectors.earlierEstimated);
  const filtered = !!(filter.tool || filter.source || filter.status || filter.text);
  const parentRef = useRef<HTMLDivElement>(null);
  // Few rows beyond the view: each row is a few paint chunks (its transform, its two ellipsised
  // cells' clips) that Chromium's compositor update walks on every frame of the page, also while
  // only the conversation scrolls. The list scrolls on the main thread, so rows are rendered
  // before each of its frames is painted and a small overscan shows no gap.
  const virtualizer = useVirtualizer({ count: ids.length, getScrollElement: () => parentRef.current, estimateSize: () => 28, overscan: 2 });
  useEffect(() => {
    const i = selected ? ids.indexOf(selected) : -1;
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' });
  }, [selected, ids, virtualizer]);
  return (
    <div className="call-list">
      <div className="filters">
        <select aria-label="Filter by tool" data-testid="filter-tool" value={filter.tool ?? ''} onChange={(e) => setFilter({ ...filter, tool: e.target.value || undefined })}>
          <option value="">all tools</option>
          {tools.map((t) => (
            <option key={t} value={t}>{t}</option>
          ))}
        </select>
        <select aria-label="Filter by source" data-testid="filter-source" value={filter.source ?? ''} onChange={(e) => setFilter({ ...filter, source: e.target.value || undefined })}>
          <option value="">all sources</option>
          {sources.map((t) => (
            <option key={t} value={t}>{sourceLabel(t)}</option>
          ))}
        </select>
        <select aria-label="Filter by status" data-testid="filter-status" value={filter.status ?? ''} onChange={(e) => setFilter({ ...filter, status: (e.target.value || undefined) as typeof filter.status })}>
          <option value="">any status</option>
          {Object.entries(STATUS_LABEL).map(([k, v]) => (
            <option key={k} value={k}>{v}</option>
          ))}
        </select>
        <span className="muted" data-testid="call-count" data-loading={earlierCalls > 0}>
          {callCountText(ids.length, earlierCalls, earlierEstimated, filtered)}
        </span>
      </div>
      <div className="call-list-scroll" ref={parentRef} data-testid="call-list">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const c = calls.byId.get(ids[v.index]!)!;
            return (
              <div
                key={c.callId}
                className={`call-row status-${c.status}${c.callId === selected ? ' selected' : ''}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: v.size, transform: `translateY(${v.start}px)` }}
                onClick={() => select(c.callId)}
                data-testid="call-row"
                title={`${c.tool} — ${sourceLabel(c.source)} — ${STATUS_LABEL[c.status]}`}
              >
                <span className="call-tool" data-testid="call-row-tool">{c.tool}</span>
                <span className="muted call-row-source">{sourceLabel(c.source)}</span>
                <span className={`badge-${c.status}`}>{STATUS_LABEL[c.status]}</span>
                <span className="muted call-row-duration">{formatDuration(c.durationMs)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
