import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import { toAnthropicMessages, toAnthropicTools, toolLoopLacksThinking, withCacheBreakpoints } from './anthropic-messages';
import { endpointOf, type ResolvedLlmConfig } from './config';
import { isAbortError, type LlmProvider, type LlmRequest, type LlmStreamHandlers, type LlmTurn, WireRecorder } from './llm-types';
import { httpFailure, withRetry, type AttemptFailure } from './retry-policy';
import { budgetOf, supportsAdaptiveThinking, supportsThinking, type ThinkingSetting } from './thinking-config';

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

/** The header that turns on thinking between tool calls for Claude 4 models with a budget (adaptive models do it themselves). */
export const INTERLEAVED_THINKING_BETA = 'interleaved-thinking-2025-05-14';

/** The request fields a thinking setting adds, and the beta header it needs. */
export function thinkingParams(
  model: string,
  setting: ThinkingSetting | undefined,
  maxTokens: number,
): { fields: Pick<MessageCreateParamsStreaming, 'thinking' | 'output_config' | 'max_tokens'>; beta?: string } | null {
  if (!setting || setting.kind === 'off' || !supportsThinking(model)) return null;
  if (setting.kind === 'effort' && supportsAdaptiveThinking(model)) {
    return { fields: { thinking: { type: 'adaptive' }, output_config: { effort: setting.effort }, max_tokens: maxTokens } };
  }
  const budget = budgetOf(setting);
  // budget_tokens must stay below max_tokens; the answer gets the configured room on top.
  const max = maxTokens > budget ? maxTokens : budget + maxTokens;
  const interleaved = /claude-(opus|sonnet|haiku)-4/.test(model) && !supportsAdaptiveThinking(model);
  return { fields: { thinking: { type: 'enabled', budget_tokens: budget }, max_tokens: max }, ...(interleaved ? { beta: INTERLEAVED_THINKING_BETA } : {}) };
}

/**
 * Anthropic's messages API with streaming: extended thinking as configured (its blocks streamed
 * to `onThinking` and carried back unmodified), and prompt-cache breakpoints on every request.
 */
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

  /** The request body for a turn (exported through the provider for tests and the inspector). */
  buildRequest(req: LlmRequest): { body: MessageCreateParamsStreaming; headers: Record<string, string> } {
    const { system, messages } = toAnthropicMessages(req.system, req.messages);
    const maxTokens = this.cfg.maxTokens ?? defaultMaxTokens(this.model);
    const thinking = toolLoopLacksThinking(messages) ? null : thinkingParams(this.model, this.cfg.thinking, maxTokens);
    const body: MessageCreateParamsStreaming = withCacheBreakpoints({
      model: this.model,
      max_tokens: maxTokens,
      ...(system ? { system } : {}),
      messages,
      ...(req.tools.length ? { tools: toAnthropicTools(req.tools) } : {}),
      // Thinking accepts no temperature but the default.
      ...(this.cfg.temperature !== undefined && !thinking ? { temperature: this.cfg.temperature } : {}),
      ...(thinking?.fields ?? {}),
      stream: true as const,
    });
    return { body, headers: thinking?.beta && req.tools.length ? { 'anthropic-beta': thinking.beta } : {} };
  }

  async complete(req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
    const { body, headers } = this.buildRequest(req);
    let sent: Record<string, unknown> | undefined;
    return withRetry({
      request: () => sent,
      endpoint: this.endpoint,
      maxRetries: this.cfg.maxRetries,
      signal: req.signal,
      onRetry: handlers.onRetry,
      classify: (err) => classifyAnthropicError(err, req.signal),
      attempt: async (signal) => {
        sent = body as unknown as Record<string, unknown>;
        const stream = await this.client.messages.create(body, { signal, headers });
        const wire = new WireRecorder();
        const turn = await assembleAnthropicStream(stream, handlers, wire, this.model);
        return { ...turn, wire: wire.exchange(sent) };
      },
    });
  }
}

type Block =
  | { kind: 'text' }
  | { kind: 'tool'; id: string; name: string; json: string }
  | { kind: 'thinking'; thinking: string; signature: string }
  | { kind: 'redacted'; data: string };

/**
 * Assembles stream events: text blocks concatenated, tool_use blocks with their partial JSON
 * joined, thinking blocks with their signatures kept exactly (and their text streamed to
 * `onThinking`; a redacted block as `[redacted]`), usage with cache reads and writes.
 */
export async function assembleAnthropicStream(stream: AsyncIterable<RawMessageStreamEvent>, handlers: LlmStreamHandlers = {}, wire?: WireRecorder, model = ''): Promise<LlmTurn> {
  let text = '';
  const blocks = new Map<number, Block>();
  const usage: NonNullable<LlmTurn['usage']> = {};
  const counts: { input?: number; read?: number; write?: number } = {};
  let stopReason: string | undefined;
  let first = true;
  let thinkingShown = '';
  const think = (delta: string): void => {
    thinkingShown += delta;
    handlers.onThinking?.(delta);
  };
  const takeUsage = (u: { input_tokens?: number | null; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null; output_tokens?: number | null } | null | undefined): void => {
    if (!u) return;
    if (typeof u.input_tokens === 'number') counts.input = u.input_tokens;
    if (typeof u.cache_read_input_tokens === 'number') counts.read = u.cache_read_input_tokens;
    if (typeof u.cache_creation_input_tokens === 'number') counts.write = u.cache_creation_input_tokens;
    if (typeof u.output_tokens === 'number') usage.outputTokens = u.output_tokens;
  };
  for await (const ev of stream) {
    wire?.push(ev);
    switch (ev.type) {
      case 'message_start':
        takeUsage(ev.message.usage);
        break;
      case 'content_block_start': {
        const cb = ev.content_block;
        if (first && (cb.type === 'tool_use' || cb.type === 'text' || cb.type === 'thinking' || cb.type === 'redacted_thinking')) {
          first = false;
          handlers.onFirstToken?.();
        }
        if (cb.type === 'tool_use') blocks.set(ev.index, { kind: 'tool', id: cb.id, name: cb.name, json: '' });
        else if (cb.type === 'text') {
          blocks.set(ev.index, { kind: 'text' });
          if (cb.text) {
            text += cb.text;
            handlers.onText?.(cb.text);
          }
        } else if (cb.type === 'thinking') {
          if (thinkingShown) think('\n\n');
          blocks.set(ev.index, { kind: 'thinking', thinking: cb.thinking ?? '', signature: cb.signature ?? '' });
          if (cb.thinking) think(cb.thinking);
        } else if (cb.type === 'redacted_thinking') {
          blocks.set(ev.index, { kind: 'redacted', data: cb.data });
          think(`${thinkingShown ? '\n\n' : ''}[redacted]`);
        }
        break;
      }
      case 'content_block_delta': {
        const b = blocks.get(ev.index);
        if (ev.delta.type === 'text_delta') {
          text += ev.delta.text;
          handlers.onText?.(ev.delta.text);
        } else if (ev.delta.type === 'input_json_delta') {
          if (b?.kind === 'tool') b.json += ev.delta.partial_json;
        } else if (ev.delta.type === 'thinking_delta') {
          if (b?.kind === 'thinking') b.thinking += ev.delta.thinking;
          think(ev.delta.thinking);
        } else if (ev.delta.type === 'signature_delta') {
          if (b?.kind === 'thinking') b.signature += ev.delta.signature;
        }
        break;
      }
      case 'message_delta':
        // Newer servers repeat the (cumulative) input and cache counts here.
        takeUsage(ev.usage);
        if (ev.delta.stop_reason) stopReason = ev.delta.stop_reason;
        break;
      default:
        break;
    }
  }
  // Anthropic counts cache reads and writes apart from input_tokens; LlmUsage counts all input.
  if (counts.input !== undefined) usage.inputTokens = counts.input + (counts.read ?? 0) + (counts.write ?? 0);
  if (counts.read) usage.cachedInputTokens = counts.read;
  if (counts.write) usage.cacheWriteTokens = counts.write;
  const ordered = [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
  const toolCalls: ToolCallRecord[] = ordered.flatMap((b) => (b.kind === 'tool' ? [{ id: b.id, name: b.name, arguments: b.json || '{}' }] : []));
  const items = ordered.flatMap((b): Record<string, string>[] =>
    b.kind === 'thinking' ? [{ type: 'thinking', thinking: b.thinking, signature: b.signature }] : b.kind === 'redacted' ? [{ type: 'redacted_thinking', data: b.data }] : [],
  );
  return {
    text,
    toolCalls,
    usage,
    stopReason,
    ...(thinkingShown ? { thinking: thinkingShown } : {}),
    ...(items.length ? { reasoning: { api: 'anthropic' as const, model, items } } : {}),
  };
}
