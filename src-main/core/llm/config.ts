import { isIPv4 } from 'node:net';
import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { expandReferences } from '../secrets/references';
import { resolveThinking, type ThinkingSetting } from './thinking-config';

/** The model settings after config, project config and environment are merged (docs/configuration.md). */
export interface ResolvedLlmConfig {
  provider: 'openai' | 'anthropic';
  model: string;
  baseURL?: string;
  apiKey?: string;
  maxTokens?: number;
  temperature?: number;
  /** Retries on 429/5xx/network before giving up (default 3). */
  maxRetries: number;
  /** Reasoning for this model (undefined: the provider's default). */
  thinking?: ThinkingSetting;
  /** OpenAI only: which API to speak (default responses for api.openai.com, chat for every other server). */
  api?: 'responses' | 'chat';
}

/** True when a base URL points at this machine (Ollama, LM Studio …), where no key is needed. */
export function isLoopbackURL(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));
  } catch {
    return false;
  }
}

/**
 * Resolves the model settings: `GLASSBOX_LLM_*` env wins over config `llm`, the key falls back to
 * `OPENAI_API_KEY` / `ANTHROPIC_API_KEY` for the chosen provider. A missing model, or a missing key
 * for a non-loopback endpoint, is a ConfigError (exit 2).
 */
export function resolveLlmConfig(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): ResolvedLlmConfig {
  // The other providers' entries are expanded when a fork picks one: an unset variable there is no error of this one.
  const { providers: _others, ...own } = config.llm ?? {};
  const llm = config.llm ? expandReferences(own, 'llm', env) : {};
  const providerRaw = env.GLASSBOX_LLM_PROVIDER || llm.provider || 'openai';
  if (providerRaw !== 'openai' && providerRaw !== 'anthropic') {
    throw new ConfigError(`llm.provider must be "openai" or "anthropic", got "${providerRaw}"`);
  }
  const provider = providerRaw;
  const baseURL = env.GLASSBOX_LLM_BASE_URL || llm.baseURL || undefined;
  const model = env.GLASSBOX_LLM_MODEL || llm.model;
  const fallbackKey = provider === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY;
  const apiKey = env.GLASSBOX_LLM_API_KEY || llm.apiKey || fallbackKey || undefined;
  if (!model) {
    throw new ConfigError(
      'no model configured: set GLASSBOX_LLM_MODEL or "llm": { "model": … } in $GLASSBOX_HOME/config.json',
    );
  }
  if (!apiKey && !isLoopbackURL(baseURL)) {
    const envName = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
    throw new ConfigError(
      `no API key for the ${provider} provider: set GLASSBOX_LLM_API_KEY or ${envName}, or "llm": { "apiKey": … } in config`,
    );
  }
  const maxRetries = Number(env.GLASSBOX_LLM_MAX_RETRIES ?? 3);
  if (llm.api !== undefined && llm.api !== 'responses' && llm.api !== 'chat') {
    throw new ConfigError(`llm.api must be "responses" or "chat", got "${String(llm.api)}"`);
  }
  const thinking = resolveThinking(model, llm.thinking, env);
  return {
    provider,
    model,
    baseURL,
    apiKey,
    maxTokens: llm.maxTokens,
    temperature: llm.temperature,
    maxRetries: Number.isFinite(maxRetries) && maxRetries >= 0 ? maxRetries : 3,
    ...(thinking ? { thinking } : {}),
    ...(provider === 'openai' ? { api: llm.api ?? defaultOpenAIApi(baseURL) } : {}),
  };
}

/** Responses for OpenAI's own endpoint, Chat Completions for every other server (Ollama, vLLM, OpenRouter …). */
export function defaultOpenAIApi(baseURL: string | undefined): 'responses' | 'chat' {
  if (!baseURL) return 'responses';
  try {
    return new URL(baseURL).hostname === 'api.openai.com' ? 'responses' : 'chat';
  } catch {
    return 'chat';
  }
}

/**
 * The base URL a provider talks to: the configured one, else the vendor's. Anthropic's SDK
 * appends /v1/messages itself, so a base URL given with /v1 (a common slip) is accepted too.
 */
export function endpointOf(cfg: Pick<ResolvedLlmConfig, 'provider' | 'baseURL'>): string {
  if (cfg.provider === 'anthropic') return (cfg.baseURL ?? 'https://api.anthropic.com').replace(/\/v1\/?$/, '');
  return cfg.baseURL ?? 'https://api.openai.com/v1';
}
