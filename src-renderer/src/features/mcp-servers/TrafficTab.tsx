import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import type { McpTrafficFilter } from '../../store/mcp/inspector-state';
import { requestMethodIndex, trafficKind, trafficMethod } from '../../store/mcp/traffic-filter';
import { prettyJson } from '../tool-calls/format';
import { plural } from '../../../../src-shared/text/plural';

const ROW = 24;
const HEIGHT = 320;

function time(ts: number): string {
  const d = new Date(ts);
  return `${d.toLocaleTimeString([], { hour12: false })}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** The one-line summary of an entry after its method. */
function summary(e: McpTrafficView): string {
  if (e.kind === 'http') return `${e.status ?? e.error ?? '…'} ${e.url}`;
  if (e.kind === 'note') return e.text;
  const m = e.message as { id?: unknown; params?: unknown; result?: unknown; error?: { message?: string } };
  const body = m.error ? `error: ${m.error.message ?? ''}` : m.result !== undefined ? JSON.stringify(m.result) : m.params !== undefined ? JSON.stringify(m.params) : '';
  return `${m.id !== undefined ? `#${String(m.id)} ` : ''}${body}`.slice(0, 300);
}

function Headers({ title, h }: { title: string; h: Record<string, string> }) {
  const entries = Object.entries(h);
  if (!entries.length) return null;
  return (
    <>
      <div className="label">{title}</div>
      <div className="mi-headers">
        {entries.map(([k, v]) => (
          <span key={k} style={{ display: 'contents' }}>
            <span>{k}</span>
            <span>{v}</span>
          </span>
        ))}
      </div>
    </>
  );
}

/** One entry in full: the JSON-RPC message, or the HTTP exchange with its status and headers. */
function EntryDetail({ e }: { e: McpTrafficView }) {
  return (
    <div className="mi-tab" data-testid="mcp-traffic-detail">
      <div className="small muted">
        #{e.seq} · {new Date(e.ts).toISOString()} · {e.protocolVersion ? `protocol ${e.protocolVersion}` : 'protocol not settled yet'}
        {e.callId ? ` · call ${e.callId}` : ''}
      </div>
      {e.kind === 'message' ? (
        <pre className="wb-pre small" data-testid="mcp-traffic-json">{prettyJson(e.message)}</pre>
      ) : e.kind === 'http' ? (
        <>
          <div className="small">
            <strong>{e.method}</strong> <code>{e.url}</code> → <strong data-testid="mcp-traffic-status">{e.status ?? 'no answer'}</strong>
          </div>
          {e.error ? <div className="wb-error small">{e.error}</div> : null}
          <Headers title="Request headers" h={e.requestHeaders} />
          <Headers title="Response headers" h={e.responseHeaders} />
        </>
      ) : (
        <pre className="wb-pre small">{e.text}</pre>
      )}
    </div>
  );
}

/**
 * Every JSON-RPC message to and from a server and every HTTP exchange under them, in arrival
 * order, live while the tab is open: filter by kind and method, search the text, one call's
 * exchange (from a call card's link). Only the visible rows are drawn.
 */
export function TrafficTab({ server }: { server: string }) {
  const all = useApp(useMemo(() => mcpInspectorSelectors.traffic(server), [server]));
  const list = useApp(useMemo(() => mcpInspectorSelectors.filteredTraffic(server), [server]));
  const methods = useApp(useMemo(() => mcpInspectorSelectors.trafficMethods(server), [server]));
  const byId = useMemo(() => requestMethodIndex(all), [all]);
  const filter = useApp(useMemo(() => mcpInspectorSelectors.trafficFilter(server), [server]));
  const selected = useApp(useMemo(() => mcpInspectorSelectors.trafficSelected(server), [server]));
  const watch = useApp((s) => s.watchMcpTraffic);
  const setFilter = useApp((s) => s.setMcpTrafficFilter);
  const select = useApp((s) => s.selectMcpTraffic);
  useEffect(() => watch(server), [watch, server]);
  // Scroll position and "stick to the newest" are this list's own.
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [stick, setStick] = useState(true);
  useLayoutEffect(() => {
    if (stick && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [list.length, stick]);
  const first = Math.max(0, Math.floor(top / ROW) - 5);
  const last = Math.min(list.length, Math.ceil((top + HEIGHT) / ROW) + 5);
  const chosen = selected === undefined ? undefined : all.find((e) => e.seq === selected);
  const set = (p: Partial<McpTrafficFilter>): void => setFilter(server, p);
  return (
    <div className="mi-tab" data-testid="mcp-traffic-tab">
      <div className="mi-traffic-bar">
        <select aria-label="Kind" value={filter.kind} onChange={(e) => set({ kind: e.target.value as McpTrafficFilter['kind'] })} data-testid="mcp-traffic-kind">
          <option value="all">Everything</option>
          <option value="requests">Requests and answers</option>
          <option value="notifications">Notifications</option>
          <option value="errors">Errors</option>
          <option value="http">HTTP</option>
        </select>
        <select aria-label="Method" value={filter.method} onChange={(e) => set({ method: e.target.value })} data-testid="mcp-traffic-method">
          <option value="">Every method</option>
          {methods.map((m) => (
            <option key={m} value={m}>{m}</option>
          ))}
        </select>
        <input type="search" aria-label="Search the traffic" placeholder="Search…" value={filter.text} onChange={(e) => set({ text: e.target.value })} data-testid="mcp-traffic-search" />
        {filter.callId ? (
          <span className="composer-chip" data-testid="mcp-traffic-call">
            <span>call {filter.callId}</span>
            <button aria-label="Show every call" onClick={() => set({ callId: undefined })}>×</button>
          </span>
        ) : null}
        <span className="small muted" data-testid="mcp-traffic-count">
          {list.length === all.length ? plural(all.length, 'entry', 'entries') : `${list.length} of ${plural(all.length, 'entry', 'entries')}`}
        </span>
      </div>
      <div
        ref={box}
        className="mi-traffic"
        data-testid="mcp-traffic"
        style={{ height: HEIGHT }}
        onScroll={(e) => {
          const el = e.currentTarget;
          setTop(el.scrollTop);
          setStick(el.scrollTop + el.clientHeight >= el.scrollHeight - ROW);
        }}
      >
        {list.length === 0 ? <div className="small muted" style={{ padding: 8 }}>{all.length ? 'Nothing matches.' : 'No traffic yet.'}</div> : null}
        <div style={{ height: list.length * ROW, position: 'relative' }}>
          {list.slice(first, last).map((e, i) => {
            const kind = trafficKind(e);
            const dir = e.kind === 'message' ? e.direction : e.kind === 'http' ? 'out' : '';
            const failed = kind === 'error' || (e.kind === 'http' && (e.error !== undefined || (e.status ?? 0) >= 400));
            return (
              <div
                key={e.seq}
                className={`mi-trow${selected === e.seq ? ' active' : ''}`}
                style={{ top: (first + i) * ROW }}
                data-testid="mcp-traffic-row"
                data-kind={kind}
                data-channel={e.kind === 'message' && e.channel ? e.channel : undefined}
                data-seq={e.seq}
                onClick={() => select(server, selected === e.seq ? undefined : e.seq)}
              >
                <span className={`dir ${dir}`} title={e.kind === 'message' && e.channel === 'view' ? (dir === 'out' ? 'sent to its app view' : 'from its app view') : dir === 'out' ? 'sent to the server' : dir === 'in' ? 'from the server' : ''}>{dir === 'out' ? '→' : dir === 'in' ? '←' : '·'}</span>
                {e.kind === 'message' && e.channel === 'view' ? <span className="call-source" data-testid="mcp-traffic-view">view</span> : null}
                <span className="time">{time(e.ts)}</span>
                <span className={`kind${failed ? ' error' : ''}`}>{e.kind === 'http' ? `HTTP ${e.status ?? '—'}` : kind}</span>
                <span className={`method${e.kind === 'message' && !e.method ? ' answer' : ''}`} data-testid="mcp-traffic-row-method">
                  {e.kind === 'note' ? 'note' : trafficMethod(e, byId)}
                </span>
                <span className="rest">{summary(e)}</span>
                {e.protocolVersion ? <span className="muted">{e.protocolVersion}</span> : null}
              </div>
            );
          })}
        </div>
      </div>
      {chosen ? <EntryDetail e={chosen} /> : <span className="small muted">Click a row to see it in full.</span>}
    </div>
  );
}
