import type { CarriedReasoning, ToolCallRecord } from '../../../src-shared/events/event-types';
import type { FunctionToolParam } from '../tools/tool';
import type { ToolImage } from '../../../src-shared/events/tool-result';
import type { RetryInfo } from './retry-policy';
import type { ModelSettings } from '../../../src-shared/contract/fork-views';

/** One message of the conversation, provider-neutral. Providers translate it to their wire format. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: ToolImage[] }
  | {
      role: 'assistant';
      content: string;
      toolCalls?: ToolCallRecord[];
      /** The reasoning shown to the user (display only; never sent back as text). */
      thinking?: string;
      /** The provider's reasoning blocks/items to send back on later requests (see CarriedReasoning). */
      reasoning?: CarriedReasoning;
    }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; images?: ToolImage[]; isError?: boolean };

/**
 * Token usage of one model turn as the server reports it (absent fields: not reported).
 * `inputTokens` counts every prompt token, the cached ones included.
 */
export interface LlmUsage {
  inputTokens?: number;
  outputTokens?: number;
  /** Prompt tokens read from the provider's cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens). */
  cachedInputTokens?: number;
  /** Prompt tokens written to the provider's cache (Anthropic cache_creation_input_tokens). */
  cacheWriteTokens?: number;
  /** Output tokens spent on reasoning (OpenAI reasoning_tokens). */
  reasoningTokens?: number;
}

/** What the agent asks the model for one turn. */
export interface LlmRequest {
  /** System prompt; providers place it where their API wants it. */
  system: string;
  messages: ChatMessage[];
  tools: FunctionToolParam[];
  signal?: AbortSignal;
  /**
   * A key that stays the same for every request of one conversation (the session id): OpenAI
   * routes requests with the same `prompt_cache_key` to the same cache.
   */
  cacheKey?: string;
}

/** A model turn, assembled from the stream. */
export interface LlmTurn {
  text: string;
  toolCalls: ToolCallRecord[];
  /** The reasoning shown to the user: the turn's thinking text, a redacted block as `[redacted]`. */
  thinking?: string;
  /** What must go back to the provider with this turn on later requests. */
  reasoning?: CarriedReasoning;
  usage?: LlmUsage;
  stopReason?: string;
  /** What went over the wire: the request body as sent and the stream's chunks as received. */
  wire?: WireExchange;
}

/** The exact request body and the streamed response chunks of one model turn (never headers: they hold the key). */
export interface WireExchange {
  request: Record<string, unknown>;
  response: unknown[];
  /** True when the chunks were cut (the whole response is in the turn's text and tool calls). */
  truncated?: boolean;
}

/** Keeps a stream's chunks up to a budget (a long answer streams thousands). */
export class WireRecorder {
  readonly response: unknown[] = [];
  truncated = false;
  private chars = 0;
  constructor(private readonly maxChars = 256 * 1024) {}
  push(chunk: unknown): void {
    if (this.truncated) return;
    const n = JSON.stringify(chunk)?.length ?? 0;
    if (this.chars + n > this.maxChars) {
      this.truncated = true;
      return;
    }
    this.chars += n;
    this.response.push(chunk);
  }
  exchange(request: Record<string, unknown>): WireExchange {
    return { request, response: this.response, ...(this.truncated ? { truncated: true } : {}) };
  }
}

/** Streaming callbacks: text deltas as they arrive; `onRetry` before each retry. */
export interface LlmStreamHandlers {
  onText?(delta: string): void;
  /** Reasoning text as it streams (a redacted block arrives as `[redacted]`). */
  onThinking?(delta: string): void;
  /** The first chunk that carries output (reasoning, text or a tool call) arrived: time to first token. */
  onFirstToken?(): void;
  onRetry?(info: RetryInfo): void;
}

/**
 * The one small interface every model provider implements: stream one turn, return it
 * assembled. Throws LlmError (after retries) or an AbortError when the signal fires.
 */
export interface LlmProvider {
  readonly provider: 'openai' | 'anthropic' | string;
  readonly model: string;
  /** The endpoint base URL (never the key). */
  readonly endpoint: string;
  /** The provider id, temperature and thinking its requests go out with (recorded on `model_request`), when known. */
  readonly settings?: ModelSettings;
  complete(req: LlmRequest, handlers?: LlmStreamHandlers): Promise<LlmTurn>;
}

/** A model request that failed for good: names the endpoint and the HTTP status. */
export class LlmError extends Error {
  readonly code = 'LLM_ERROR';
  constructor(
    message: string,
    readonly endpoint: string,
    readonly status?: number,
    /** The server's own text, the attempts made, the response body and the request body sent (for the inspector). */
    readonly detail?: { serverMessage: string; attempts: number; body?: unknown; request?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** True for the error an aborted request throws. */
export function isAbortError(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = (err as { name?: string } | null)?.name;
  return name === 'AbortError' || name === 'APIUserAbortError';
}
