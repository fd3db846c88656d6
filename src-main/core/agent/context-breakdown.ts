import type { ContextItem, ContextMeter, ContextPart, DeferredToolInfo } from '../../../src-shared/events/context-meter';
import type { ChatMessage } from '../llm/llm-types';
import type { FunctionToolParam } from '../tools/tool';
import { SKILLS_PROMPT_HEADER } from '../skills/catalog';

/** Tokens an image is counted as (a mid-size screenshot on both vendors' pricing pages). */
const IMAGE_TOKENS = 1000;
const tokens = (chars: number): number => Math.ceil(chars / 4);

/** Context windows of common models (tokens); the longest matching prefix wins. */
const WINDOWS: Record<string, number> = {
  'gpt-4o': 128_000,
  'gpt-4.1': 1_047_576,
  'gpt-5': 400_000,
  o3: 200_000,
  'o4-mini': 200_000,
  'claude-': 200_000,
};

/** The context window of a model, or null when unknown. */
export function contextWindowOf(model: string, configured?: number): number | null {
  if (configured && configured > 0) return configured;
  const id = model.toLowerCase().replace(/^.*\//, '');
  const key = Object.keys(WINDOWS)
    .filter((k) => id === k || id.startsWith(k.endsWith('-') ? k : `${k}-`) || id.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return key ? WINDOWS[key] : null;
}

const MCP_INSTRUCTIONS = /^Instructions from MCP server '([^']+)':/;
/** How an MCP App view's model context starts (bridge/apps `appContextText`). */
const APP_CONTEXT = /^Context from the view of MCP server '([^']+)'/;
const SKILL_LINE = /^- ([a-z0-9-]+): /;

/** The skills list by skill: each line is what that skill costs; the lines around it count as the list's own. */
function skillParts(text: string, add: (kind: ContextPart['kind'], n: number, source?: string, count?: number) => void, items: ContextItem[]): void {
  let rest = 0;
  for (const line of text.split('\n')) {
    const name = SKILL_LINE.exec(line)?.[1];
    const n = (line.length + 1) / 4;
    if (!name) {
      rest += n;
      continue;
    }
    add('skills', Math.ceil(n), name);
    items.push({ kind: 'skill', label: `skill ${name}`, tokens: Math.ceil(n) });
  }
  add('skills', Math.ceil(rest), undefined, 0);
}

/**
 * Breaks a request down by part: the system prompt, each MCP server's instructions, the tool
 * schemas per source, the conversation, tool results and images. Estimates, the same way
 * compaction counts, so the parts add up to the total.
 */
export function contextBreakdown(input: {
  systemPrompt: string;
  systemMessages: string[];
  messages: ChatMessage[];
  tools: FunctionToolParam[];
  sourceOf: (tool: string) => string;
  windowTokens: number | null;
  /** Tools whose schemas were left out of this request (deferred). */
  deferred?: DeferredToolInfo[];
}): ContextMeter {
  const parts = new Map<string, ContextPart>();
  const items: ContextItem[] = [];
  const add = (kind: ContextPart['kind'], n: number, source?: string, count = 1): void => {
    const key = `${kind}:${source ?? ''}`;
    const p = parts.get(key) ?? { kind, ...(source ? { source } : {}), tokens: 0, count: 0 };
    p.tokens += n;
    p.count += count;
    parts.set(key, p);
  };
  const sys = tokens(input.systemPrompt.length);
  add('system', sys);
  items.push({ kind: 'system', label: 'system prompt', tokens: sys });
  for (const m of input.systemMessages) {
    const server = MCP_INSTRUCTIONS.exec(m)?.[1];
    const n = tokens(m.length);
    const app = server ? undefined : APP_CONTEXT.exec(m)?.[1];
    if (app) {
      add('app-context', n, app);
      items.push({ kind: 'app-context', label: `context from the view of MCP server ${app}`, tokens: n });
    } else if (server) {
      add('mcp-instructions', n, server);
      items.push({ kind: 'mcp-instructions', label: `instructions of MCP server ${server}`, tokens: n });
    } else if (m.startsWith(SKILLS_PROMPT_HEADER)) skillParts(m, add, items);
    else add('system', n);
  }
  for (const t of input.tools) {
    const n = tokens(JSON.stringify(t).length);
    add('tools', n, input.sourceOf(t.function.name));
    items.push({ kind: 'tool-schema', label: `schema of ${t.function.name}`, tokens: n });
  }
  input.messages.forEach((m, i) => {
    const images = 'images' in m ? (m.images?.length ?? 0) : 0;
    if (images) add('images', images * IMAGE_TOKENS, undefined, images);
    if (m.role === 'tool') {
      const n = tokens(m.content.length);
      add('tool-results', n);
      items.push({ kind: 'tool-result', label: `result of ${m.toolName}`, tokens: n, callId: m.toolCallId });
      return;
    }
    const calls = m.role === 'assistant' ? (m.toolCalls ?? []).reduce((s, c) => s + c.name.length + c.arguments.length, 0) : 0;
    const n = tokens(m.content.length + calls);
    add('conversation', n);
    items.push({ kind: 'message', label: `${m.role} message ${i + 1}`, tokens: n });
  });
  const list = [...parts.values()];
  return {
    totalTokens: list.reduce((s, p) => s + p.tokens, 0),
    windowTokens: input.windowTokens,
    parts: list,
    largest: items.sort((a, b) => b.tokens - a.tokens).slice(0, 8),
    ...(input.deferred?.length
      ? { deferred: { count: input.deferred.length, tokens: input.deferred.reduce((s, d) => s + d.tokens, 0), tools: input.deferred } }
      : {}),
  };
}
