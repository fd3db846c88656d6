import OpenAI from 'openai';
import type { ResponseCreateParamsStreaming, ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses';
import type { ToolCallRecord } from '../../../src-shared/events/event-types';
import { chatServerOf } from './chat-reasoning';
import { endpointOf, type ResolvedLlmConfig } from './config';
import { type LlmProvider, type LlmRequest, type LlmStreamHandlers, type LlmTurn, type LlmUsage, WireRecorder } from './llm-types';
import { classifyOpenAIError } from './openai-provider';
import { withRetry, type AttemptFailure } from './retry-policy';
import { isReasoningModel, responsesReasoning, toResponsesInput, toResponsesTools } from './responses-input';

/** A failure the server reported inside the stream (`error` or `response.failed`), with the HTTP status it stands for. */
export class ResponsesStreamError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ResponsesStreamError';
  }
}

/** The status an in-stream error code stands for: rate limits 429, server trouble 500, the rest 400. */
function statusOf(code: string | null | undefined): number {
  if (!code) return 500;
  if (/rate_limit/.test(code)) return 429;
  if (/server_error|overloaded|unavailable/.test(code)) return 500;
  return 400;
}

/** Retry decision for the Responses API: in-stream errors by their code, the rest as chat completions. */
export function classifyResponsesError(err: unknown, signal?: AbortSignal): AttemptFailure | null {
  if (err instanceof ResponsesStreamError) return { network: false, status: err.status, message: err.message };
  return classifyOpenAIError(err, signal);
}

/**
 * OpenAI's Responses API: streaming text, reasoning summaries (shown as thinking), function
 * calls, images, usage with cached and reasoning tokens. Nothing is stored on OpenAI's side
 * (`store: false`): a reasoning model's reasoning comes back encrypted and is sent with the
 * following requests exactly as received, which keeps it across tool calls. Requests of one
 * session share a `prompt_cache_key`.
 */
export class OpenAIResponsesProvider implements LlmProvider {
  readonly provider = 'openai';
  readonly model: string;
  readonly endpoint: string;
  private readonly client: OpenAI;

  constructor(private readonly cfg: ResolvedLlmConfig) {
    this.model = cfg.model;
    this.endpoint = endpointOf(cfg);
    this.client = new OpenAI({ apiKey: cfg.apiKey || 'no-key', baseURL: this.endpoint, maxRetries: 0, timeout: 10 * 60_000 });
  }

  /** The request body of a turn. */
  buildRequest(req: LlmRequest): ResponseCreateParamsStreaming {
    const { instructions, input } = toResponsesInput(req.system, req.messages, this.model);
    const reasoning = responsesReasoning(this.model, this.cfg.thinking);
    return {
      model: this.model,
      ...(instructions ? { instructions } : {}),
      input,
      ...(req.tools.length ? { tools: toResponsesTools(req.tools), parallel_tool_calls: true } : {}),
      stream: true,
      store: false,
      ...(reasoning as Pick<ResponseCreateParamsStreaming, 'reasoning' | 'include'>),
      ...(this.cfg.maxTokens ? { max_output_tokens: this.cfg.maxTokens } : {}),
      // Reasoning models take no temperature.
      ...(this.cfg.temperature !== undefined && !isReasoningModel(this.model) ? { temperature: this.cfg.temperature } : {}),
      ...(req.cacheKey && chatServerOf(this.endpoint) === 'openai' ? { prompt_cache_key: req.cacheKey } : {}),
    };
  }

  async complete(req: LlmRequest, handlers: LlmStreamHandlers = {}): Promise<LlmTurn> {
    const body = this.buildRequest(req);
    let sent: Record<string, unknown> | undefined;
    return withRetry({
      request: () => sent,
      endpoint: this.endpoint,
      maxRetries: this.cfg.maxRetries,
      signal: req.signal,
      onRetry: handlers.onRetry,
      classify: (err) => classifyResponsesError(err, req.signal),
      attempt: async (signal) => {
        sent = body as unknown as Record<string, unknown>;
        const stream = await this.client.responses.create(body, { signal });
        const wire = new WireRecorder();
        const turn = await assembleResponsesStream(stream, handlers, wire, this.model);
        return { ...turn, wire: wire.exchange(sent) };
      },
    });
  }
}

/** Responses usage → LlmUsage (input includes the cached tokens, output the reasoning ones, as OpenAI counts them). */
function responsesUsage(u: ResponseUsage): LlmUsage {
  const cached = u.input_tokens_details?.cached_tokens;
  const reasoning = u.output_tokens_details?.reasoning_tokens;
  return { inputTokens: u.input_tokens, outputTokens: u.output_tokens, ...(cached ? { cachedInputTokens: cached } : {}), ...(reasoning ? { reasoningTokens: reasoning } : {}) };
}

/**
 * Assembles a Responses stream: output text deltas to `onText`, reasoning summary (and raw
 * reasoning) deltas to `onThinking` (parts apart by a blank line), function calls by item with
 * their argument deltas (the `.done` and `output_item.done` values win), reasoning items kept
 * whole as `output_item.done` delivers them, usage from `response.completed`. A refusal is shown
 * as the answer with stop reason `refusal`; `response.failed` and `error` events throw.
 */
export async function assembleResponsesStream(stream: AsyncIterable<ResponseStreamEvent>, handlers: LlmStreamHandlers = {}, wire?: WireRecorder, model = ''): Promise<LlmTurn> {
  let text = '';
  let thinking = '';
  let lastPart = '';
  const calls = new Map<string, { index: number; callId: string; name: string; arguments: string }>();
  const reasoningItems: { index: number; item: unknown }[] = [];
  let usage: LlmUsage | undefined;
  let stopReason: string | undefined;
  let first = true;
  const firstToken = (): void => {
    if (!first) return;
    first = false;
    handlers.onFirstToken?.();
  };
  const think = (part: string, delta: string): void => {
    if (!delta) return;
    firstToken();
    const piece = (thinking && part !== lastPart ? '\n\n' : '') + delta;
    lastPart = part;
    thinking += piece;
    handlers.onThinking?.(piece);
  };
  for await (const ev of stream) {
    wire?.push(ev);
    switch (ev.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (!ev.delta) break;
        firstToken();
        text += ev.delta;
        handlers.onText?.(ev.delta);
        if (ev.type === 'response.refusal.delta') stopReason = 'refusal';
        break;
      case 'response.reasoning_summary_text.delta':
        think(`${ev.item_id}:s${ev.summary_index}`, ev.delta);
        break;
      case 'response.reasoning_text.delta':
        think(`${ev.item_id}:r${ev.content_index}`, ev.delta);
        break;
      case 'response.output_item.added':
        if (ev.item.type === 'function_call') {
          firstToken();
          calls.set(ev.item.id ?? ev.item.call_id, { index: ev.output_index, callId: ev.item.call_id, name: ev.item.name, arguments: ev.item.arguments ?? '' });
        }
        break;
      case 'response.function_call_arguments.delta': {
        const c = calls.get(ev.item_id);
        if (c) c.arguments += ev.delta;
        break;
      }
      case 'response.function_call_arguments.done': {
        const c = calls.get(ev.item_id);
        if (c) c.arguments = ev.arguments;
        break;
      }
      case 'response.output_item.done':
        if (ev.item.type === 'reasoning') reasoningItems.push({ index: ev.output_index, item: ev.item });
        else if (ev.item.type === 'function_call') {
          calls.set(ev.item.id ?? ev.item.call_id, { index: ev.output_index, callId: ev.item.call_id, name: ev.item.name, arguments: ev.item.arguments });
        }
        break;
      case 'response.completed':
      case 'response.incomplete':
        if (ev.response.usage) usage = responsesUsage(ev.response.usage);
        if (ev.type === 'response.incomplete') stopReason = ev.response.incomplete_details?.reason ?? 'incomplete';
        else stopReason ??= calls.size ? 'tool_calls' : 'stop';
        break;
      case 'response.failed': {
        const e = ev.response.error;
        throw new ResponsesStreamError(e?.message ?? 'the response failed', statusOf(e?.code), e?.code ?? undefined);
      }
      case 'error':
        throw new ResponsesStreamError(ev.message, statusOf(ev.code), ev.code ?? undefined);
      default:
        break;
    }
  }
  const toolCalls: ToolCallRecord[] = [...calls.values()].sort((a, b) => a.index - b.index).map((c) => ({ id: c.callId, name: c.name, arguments: c.arguments }));
  const items = reasoningItems.sort((a, b) => a.index - b.index).map((r) => r.item);
  return {
    text,
    toolCalls,
    usage,
    stopReason,
    ...(thinking ? { thinking } : {}),
    ...(items.length ? { reasoning: { api: 'openai-responses' as const, model, items } } : {}),
  };
}
