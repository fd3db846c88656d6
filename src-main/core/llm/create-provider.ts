import { AnthropicProvider } from './anthropic-provider';
import type { ResolvedLlmConfig } from './llm-config';
import type { LlmProvider } from './llm-types';
import { OpenAIProvider } from './openai-provider';

/** Builds the provider the resolved config names. */
export function createProvider(cfg: ResolvedLlmConfig): LlmProvider {
  return cfg.provider === 'anthropic' ? new AnthropicProvider(cfg) : new OpenAIProvider(cfg);
}
