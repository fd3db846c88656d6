import type { Tool } from '../core/tools/tool';

/** Built-in tools served when `--tools` is not given (whichever exist). */
export const DEFAULT_SERVED_TOOLS = ['bash', 'str_replace_editor', 'python_execute', 'planning', 'terminate', 'ask_human'];

/** Which tools to serve: `requested` names exactly, else the defaults plus extension tools. */
export interface ToolSelection {
  /** Explicit names (`--tools a,b`); undefined = defaults + extension tools. */
  requested?: string[];
}

/** Chooses the served tools from what the session has now; unknown requested names are reported. */
export function selectServedTools(all: Tool[], sel: ToolSelection): { tools: Tool[]; unknown: string[] } {
  if (sel.requested) {
    const byName = new Map(all.map((t) => [t.name, t]));
    const tools = sel.requested.filter((n) => byName.has(n)).map((n) => byName.get(n)!);
    return { tools, unknown: sel.requested.filter((n) => !byName.has(n)) };
  }
  const tools = all.filter((t) => DEFAULT_SERVED_TOOLS.includes(t.name) || (t.source ?? '').startsWith('extension:'));
  return { tools, unknown: [] };
}
