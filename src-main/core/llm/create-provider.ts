import { endpointOf, type ResolvedLlmConfig } from './config';
import type { LlmProvider, LlmRequest, LlmStreamHandlers, LlmTurn } from './llm-types';
import type { ModelSettings } from '../../../src-shared/contract/fork-views';

/**
 * Stands in for the real provider until the first request: the model SDKs (openai ~0.1 s,
 * @anthropic-ai/sdk ~0.3 s of CPU to load) are imported only then, so building a session
 * (and every CLI start) does not pay for them. Name, model and endpoint are known up front.
 */
class LazyProvider implements LlmProvider {
  private real: Promise<LlmProvider> | undefined;

  constructor(
    readonly provider: string,
    readonly model: string,
    readonly endpoint: string,
    private readonly load: () => Promise<LlmProvider>,
    readonly settings?: ModelSettings,
  ) {}

  async complete(req: LlmRequest, handlers?: LlmStreamHandlers): Promise<LlmTurn> {
    this.real ??= this.load();
    return (await this.real).complete(req, handlers);
  }
}

/**
 * Builds the provider the resolved config names: Anthropic, OpenAI Responses or chat completions
 * (its SDK loads on the first request). `settings`: what its requests go out with, for the record.
 */
export function createProvider(cfg: ResolvedLlmConfig, settings?: ModelSettings): LlmProvider {
  if (cfg.provider === 'anthropic') {
    return new LazyProvider('anthropic', cfg.model, endpointOf(cfg), async () => new (await import('./anthropic-provider')).AnthropicProvider(cfg), settings);
  }
  if (cfg.api === 'responses') {
    return new LazyProvider('openai', cfg.model, endpointOf(cfg), async () => new (await import('./openai-responses-provider')).OpenAIResponsesProvider(cfg), settings);
  }
  return new LazyProvider('openai', cfg.model, endpointOf(cfg), async () => new (await import('./openai-provider')).OpenAIProvider(cfg), settings);
}
