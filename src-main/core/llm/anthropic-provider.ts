import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, ImageBlockParam, MessageParam, RawMessageStreamEvent, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import type { FunctionToolParam } from '../tools/tool';
import { endpointOf, type ResolvedLlmConfig } from './llm-config';
import { isAbortError, type ChatMessage, type LlmProvider, type LlmRequest, type LlmStreamHandlers, type LlmTurn, WireRecorder } from './llm-types';
import { httpFailure, withRetry, type AttemptFailure } from './retry-policy';

type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

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

/**
 * Translates the conversation to Anthropic messages: leading system messages become the system
 * prompt, later ones user text; tool results (with their images) go in user turns as
 * tool_result blocks; consecutive same-role turns are merged as the API requires.
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
        const blocks: ContentBlockParam[] = [];
        if (m.content) blocks.push({ type: 'text', text: m.content });
        for (const c of m.toolCalls ?? []) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: parseInput(c.arguments) });
        push('assistant', blocks.length ? blocks : [{ type: 'text', text: '(no content)' }]);
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

function toAnthropicTools(tools: FunctionToolParam[]): Anthropic.Messages.Tool[] {
  return tools.map((t) => ({
    name: t.function.name,
    description: t.function.description,
    input_schema: { type: 'object', ...t.function.parameters } as Anthropic.Messages.Tool.InputSchema,
  }));
}

/** Maps an SDK error to a retry decision; null for aborts. */
export function classifyAnthropicError(err: unknown, signal?: AbortSignal): AttemptFailure | null {
  if (isAbortError(err, signal)) return null;
  if (err instanceof Anthropic.APIConnectionError) return { network: true, message: err.message };
  if (err instanceof Anthropic.APIError) return httpFailure(err);
  if (err instanceof Error && /terminated|socket|network|premature|ECONNRESET/i.test(err.message)) return { network: true, message: err.message };
  return { network: false, message: err instanceof Error ? err.message : String(err) };
}

/** Output limit when config sets none: Claude 3 (not 3.5/3.7) models accept at most 4096. */
export function defaultMaxTokens(model: string): number {
  return /claude-3-(opus|sonnet|haiku)/.test(model) ? 4096 : 8192;
}

/** Anthropic's messages API with streaming. */
export class AnthropicProvider implements LlmProvider {
  readonly provider = 'anthropic';
  readonly model: string;
  readonly endpoint: string;
  private readonly client: Anthropic;

  constructor(private readonly cfg: ResolvedLlmConfig) {
    this.model = cfg.model;
    this.endpoint = endpointOf(cfg);
    this.client = new Anthropic({ apiKey: cfg.apiKey || 'no-key', baseURL: this.endpoint, maxRetries: 0, timeout: 10 * 60_000 });
  }

  async complete(req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
    const { system, messages } = toAnthropicMessages(req.system, req.messages);
    let sent: Record<string, unknown> | undefined;
    return withRetry({
      request: () => sent,
      endpoint: this.endpoint,
      maxRetries: this.cfg.maxRetries,
      signal: req.signal,
      onRetry: handlers.onRetry,
      classify: (err) => classifyAnthropicError(err, req.signal),
      attempt: async () => {
        const body = {
          model: this.model,
          max_tokens: this.cfg.maxTokens ?? defaultMaxTokens(this.model),
          ...(system ? { system } : {}),
          messages,
          ...(req.tools.length ? { tools: toAnthropicTools(req.tools) } : {}),
          ...(this.cfg.temperature !== undefined ? { temperature: this.cfg.temperature } : {}),
          stream: true as const,
        };
        sent = body;
        const stream = await this.client.messages.create(body, { signal: req.signal });
        const wire = new WireRecorder();
        const turn = await assembleAnthropicStream(stream, handlers, wire);
        return { ...turn, wire: wire.exchange(body) };
      },
    });
  }
}

/** Assembles stream events: text blocks concatenated, tool_use blocks with their partial JSON joined. */
export async function assembleAnthropicStream(stream: AsyncIterable<RawMessageStreamEvent>, handlers: LlmStreamHandlers = {}, wire?: WireRecorder): Promise<LlmTurn> {
  let text = '';
  const blocks = new Map<number, { id: string; name: string; json: string }>();
  const usage: NonNullable<LlmTurn['usage']> = {};
  let stopReason: string | undefined;
  let first = true;
  for await (const ev of stream) {
    wire?.push(ev);
    switch (ev.type) {
      case 'message_start': {
        // Anthropic counts cache reads and writes apart from input_tokens; LlmUsage counts all input.
        const u = ev.message.usage;
        const cacheRead = u?.cache_read_input_tokens ?? 0;
        if (u?.input_tokens !== undefined) usage.inputTokens = u.input_tokens + cacheRead + (u.cache_creation_input_tokens ?? 0);
        if (cacheRead) usage.cachedInputTokens = cacheRead;
        usage.outputTokens = u?.output_tokens;
        break;
      }
      case 'content_block_start':
        if (first && (ev.content_block.type === 'tool_use' || ev.content_block.type === 'text')) {
          first = false;
          handlers.onFirstToken?.();
        }
        if (ev.content_block.type === 'tool_use') blocks.set(ev.index, { id: ev.content_block.id, name: ev.content_block.name, json: '' });
        else if (ev.content_block.type === 'text' && ev.content_block.text) {
          text += ev.content_block.text;
          handlers.onText?.(ev.content_block.text);
        }
        break;
      case 'content_block_delta':
        if (ev.delta.type === 'text_delta') {
          text += ev.delta.text;
          handlers.onText?.(ev.delta.text);
        } else if (ev.delta.type === 'input_json_delta') {
          const b = blocks.get(ev.index);
          if (b) b.json += ev.delta.partial_json;
        }
        break;
      case 'message_delta':
        if (ev.usage?.output_tokens !== undefined) usage.outputTokens = ev.usage.output_tokens;
        if (ev.delta.stop_reason) stopReason = ev.delta.stop_reason;
        break;
      default:
        break;
    }
  }
  const toolCalls: ToolCallRecord[] = [...blocks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, b]) => ({ id: b.id, name: b.name, arguments: b.json || '{}' }));
  return { text, toolCalls, usage, stopReason };
}
