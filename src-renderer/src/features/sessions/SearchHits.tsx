import type { SearchHitView } from '../../../../src-shared/contract/insight-views';
import { useApp } from '../../store/app-context';
import { searchSelectors } from '../../store/search/selectors';
import { formatDuration } from '../tool-calls/format';
import { formatCost } from '../usage/format';

function what(h: SearchHitView): string {
  if (h.kind === 'call') return [h.tool, h.server ? `@${h.server}` : '', h.status ?? '', h.durationMs !== undefined ? formatDuration(h.durationMs) : ''].filter(Boolean).join(' ');
  if (h.kind === 'model') return `model turn ${formatCost(h.costUsd)}`;
  if (h.kind === 'thinking') return "the model's thinking";
  return h.kind === 'user' ? 'your message' : 'answer';
}

/** Matches of the sidebar's query inside every saved session; a click opens the session at the call. */
export function SearchHits() {
  const query = useApp(searchSelectors.query);
  const hits = useApp(searchSelectors.hits);
  const error = useApp(searchSelectors.error);
  const open = useApp((s) => s.openSearchHit);
  if (error) return <div className="search-error" data-testid="search-error">{error}</div>;
  if (!query) return null;
  return (
    <div className="search-hits" data-testid="search-hits" data-query={query}>
      <div className="label">
        In session contents <span className="muted">{hits.length === 100 ? '100+' : hits.length}</span>
      </div>
      {hits.length === 0 ? <div className="muted small">Nothing matches inside the sessions.</div> : null}
      <ul>
        {hits.map((h) => (
          <li key={`${h.session}:${h.seq}`}>
            <button className="search-hit" data-testid="search-hit" data-session={h.session} data-call-id={h.callId ?? ''} onClick={() => void open(h)} title={`${h.title} · ${new Date(h.ts).toLocaleString()}`}>
              <span className="hit-what">
                <span className={h.status ? `badge-${h.status}` : ''}>{what(h)}</span>
                <span className="muted"> · {h.title}</span>
              </span>
              <span className="hit-snippet">{h.snippet}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
