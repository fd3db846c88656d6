import type { ModelUsage } from '../../../src-shared/events/model-usage';
import type { ChatMessage, LlmUsage } from './llm-types';
import { costOf, priceOf, type PriceTable } from './prices';

/** The rough token estimate used when a server reports no usage (same rule as compaction). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Characters a request sends: system prompt, messages and the tool schemas. */
export function requestChars(system: string, messages: ChatMessage[], toolsJson: string): number {
  let n = system.length + toolsJson.length;
  for (const m of messages) {
    n += m.content.length;
    // Carried reasoning goes back too (Anthropic thinking text, OpenAI encrypted items).
    if (m.role === 'assistant' && m.reasoning) n += JSON.stringify(m.reasoning.items).length;
    if (m.role === 'assistant') for (const c of m.toolCalls ?? []) n += c.name.length + c.arguments.length;
  }
  return n;
}

/** Builds the recorded usage of a turn. */
export function turnUsage(input: {
  reported: LlmUsage | undefined;
  model: string;
  prices?: PriceTable;
  /** Characters sent and received, for the estimate when nothing was reported. */
  sentChars: number;
  receivedChars: number;
  ttftMs: number | undefined;
  durationMs: number;
}): ModelUsage {
  const r = input.reported;
  const reported = r?.inputTokens !== undefined && r?.outputTokens !== undefined;
  const inputTokens = reported ? r.inputTokens! : estimateTokens(input.sentChars);
  const outputTokens = reported ? r.outputTokens! : estimateTokens(input.receivedChars);
  const tokens = {
    inputTokens,
    outputTokens,
    ...(reported && r.cachedInputTokens ? { cachedInputTokens: r.cachedInputTokens } : {}),
    ...(reported && r.cacheWriteTokens ? { cacheWriteTokens: r.cacheWriteTokens } : {}),
    ...(reported && r.reasoningTokens ? { reasoningTokens: r.reasoningTokens } : {}),
  };
  return {
    ...tokens,
    ...(reported ? {} : { estimated: true }),
    costUsd: costOf(tokens, priceOf(input.model, input.prices)),
    ttftMs: Math.round(input.ttftMs ?? input.durationMs),
    durationMs: Math.round(input.durationMs),
  };
}
