import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { matchesCallFilter, type CallIndex } from '../../../src-shared/read-models/call-index';
import type { CallFilter } from '../../../src-shared/contract/views';
import { useApp } from '../app/app-context';
import { formatDuration, sourceLabel, STATUS_LABEL } from '../tool-calls/format';

/** The ids of the calls that pass the filter, in order. */
export function filterCallIds(calls: CallIndex, filter: CallFilter): string[] {
  return calls.order.filter((id) => matchesCallFilter(calls.byId.get(id)!, filter));
}

/** The ids of the session's calls that pass the filter, in order (re-worked out when they change). */
function useFilteredCallIds(): string[] {
  const version = useApp((s) => s.callsVersion);
  const calls = useApp((s) => s.calls);
  const filter = useApp((s) => s.filter);
  // The index is mutated in place; `version` says when.
  return useMemo(() => filterCallIds(calls, filter), [calls, filter, version]);
}

/** Filter bar + virtualized list of the session's calls. */
export function CallList() {
  const ids = useFilteredCallIds();
  const calls = useApp((s) => s.calls);
  const version = useApp((s) => s.callsVersion);
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const selected = useApp((s) => s.selectedCallId);
  const select = useApp((s) => s.selectCall);
  const parentRef = useRef<HTMLDivElement>(null);
  const tools = useMemo(() => [...new Set(calls.order.map((id) => calls.byId.get(id)!.tool))].sort(), [calls, version]);
  const sources = useMemo(() => [...new Set(calls.order.map((id) => calls.byId.get(id)!.source))].sort(), [calls, version]);
  const virtualizer = useVirtualizer({ count: ids.length, getScrollElement: () => parentRef.current, estimateSize: () => 28, overscan: 10 });
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
        <span className="muted" data-testid="call-count">{ids.length} calls</span>
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
              >
                <span className="call-tool">{c.tool}</span>
                <span className="muted">{sourceLabel(c.source)}</span>
                <span className={`badge-${c.status}`}>{STATUS_LABEL[c.status]}</span>
                <span className="muted">{formatDuration(c.durationMs)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
