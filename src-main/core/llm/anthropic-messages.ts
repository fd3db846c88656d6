import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, ImageBlockParam, MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import type { FunctionToolParam } from '../tools/tool';
import { AnthropicThinkingItem, carriedOf } from './carried-items';
import type { ChatMessage } from './llm-types';

type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Anthropic's cache breakpoint: cache everything up to and including this block (5-minute lifetime). */
const EPHEMERAL = { type: 'ephemeral' } as const;

/** The most breakpoints one request may carry (the API refuses more). */
export const MAX_CACHE_BREAKPOINTS = 4;

function imageBlock(img: ToolImage): ImageBlockParam {
  return { type: 'image', source: { type: 'base64', media_type: img.mimeType as ImageMediaType, data: img.data } };
}

function parseInput(args: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(args || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    // The model sent malformed JSON; the tool result already told it so. The API needs an object.
    return {};
  }
}

/** A thinking or redacted_thinking block as Anthropic sent it (the only items Anthropic reasoning carries). */
function isThinkingBlock(v: unknown): v is ContentBlockParam {
  const t = (v as { type?: unknown } | null)?.type;
  return t === 'thinking' || t === 'redacted_thinking';
}

/**
 * The thinking blocks an assistant message carries for Anthropic, unmodified and in order (only
 * their own fields: see carried-items.ts); none from other wire formats.
 */
export function carriedThinkingBlocks(m: ChatMessage): ContentBlockParam[] {
  if (m.role !== 'assistant' || m.reasoning?.api !== 'anthropic') return [];
  return carriedOf(AnthropicThinkingItem, m.reasoning.items);
}

/**
 * Translates the conversation to Anthropic messages: leading system messages become the system
 * prompt, later ones user text; tool results (with their images) go in user turns as
 * tool_result blocks; consecutive same-role turns are merged as the API requires. An assistant
 * turn starts with its thinking blocks exactly as they were received (signatures included), as
 * the API requires in tool-use turns.
 */
export function toAnthropicMessages(system: string, messages: ChatMessage[]): { system: string; messages: MessageParam[] } {
  const systemParts = system ? [system] : [];
  const out: MessageParam[] = [];
  let leading = true;
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]): void => {
    if (!blocks.length) return;
    const last = out[out.length - 1];
    if (last && last.role === role) (last.content as ContentBlockParam[]).push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'system' && leading) {
      systemParts.push(m.content);
      continue;
    }
    leading = false;
    switch (m.role) {
      case 'system':
        push('user', [{ type: 'text', text: `[system note] ${m.content}` }]);
        break;
      case 'user':
        push('user', [{ type: 'text', text: m.content || '(empty)' }, ...(m.images ?? []).map(imageBlock)]);
        break;
      case 'assistant': {
        const blocks: ContentBlockParam[] = [...carriedThinkingBlocks(m)];
        if (m.content) blocks.push({ type: 'text', text: m.content });
        for (const c of m.toolCalls ?? []) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: parseInput(c.arguments) });
        push('assistant', blocks.some((b) => !isThinkingBlock(b)) ? blocks : [...blocks, { type: 'text', text: '(no content)' }]);
        break;
      }
      case 'tool': {
        const content: (TextBlockParam | ImageBlockParam)[] = [{ type: 'text', text: m.content || '(no output)' }, ...(m.images ?? []).map(imageBlock)];
        push('user', [{ type: 'tool_result', tool_use_id: m.toolCallId, content, ...(m.isError ? { is_error: true } : {}) }]);
        break;
      }
    }
  }
  return { system: systemParts.join('\n\n'), messages: out };
}

/**
 * True when the request's last assistant turn is a tool-use turn without thinking blocks, while
 * the model is answering its tool results. With thinking on, the API refuses such a request
 * ("a final assistant message must start with a thinking block"), so that request goes without
 * thinking (it was turned on mid-task, or the turn came from another provider).
 */
export function toolLoopLacksThinking(messages: MessageParam[]): boolean {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user' || !Array.isArray(last.content)) return false;
  if (!last.content.some((b) => b.type === 'tool_result')) return false;
  const assistant = messages[messages.length - 2];
  if (!assistant || assistant.role !== 'assistant' || !Array.isArray(assistant.content)) return false;
  return !isThinkingBlock(assistant.content[0]);
}

/** The tool list in Anthropic's shape. */
export function toAnthropicTools(tools: FunctionToolParam[]): Anthropic.Messages.Tool[] {
  return tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    input_schema: { type: 'object', ...t.function.parameters } as Anthropic.Messages.Tool.InputSchema,
  }));
}

/** The parts of a request body that carry cache breakpoints. */
export interface CacheableBody {
  system?: string | TextBlockParam[];
  tools?: Anthropic.Messages.Tool[];
  messages: MessageParam[];
}

/**
 * Places prompt-cache breakpoints (at most four) so each agent step reads what the step before
 * wrote. The cached prefix is tools → system → messages, so: one on the last tool (the tool list
 * survives a system prompt change), one on the system prompt, one on the end of the previous
 * request's conversation (the user turn before the last assistant turn: this request reads the
 * cache the previous one wrote there, however many blocks were added since) and one on the end
 * of this request's conversation (written now, read by the next step). Thinking blocks cannot
 * carry a breakpoint; user turns end in text or tool_result blocks, which can. Returns a copy;
 * the conversation objects are not mutated.
 */
export function withCacheBreakpoints<T extends CacheableBody>(body: T): T {
  const out: T = { ...body };
  if (out.tools?.length) {
    const tools = [...out.tools];
    tools[tools.length - 1] = { ...tools[tools.length - 1], cache_control: EPHEMERAL };
    out.tools = tools;
  }
  if (typeof out.system === 'string' && out.system) out.system = [{ type: 'text', text: out.system, cache_control: EPHEMERAL }];
  const userTurns = out.messages.map((m, i) => (m.role === 'user' ? i : -1)).filter((i) => i >= 0);
  const tail = userTurns[userTurns.length - 1];
  const previous = userTurns[userTurns.length - 2];
  const marks = [previous, tail].filter((i): i is number => i !== undefined);
  if (marks.length) {
    const messages = [...out.messages];
    for (const i of marks) messages[i] = markLastBlock(messages[i]);
    out.messages = messages;
  }
  return out;
}

function markLastBlock(m: MessageParam): MessageParam {
  const blocks: ContentBlockParam[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : [...m.content];
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b.type === 'text' || b.type === 'tool_result' || b.type === 'image' || b.type === 'tool_use') {
      blocks[i] = { ...b, cache_control: EPHEMERAL };
      break;
    }
  }
  return { ...m, content: blocks } as MessageParam;
}

/** Counts the breakpoints in a request body (tests and the inspector check the limit). */
export function countCacheBreakpoints(body: CacheableBody): number {
  let n = 0;
  const has = (b: unknown): boolean => !!(b as { cache_control?: unknown } | null)?.cache_control;
  for (const t of body.tools ?? []) if (has(t)) n++;
  if (Array.isArray(body.system)) for (const b of body.system) if (has(b)) n++;
  for (const m of body.messages) if (Array.isArray(m.content)) for (const b of m.content) if (has(b)) n++;
  return n;
}
