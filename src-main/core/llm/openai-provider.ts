import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import { endpointOf, type ResolvedLlmConfig } from './config';
import { isAbortError, LlmError, type ChatMessage, type LlmProvider, type LlmRequest, type LlmStreamHandlers, type LlmTurn, type LlmUsage, WireRecorder } from './llm-types';
import { httpFailure, withRetry, type AttemptFailure } from './retry-policy';
import { carriedChatFields, chatReasoningFields, chatServerOf, ChatReasoningCollector, type ChatServer } from './chat-reasoning';
import { ThinkTagSplitter } from './think-tags';

function imagePart(img: ToolImage): ChatCompletionContentPart {
  return { type: 'image_url', image_url: { url: `data:${img.mimeType};base64,${img.data}` } };
}

/**
 * Translates the conversation to chat-completions messages. Tool messages cannot carry images
 * in this API, so images from a run of tool results follow in one user message. Assistant turns
 * carry their reasoning back only where `server` documents it (see chat-reasoning.ts).
 */
export function toOpenAIMessages(system: string, messages: ChatMessage[], server: ChatServer = 'other'): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  let pendingImages: { img: ToolImage; from: string }[] = [];
  const flushImages = (): void => {
    if (!pendingImages.length) return;
    const parts: ChatCompletionContentPart[] = [
      { type: 'text', text: `Images returned by tool calls: ${[...new Set(pendingImages.map((p) => p.from))].join(', ')}` },
      ...pendingImages.map((p) => imagePart(p.img)),
    ];
    out.push({ role: 'user', content: parts });
    pendingImages = [];
  };
  for (const m of messages) {
    if (m.role !== 'tool') flushImages();
    switch (m.role) {
      case 'system':
        out.push({ role: 'system', content: m.content });
        break;
      case 'user':
        out.push(
          m.images?.length
            ? { role: 'user', content: [{ type: 'text', text: m.content }, ...m.images.map(imagePart)] }
            : { role: 'user', content: m.content },
        );
        break;
      case 'assistant':
        out.push({
          role: 'assistant',
          content: m.content || null,
          ...(m.toolCalls?.length
            ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments.trim() ? c.arguments : '{}' } })) }
            : {}),
          ...carriedChatFields(server, m),
        } as ChatCompletionMessageParam);
        break;
      case 'tool':
        out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
        for (const img of m.images ?? []) pendingImages.push({ img, from: m.toolCallId });
        break;
    }
  }
  flushImages();
  return out;
}

/** Maps an SDK error to a retry decision; null for aborts (they propagate). */
export function classifyOpenAIError(err: unknown, signal?: AbortSignal): AttemptFailure | null {
  if (isAbortError(err, signal)) return null;
  if (err instanceof OpenAI.APIConnectionError) return { network: true, message: err.message };
  if (err instanceof OpenAI.APIError) return httpFailure(err);
  const code = (err as { code?: string } | null)?.code;
  if (code && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET)$/.test(code)) {
    return { network: true, message: (err as Error).message };
  }
  // A stream cut mid-way surfaces as a plain Error from the SDK: treat as network.
  if (err instanceof Error && /terminated|socket|network|premature/i.test(err.message)) return { network: true, message: err.message };
  return { network: false, message: err instanceof Error ? err.message : String(err) };
}

/**
 * OpenAI chat completions, and every server that speaks it (Ollama, vLLM, LM Studio, OpenRouter,
 * DeepSeek …): reasoning asked for and carried back in each server's own way, `<think>` text
 * split out of the answer, `prompt_cache_key` on OpenAI's own endpoint.
 */
export class OpenAIProvider implements LlmProvider {
  readonly provider = 'openai';
  readonly model: string;
  readonly endpoint: string;
  private readonly client: OpenAI;
  private readonly server: ChatServer;

  constructor(private readonly cfg: ResolvedLlmConfig) {
    this.model = cfg.model;
    this.endpoint = endpointOf(cfg);
    this.server = chatServerOf(this.endpoint);
    // Retries are ours (withRetry) so they are visible and end in one clear error.
    this.client = new OpenAI({ apiKey: cfg.apiKey || 'no-key', baseURL: this.endpoint, maxRetries: 0, timeout: 10 * 60_000 });
  }

  // Some OpenAI-compatible servers reject `stream_options`; learned on the first 400 about it.
  private streamOptions = true;

  async complete(req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
    try {
      return await this.completeOnce(req, handlers);
    } catch (err) {
      if (err instanceof LlmError && err.status === 400 && this.streamOptions && /stream_options/i.test(err.message)) {
        this.streamOptions = false; // ask again without them (not counted as a retry)
        return this.completeOnce(req, handlers);
      }
      throw err;
    }
  }

  private async completeOnce(req: LlmRequest, handlers: LlmStreamHandlers): Promise<LlmTurn> {
    const messages = toOpenAIMessages(req.system, req.messages, this.server);
    let sent: Record<string, unknown> | undefined;
    return withRetry({
      request: () => sent,
      endpoint: this.endpoint,
      maxRetries: this.cfg.maxRetries,
      signal: req.signal,
      onRetry: handlers.onRetry,
      classify: (err) => classifyOpenAIError(err, req.signal),
      attempt: async (signal) => {
        const body = {
          model: this.model,
          messages,
          ...(req.tools.length ? { tools: req.tools } : {}),
          stream: true as const,
          ...(this.streamOptions ? { stream_options: { include_usage: true } } : {}),
          ...(this.cfg.maxTokens ? { max_tokens: this.cfg.maxTokens } : {}),
          ...(this.cfg.temperature !== undefined ? { temperature: this.cfg.temperature } : {}),
          ...chatReasoningFields(this.server, this.cfg.thinking),
          // OpenAI routes requests with one key to one cache machine: the session's prefix stays warm.
          ...(this.server === 'openai' && req.cacheKey ? { prompt_cache_key: req.cacheKey } : {}),
        };
        sent = body;
        const stream = await this.client.chat.completions.create(body as typeof body & { stream: true }, { signal });
        const wire = new WireRecorder();
        const turn = await assembleOpenAIStream(stream, handlers, wire, this.model);
        return { ...turn, wire: wire.exchange(body) };
      },
    });
  }
}

/**
 * Assembles streamed chunks: text deltas in order, tool calls by index, usage from the last
 * chunk; reasoning fields and leading `<think>` text go to `onThinking`, not the answer.
 */
export async function assembleOpenAIStream(stream: AsyncIterable<ChatCompletionChunk>, handlers: LlmStreamHandlers = {}, wire?: WireRecorder, model = ''): Promise<LlmTurn> {
  let text = '';
  let thinking = '';
  const calls: { id: string; name: string; arguments: string }[] = [];
  let usage: LlmTurn['usage'];
  let stopReason: string | undefined;
  let first = true;
  const reasoning = new ChatReasoningCollector();
  const tags = new ThinkTagSplitter();
  const emit = (part: { text: string; thinking: string }): void => {
    if (part.thinking) {
      thinking += part.thinking;
      handlers.onThinking?.(part.thinking);
    }
    if (part.text) {
      text += part.text;
      handlers.onText?.(part.text);
    }
  };
  for await (const chunk of stream) {
    wire?.push(chunk);
    if (chunk.usage) usage = openAIUsage(chunk.usage);
    for (const choice of chunk.choices ?? []) {
      const d = choice.delta;
      const shown = reasoning.push(d);
      if (first && (d?.content || d?.tool_calls?.length || shown)) {
        first = false;
        handlers.onFirstToken?.();
      }
      if (shown) emit({ text: '', thinking: shown });
      if (d?.content) emit(tags.push(d.content));
      for (const tc of d?.tool_calls ?? []) {
        const i = tc.index ?? calls.length;
        const c = (calls[i] ??= { id: '', name: '', arguments: '' });
        if (tc.id) c.id = tc.id;
        if (tc.function?.name) c.name += tc.function.name;
        if (tc.function?.arguments) c.arguments += tc.function.arguments;
      }
      if (choice.finish_reason) stopReason = choice.finish_reason;
    }
  }
  emit(tags.end());
  const toolCalls: ToolCallRecord[] = calls
    .filter((c) => c && c.name)
    .map((c, i) => ({ id: c.id || `call_${Date.now().toString(36)}_${i}`, name: c.name, arguments: c.arguments }));
  const carried = reasoning.carried(model);
  return { text, toolCalls, usage, stopReason, ...(thinking ? { thinking } : {}), ...(carried ? { reasoning: carried } : {}) };
}

/** OpenAI's usage object → LlmUsage (cached and reasoning details when the server sends them). */
function openAIUsage(u: NonNullable<ChatCompletionChunk['usage']>): LlmUsage {
  const cached = u.prompt_tokens_details?.cached_tokens;
  const reasoning = u.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: u.prompt_tokens,
    outputTokens: u.completion_tokens,
    ...(cached ? { cachedInputTokens: cached } : {}),
    ...(reasoning ? { reasoningTokens: reasoning } : {}),
  };
}
