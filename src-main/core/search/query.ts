import { Glob, GlobError } from '../../../src-shared/text/glob';

/**
 * The session search language: words and "quoted phrases" (all must appear in one item, any
 * case), plus filters:
 *   tool:NAME      a tool call of that tool (`*` matches any run of characters: tool:mcp_*)
 *   server:ID      a call to that MCP server
 *   status:S       ok | error | blocked (a call's outcome)
 *   dur:>N         a call that took more (or <, >=, <=, =) than N ms; `s` suffix for seconds
 *   cost:>N        a model turn that cost more (…) than N US dollars
 *   after:DATE     at or after DATE (YYYY-MM-DD in UTC, or any ISO time)
 *   before:DATE    before DATE
 * A word with a colon whose key is not a filter (an URL, `a:b`) is searched as text.
 */
export interface SearchQuery {
  /** Lower-cased words and phrases; each must occur in the item's text. */
  terms: string[];
  tool?: Glob;
  server?: string;
  status?: 'ok' | 'error' | 'blocked';
  dur?: NumberTest;
  cost?: NumberTest;
  after?: number;
  before?: number;
}

/** `value OP limit`, e.g. > 500. */
export interface NumberTest {
  op: '>' | '<' | '>=' | '<=' | '=';
  limit: number;
}

/** A query the user must fix (exit 2); the message says what is wrong. */
export class QueryError extends Error {
  readonly code = 'BAD_QUERY';
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

const FILTERS = new Set(['tool', 'server', 'status', 'dur', 'cost', 'after', 'before']);

/** Splits on spaces, keeping "quoted phrases" (and key:"quoted values") whole. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /(\S*?)"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[3] ?? `${m[1]}${m[2]}`);
  return out.filter((t) => t.length > 0);
}

function numberTest(key: string, raw: string, unit: 'ms' | 'usd'): NumberTest {
  const m = /^(>=|<=|>|<|=)?\s*(\d+(?:\.\d+)?)(ms|s)?$/i.exec(raw);
  if (!m || (unit === 'usd' && m[3])) {
    throw new QueryError(`${key}: wants a comparison and a number, e.g. ${key}:${unit === 'ms' ? '>500ms' : '>0.01'} (got '${raw}')`);
  }
  const n = Number(m[2]);
  return { op: (m[1] as NumberTest['op']) ?? '=', limit: m[3]?.toLowerCase() === 's' ? n * 1000 : n };
}

function dateOf(key: string, raw: string): number {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : Date.parse(raw);
  if (!Number.isFinite(t)) throw new QueryError(`${key}: wants a date like 2026-11-30 or an ISO time (got '${raw}')`);
  return t;
}

/** Parses a query; throws QueryError for an empty one or a filter with a bad value. */
export function parseSearchQuery(text: string): SearchQuery {
  const q: SearchQuery = { terms: [] };
  for (const tok of tokens(text)) {
    const colon = tok.indexOf(':');
    const key = colon > 0 ? tok.slice(0, colon).toLowerCase() : '';
    if (!FILTERS.has(key)) {
      q.terms.push(tok.toLowerCase());
      continue;
    }
    const value = tok.slice(colon + 1);
    if (!value) throw new QueryError(`${key}: needs a value`);
    switch (key) {
      case 'tool':
        try {
          q.tool = new Glob(value, { ignoreCase: true });
        } catch (err) {
          if (err instanceof GlobError) throw new QueryError(`tool: ${err.message}`);
          throw err;
        }
        break;
      case 'server':
        q.server = value;
        break;
      case 'status': {
        const v = value.toLowerCase();
        if (v !== 'ok' && v !== 'error' && v !== 'blocked') throw new QueryError(`status: is ok, error or blocked (got '${value}')`);
        q.status = v;
        break;
      }
      case 'dur':
        q.dur = numberTest(key, value, 'ms');
        break;
      case 'cost':
        q.cost = numberTest(key, value, 'usd');
        break;
      case 'after':
        q.after = dateOf(key, value);
        break;
      case 'before':
        q.before = dateOf(key, value);
        break;
    }
  }
  if (!q.terms.length && Object.keys(q).length === 1) throw new QueryError('empty query: give words to find or a filter such as tool:bash');
  return q;
}

/** True when `value` passes the test. */
export function passes(value: number | undefined, t: NumberTest): boolean {
  if (value === undefined) return false;
  switch (t.op) {
    case '>':
      return value > t.limit;
    case '<':
      return value < t.limit;
    case '>=':
      return value >= t.limit;
    case '<=':
      return value <= t.limit;
    default:
      return value === t.limit;
  }
}
