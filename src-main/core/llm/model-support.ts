import { chatServerOf } from './chat-reasoning';
import { endpointOf, type ResolvedLlmConfig } from './config';
import { apiOf } from './providers';
import { isReasoningModel } from './responses-input';
import { supportsThinking, type ThinkingSetting } from './thinking-config';

/** A form of thinking setting: off, an effort level, a token budget. */
export type ThinkingForm = 'off' | 'effort' | 'budget';

/**
 * The thinking forms a provider takes, as its API documents them: Anthropic a budget (and an
 * effort, sent as the budget it stands for or, on adaptive models, as itself) and off; OpenAI's
 * Responses API an effort, and off (the least reasoning a model allows); Chat Completions by
 * server — OpenRouter all three, DeepSeek and Ollama an effort and off, OpenAI and other servers
 * an effort only (they have no common switch to turn reasoning off).
 */
export function thinkingForms(cfg: ResolvedLlmConfig): ThinkingForm[] {
  const api = apiOf(cfg);
  if (api === 'anthropic') return ['off', 'effort', 'budget'];
  if (api === 'responses') return ['off', 'effort'];
  const server = chatServerOf(endpointOf(cfg));
  if (server === 'openrouter') return ['off', 'effort', 'budget'];
  if (server === 'deepseek' || server === 'ollama') return ['off', 'effort'];
  return ['effort'];
}

/** The highest temperature a provider takes: Anthropic 1, OpenAI-compatible servers 2. */
export function maxTemperature(cfg: Pick<ResolvedLlmConfig, 'provider'>): number {
  return cfg.provider === 'anthropic' ? 1 : 2;
}

function formOf(s: ThinkingSetting): ThinkingForm {
  return s.kind;
}

const FORM_NAME: Record<ThinkingForm, string> = { off: 'turning thinking off', effort: 'an effort (low, medium, high)', budget: 'a token budget' };

function apiName(cfg: ResolvedLlmConfig): string {
  const api = apiOf(cfg);
  if (api === 'anthropic') return 'Anthropic’s Messages API';
  if (api === 'responses') return 'OpenAI’s Responses API';
  return `the Chat Completions server at ${endpointOf(cfg)}`;
}

/**
 * Why the asked temperature or thinking cannot go to this provider and model, or null: a
 * temperature above the provider's bound, thinking in a form the provider does not take, thinking
 * for a model that has none, a temperature the request would silently drop (Anthropic while
 * thinking is on; OpenAI reasoning models). `asked` says which of them the user gave; `cfg` holds
 * the settings the request would go out with.
 */
export function settingsProblem(cfg: ResolvedLlmConfig, asked: { temperature?: boolean; thinking?: boolean }): string | null {
  const api = apiOf(cfg);
  const thinking = cfg.thinking;
  if (asked.thinking && thinking) {
    const forms = thinkingForms(cfg);
    if (!forms.includes(formOf(thinking))) {
      return `${apiName(cfg)} does not take ${FORM_NAME[formOf(thinking)]} for thinking; it takes ${forms.map((f) => FORM_NAME[f]).join(' or ')}`;
    }
    if (thinking.kind !== 'off' && api === 'anthropic' && !supportsThinking(cfg.model)) return `${cfg.model} has no extended thinking: leave thinking off for it`;
    if (api === 'responses' && !isReasoningModel(cfg.model) && thinking.kind !== 'off') return `${cfg.model} is not a reasoning model: the Responses API takes thinking for reasoning models (o-series, gpt-5, …)`;
    if (api === 'responses' && thinking.kind === 'off' && /^o\d/.test(cfg.model.toLowerCase().replace(/^.*\//, ''))) return `${cfg.model} cannot stop reasoning: choose the effort low instead of off`;
  }
  if (asked.temperature && cfg.temperature !== undefined) {
    const max = maxTemperature(cfg);
    if (cfg.temperature > max) return `temperature ${cfg.temperature} is out of range for ${apiName(cfg)}: 0 to ${max}`;
    if (api === 'anthropic' && thinking && thinking.kind !== 'off' && supportsThinking(cfg.model)) {
      return 'Anthropic takes no temperature while thinking is on: turn thinking off for this fork, or leave the temperature as it is';
    }
    if (api === 'responses' && isReasoningModel(cfg.model)) return `${cfg.model} is a reasoning model: the Responses API takes no temperature for it`;
  }
  return null;
}
