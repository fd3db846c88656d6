import type { DeferredToolInfo } from '../../../src-shared/events/context-meter';
import { errorResult, okResult, type ToolResult } from '../../../src-shared/events/tool-result';
import type { FunctionToolParam, JsonSchema, Tool, ToolAnnotations } from './tool';

/** The built-in that loads deferred tools. */
export const TOOL_SEARCH_NAME = 'tool_search';

const INTRO =
  'Load deferred tools: they are named below; their input schemas are not sent, to keep requests small. ' +
  '`query`: exact names (`select:a,b`) or keywords. Up to `max_results` (default 5) matching tools are loaded: ' +
  'you get their descriptions and schemas and can call them from your next step.';

const INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    max_results: { type: 'integer', minimum: 1, maximum: 25 },
  },
  required: ['query'],
};

/** How a group of deferred tools is headed: `built-in`, `MCP server browser`, `extension x`. */
function sourceLabel(source: string): string {
  if (source.startsWith('mcp:')) return `MCP server ${source.slice(4)}`;
  if (source.startsWith('extension:')) return `extension ${source.slice(10)}`;
  return 'built-in';
}

/**
 * `tool_search` as the model sees it: the intro and every deferred tool's name, grouped by where
 * it comes from (names only, as Claude Code lists its deferred tools: a line each would cost a
 * request more than the names; a keyword search finds tools by their descriptions).
 */
export function toolSearchParam(deferred: readonly DeferredToolInfo[]): FunctionToolParam {
  const groups = new Map<string, string[]>();
  for (const d of deferred) {
    const label = sourceLabel(d.source);
    groups.set(label, [...(groups.get(label) ?? []), d.name]);
  }
  const list = [...groups].map(([label, names]) => `- ${label}: ${names.join(', ')}`).join('\n');
  return { type: 'function', function: { name: TOOL_SEARCH_NAME, description: `${INTRO}\n\nDeferred tools:\n${list}`, parameters: INPUT_SCHEMA } };
}

/** What `tool_search` needs of the session: the deferred tools now, and loading them. */
export interface DeferredToolIndex {
  deferredTools(): Tool[];
  load(names: readonly string[]): Tool[];
}

/** Terms of a keyword query (lowercase words of two or more characters). */
function terms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
}

/**
 * The tools a query asks for, best first: exact names (a `select:` list, or every comma-separated
 * word being a deferred tool's name) else a keyword score — a term in the name counts 3, in the
 * description 1.
 */
export function matchTools(query: string, tools: readonly Tool[], max: number): Tool[] {
  const byName = new Map(tools.map((t) => [t.name.toLowerCase(), t]));
  const q = query.trim();
  const selectList = /^select:/i.test(q) ? q.slice(7) : q;
  const names = selectList.split(/[\s,]+/).filter(Boolean).map((n) => n.toLowerCase());
  if (/^select:/i.test(q) || (names.length && names.every((n) => byName.has(n)))) {
    return names.map((n) => byName.get(n)).filter((t): t is Tool => !!t).slice(0, max);
  }
  const ts = terms(q);
  return tools
    .map((t, i) => {
      const name = t.name.toLowerCase();
      const desc = t.description.toLowerCase();
      const score = ts.reduce((s, w) => s + (name.includes(w) ? 3 : 0) + (desc.includes(w) ? 1 : 0), 0);
      return { t, i, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .map((x) => x.t);
}

/**
 * `tool_search`: loads deferred tools on demand (docs/agent.md, "Lean requests"). The answer
 * gives each loaded tool's description and input schema; the agent sends them with full schemas
 * from the next request on.
 */
export class ToolSearchTool implements Tool {
  readonly name = TOOL_SEARCH_NAME;
  readonly description = INTRO;
  readonly inputSchema = INPUT_SCHEMA;
  readonly annotations: ToolAnnotations = { title: 'Tool search', readOnlyHint: true };

  constructor(private readonly index: () => DeferredToolIndex | undefined) {}

  async execute(args: Record<string, unknown>): Promise<ToolResult> {
    const index = this.index();
    const deferred = index?.deferredTools() ?? [];
    if (!index || deferred.length === 0) return errorResult('No tools are deferred: every tool is already available with its schema.');
    const query = typeof args.query === 'string' ? args.query : '';
    const max = typeof args.max_results === 'number' && args.max_results >= 1 ? Math.min(Math.floor(args.max_results), 25) : 5;
    const found = matchTools(query, deferred, max);
    if (!found.length) {
      return errorResult(`No deferred tool matches ${JSON.stringify(query)}. Deferred tools: ${deferred.map((t) => t.name).join(', ')}`);
    }
    index.load(found.map((t) => t.name));
    const blocks = found.map((t) => `## ${t.name} (${t.source ?? 'builtin'})\n${t.description.trim()}\nInput schema: ${JSON.stringify(t.inputSchema)}`);
    return okResult(`${blocks.join('\n\n')}\n\nLoaded ${found.length} tool(s): ${found.map((t) => t.name).join(', ')}. They can be called from your next step.`);
  }
}
