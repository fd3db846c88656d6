import type { McpTrafficView } from '../../../../src-shared/contract/mcp-inspector-views';
import type { McpTrafficFilter } from './inspector-state';

/** What an entry is, as the Traffic tab names it. */
export type TrafficKind = 'request' | 'response' | 'error' | 'notification' | 'http' | 'note';

/** Classifies one entry. Pure. */
export function trafficKind(e: McpTrafficView): TrafficKind {
  if (e.kind === 'http') return 'http';
  if (e.kind === 'note') return 'note';
  const m = e.message as { method?: unknown; id?: unknown; error?: unknown } | null;
  if (m && typeof m.method === 'string') return m.id === undefined ? 'notification' : 'request';
  return m && m.error !== undefined ? 'error' : 'response';
}

/** The method an entry is about: its own, or for a response the request's (by id). */
export function trafficMethod(e: McpTrafficView, requestMethods: Map<string, string>): string {
  if (e.kind === 'http') return `HTTP ${e.method}`;
  if (e.kind === 'note') return '';
  if (e.method) return e.method;
  return e.id !== undefined ? (requestMethods.get(`${e.direction === 'in' ? 'out' : 'in'}:${String(e.id)}`) ?? '') : '';
}

/** The methods of requests by `direction:id`, so responses can be named after them. Pure. */
export function requestMethodIndex(entries: McpTrafficView[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entries) if (e.kind === 'message' && e.method && e.id !== undefined) out.set(`${e.direction}:${String(e.id)}`, e.method);
  return out;
}

function matchesKind(kind: TrafficKind, e: McpTrafficView, want: McpTrafficFilter['kind']): boolean {
  switch (want) {
    case 'all':
      return true;
    case 'requests':
      return kind === 'request' || kind === 'response' || kind === 'error';
    case 'notifications':
      return kind === 'notification';
    case 'errors':
      return kind === 'error' || (e.kind === 'http' && (e.error !== undefined || (e.status ?? 0) >= 400));
    case 'http':
      return kind === 'http';
  }
}

const textCache = new WeakMap<McpTrafficView, string>();
function searchText(e: McpTrafficView): string {
  let t = textCache.get(e);
  if (t === undefined) {
    t = JSON.stringify(e).toLowerCase();
    textCache.set(e, t);
  }
  return t;
}

/** The entries a filter keeps, in arrival order. Pure. */
export function filterTraffic(entries: McpTrafficView[], f: McpTrafficFilter): McpTrafficView[] {
  const methods = requestMethodIndex(entries);
  const text = f.text.trim().toLowerCase();
  return entries.filter((e) => {
    if (f.callId && e.callId !== f.callId) return false;
    if (!matchesKind(trafficKind(e), e, f.kind)) return false;
    if (f.method && trafficMethod(e, methods) !== f.method) return false;
    return !text || searchText(e).includes(text);
  });
}

/** Every method seen, sorted (for the method filter). Pure. */
export function trafficMethods(entries: McpTrafficView[]): string[] {
  const methods = requestMethodIndex(entries);
  return [...new Set(entries.map((e) => trafficMethod(e, methods)).filter(Boolean))].sort();
}
