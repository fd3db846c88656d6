import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { expandReferences } from '../secrets/references';
import { defaultOpenAIApi, isLoopbackURL, resolveLlmConfig, type ResolvedLlmConfig } from './config';
import { resolveThinking } from './thinking-config';

/** The id of the provider the `llm` section (with the `GLASSBOX_LLM_*` variables) describes. */
export const DEFAULT_PROVIDER = 'default';

/** The configured providers' ids: `default` first, then the keys of `llm.providers` as written. */
export function providerIds(config: GlassboxConfig): string[] {
  return [DEFAULT_PROVIDER, ...Object.keys(config.llm?.providers ?? {})];
}

/**
 * The settings of one configured provider: `default` resolves the `llm` section as every session
 * does (environment first); another id resolves its `llm.providers` entry on its own — its
 * endpoint, its key (else `OPENAI_API_KEY` / `ANTHROPIC_API_KEY`; never `GLASSBOX_LLM_API_KEY`,
 * which is the default provider's), its model (unless `model` is given), its temperature and
 * thinking. A key goes only to the endpoint it is configured with. Throws ConfigError naming the
 * provider: unknown id, no model, no key for a remote endpoint, an unset `${env:…}`.
 */
export function resolveProvider(config: GlassboxConfig, id: string, env: NodeJS.ProcessEnv, model?: string): ResolvedLlmConfig {
  if (id === DEFAULT_PROVIDER) return resolveLlmConfig(config, model ? { ...env, GLASSBOX_LLM_MODEL: model } : env);
  const raw = config.llm?.providers?.[id];
  if (!raw || !Object.hasOwn(config.llm!.providers!, id)) {
    throw new ConfigError(`unknown provider "${id}": the configured ones are ${providerIds(config).join(', ')} (more go under llm.providers in config.json)`);
  }
  const where = `llm.providers.${id}`;
  const entry = expandReferences(raw, where, env);
  const provider = entry.provider ?? 'openai';
  const name = model ?? entry.model;
  if (!name) throw new ConfigError(`${where} has no model: give one (the fork's model, or "model" in the entry)`);
  const apiKey = entry.apiKey || (provider === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY) || undefined;
  if (!apiKey && !isLoopbackURL(entry.baseURL)) {
    throw new ConfigError(`no API key for provider "${id}": set "apiKey" in ${where} or ${provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY'}`);
  }
  const retries = Number(env.GLASSBOX_LLM_MAX_RETRIES ?? 3);
  // The entry's own thinking only: GLASSBOX_LLM_THINKING is the default provider's.
  const thinking = resolveThinking(name, entry.thinking, {});
  return {
    provider,
    model: name,
    ...(entry.baseURL ? { baseURL: entry.baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(entry.maxTokens !== undefined ? { maxTokens: entry.maxTokens } : {}),
    ...(entry.temperature !== undefined ? { temperature: entry.temperature } : {}),
    maxRetries: Number.isFinite(retries) && retries >= 0 ? retries : 3,
    ...(thinking ? { thinking } : {}),
    ...(provider === 'openai' ? { api: entry.api ?? defaultOpenAIApi(entry.baseURL) } : {}),
  };
}

/** The wire format a resolved provider speaks. */
export function apiOf(cfg: Pick<ResolvedLlmConfig, 'provider' | 'api'>): 'anthropic' | 'responses' | 'chat' {
  return cfg.provider === 'anthropic' ? 'anthropic' : cfg.api === 'responses' ? 'responses' : 'chat';
}

