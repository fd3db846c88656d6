import type { DeferredToolInfo } from '../../../src-shared/events/context-meter';
import type { FunctionToolParam, Tool } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import { TOOL_SEARCH_NAME, toolSearchParam } from '../tools/tool-search';

/** Share of the model's context window MCP tool schemas may fill before the rest are deferred. */
export const DEFAULT_TOOL_SCHEMA_BUDGET = 0.1;

/**
 * Tools deferred whatever the budget (config `agent.deferTools`): built-ins most runs never call.
 * `planning` is the largest of them and models plan in their text as well.
 */
export const DEFAULT_DEFER_TOOLS: readonly string[] = ['planning'];

/**
 * The window assumed when the model's is unknown (local and OpenAI-compatible models): 32k
 * tokens, the common default context of Ollama/LM Studio models, so the budget errs small.
 */
export const UNKNOWN_WINDOW_TOKENS = 32_000;

/** Tokens of a schema, estimated the way the context meter counts (4 characters a token). */
export const schemaTokens = (p: FunctionToolParam): number => Math.ceil(JSON.stringify(p).length / 4);

/** What one request carries: tools with their schemas, and the tools only named (deferred). */
export interface ExposurePlan {
  /** Sent with full schemas (and `tool_search` when anything is deferred). */
  params: FunctionToolParam[];
  /** Named in `tool_search`'s description only; loaded on demand. */
  deferred: DeferredToolInfo[];
}

/** What decides which tools are deferred. */
export interface ToolExposureOptions {
  tools: ToolCollection;
  /** Config `agent.toolSchemaBudget` (share of the window, 0–1); default 0.1. */
  budgetShare?: number;
  /** Config `agent.deferTools`: tools of any source deferred until loaded; default {@link DEFAULT_DEFER_TOOLS}. */
  deferTools?: readonly string[];
  /** True for an MCP server that starts on first use: its tools stay deferred until loaded. */
  startsOnFirstUse?: (serverId: string) => boolean;
  /** A deferred tool was loaded (by `tool_search` or by being called): e.g. start its server now. */
  onLoad?: (tool: Tool) => void;
}

/** The first line of a description, cut to `max` characters: what a deferred tool is shown as. */
export function oneLine(description: string, max = 120): string {
  const first = description.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const sentence = /^(.+?[.!?])(\s|$)/.exec(first)?.[1] ?? first;
  return sentence.length > max ? `${sentence.slice(0, max - 1)}…` : sentence;
}

const serverOf = (t: Tool): string | null => (t.source?.startsWith('mcp:') ? t.source.slice(4) : null);

/**
 * Decides, per request, which tool schemas are sent and which are deferred — Glassbox's take on
 * Claude Code's MCP tool search and Anthropic's deferred tool loading. Tools named in
 * `deferTools` (by default the rarely used built-in `planning`) are deferred; other built-in and
 * extension tools are always sent. MCP tools are deferred when their server starts on first use
 * (the default browser server), or when the MCP schemas sent so far would pass the budget (a
 * share of the model's window, in registration order). A deferred tool is named with one line in the
 * description of the built-in `tool_search`; once loaded (searched for, or called) it is sent with
 * its full schema from the next request on, for the rest of the session.
 */
export class ToolExposure {
  private readonly loaded = new Set<string>();
  private lastDeferred: Tool[] = [];
  private readonly deferNames: ReadonlySet<string>;

  constructor(private readonly opts: ToolExposureOptions) {
    this.deferNames = new Set(opts.deferTools ?? DEFAULT_DEFER_TOOLS);
  }

  /** A tool that may be deferred (and so loaded): an MCP tool, or one named in `deferTools`. */
  private deferrable(t: Tool): boolean {
    return !!serverOf(t) || this.deferNames.has(t.name);
  }

  /** The budget in tokens for a window (unknown: {@link UNKNOWN_WINDOW_TOKENS}). */
  budgetTokens(windowTokens: number | null): number {
    const share = this.opts.budgetShare ?? DEFAULT_TOOL_SCHEMA_BUDGET;
    const safe = Number.isFinite(share) ? Math.min(Math.max(share, 0), 1) : DEFAULT_TOOL_SCHEMA_BUDGET;
    return Math.floor(safe * (windowTokens ?? UNKNOWN_WINDOW_TOKENS));
  }

  /** The tools of the next request for a model with this window. */
  plan(windowTokens: number | null): ExposurePlan {
    const budget = this.budgetTokens(windowTokens);
    const params: FunctionToolParam[] = [];
    const deferredTools: Tool[] = [];
    const deferred: DeferredToolInfo[] = [];
    let used = 0;
    const all = this.opts.tools.list().filter((t) => t.name !== TOOL_SEARCH_NAME && !t.appOnly);
    // Without `tool_search` a deferred tool could never be loaded: send everything.
    if (!this.opts.tools.has(TOOL_SEARCH_NAME)) {
      this.lastDeferred = [];
      return { params: all.map(paramOf), deferred: [] };
    }
    // Loaded tools count first: they are sent whatever the budget says.
    for (const t of all) if (this.loaded.has(t.name) && serverOf(t)) used += schemaTokens(paramOf(t));
    for (const t of all) {
      const p = paramOf(t);
      const server = serverOf(t);
      if (!this.deferrable(t) || this.loaded.has(t.name)) {
        params.push(p);
        continue;
      }
      const cost = schemaTokens(p);
      if (server && !this.deferNames.has(t.name) && !this.opts.startsOnFirstUse?.(server) && used + cost <= budget) {
        used += cost;
        params.push(p);
        continue;
      }
      deferredTools.push(t);
      deferred.push({ name: t.name, source: t.source ?? (server ? `mcp:${server}` : 'builtin'), line: oneLine(t.description), tokens: cost });
    }
    this.lastDeferred = deferredTools;
    if (deferred.length) params.push(toolSearchParam(deferred));
    return { params, deferred };
  }

  /** True when the tool is deferred in the latest plan. */
  isDeferred(name: string): boolean {
    return this.lastDeferred.some((t) => t.name === name);
  }

  /** Tools deferred in the latest plan (what `tool_search` searches). */
  deferredTools(): Tool[] {
    return [...this.lastDeferred];
  }

  /** Loads tools by name (sent with schemas from the next request); returns the ones newly loaded. */
  load(names: readonly string[]): Tool[] {
    const out: Tool[] = [];
    for (const name of names) {
      const t = this.opts.tools.get(name);
      if (!t || this.loaded.has(name) || !this.deferrable(t)) continue;
      this.loaded.add(name);
      this.lastDeferred = this.lastDeferred.filter((d) => d.name !== name);
      out.push(t);
      this.opts.onLoad?.(t);
    }
    return out;
  }

  /** Names loaded so far this session. */
  loadedNames(): string[] {
    return [...this.loaded];
  }
}

function paramOf(t: Tool): FunctionToolParam {
  return { type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } };
}
