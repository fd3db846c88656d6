import { describe, expect, it } from 'vitest';
import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { resolveLlmConfig } from './config';
import { settingsProblem, thinkingForms } from './model-support';
import { providerIds, resolveProvider } from './providers';
import type { ResolvedLlmConfig } from './config';
import { forkChangeLines } from '../../../src-shared/read-models/fork-change-text';
import { ModelChangeSchema } from '../../../src-shared/contract/fork-views';

// The configured providers a fork may pick (`default` and `llm.providers`), what each takes for
// thinking and temperature, and the words the compare view uses for what a fork changed.

const config: GlassboxConfig = {
  llm: {
    provider: 'openai',
    model: 'main-model',
    baseURL: 'http://127.0.0.1:11434/v1',
    providers: {
      claude: { provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: '${env:CLAUDE_KEY}' },
      local: { baseURL: 'http://127.0.0.1:1234/v1' },
      remote: { provider: 'openai', baseURL: 'https://api.example.com/v1', model: 'm' },
    },
  },
};

describe('configured providers', () => {
  it('lists default first, then llm.providers as written', () => {
    expect(providerIds(config)).toEqual(['default', 'claude', 'local', 'remote']);
    expect(providerIds({})).toEqual(['default']);
  });

  it('resolves an entry on its own: its endpoint, key and model; never the default provider\'s key or GLASSBOX_LLM_* variables', () => {
    const env = { CLAUDE_KEY: 'sk-claude-123456', GLASSBOX_LLM_API_KEY: 'sk-default-999999', GLASSBOX_LLM_MODEL: 'env-model', GLASSBOX_LLM_THINKING: 'high' };
    const c = resolveProvider(config, 'claude', env);
    expect(c).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-claude-123456' });
    expect(c.thinking).toBeUndefined();
    expect(resolveProvider(config, 'local', env, 'qwen')).toMatchObject({ provider: 'openai', model: 'qwen', baseURL: 'http://127.0.0.1:1234/v1', api: 'chat' });
    expect(resolveProvider(config, 'local', env, 'qwen').apiKey).toBeUndefined();
    // default is the llm section with the environment on top, as in every session.
    expect(resolveProvider(config, 'default', env)).toEqual(resolveLlmConfig(config, env));
  });

  it('refuses an unknown id, an entry without a model, a remote entry without a key, an unset variable — naming the provider', () => {
    expect(() => resolveProvider(config, 'nope', {})).toThrow(/unknown provider "nope": the configured ones are default, claude, local, remote/);
    expect(() => resolveProvider(config, 'toString', {})).toThrow(ConfigError);
    expect(() => resolveProvider(config, 'local', {})).toThrow(/llm.providers.local has no model/);
    expect(() => resolveProvider(config, 'remote', {})).toThrow(/no API key for provider "remote"/);
    expect(resolveProvider(config, 'remote', { OPENAI_API_KEY: 'sk-openai-1234567' }).apiKey).toBe('sk-openai-1234567');
    expect(() => resolveProvider(config, 'claude', {})).toThrow(/CLAUDE_KEY/);
    // An unset variable in another entry is no error of the default provider.
    expect(resolveLlmConfig(config, {}).model).toBe('main-model');
  });
});

const cfg = (over: Partial<ResolvedLlmConfig>): ResolvedLlmConfig => ({ provider: 'openai', model: 'm', maxRetries: 0, api: 'chat', baseURL: 'http://127.0.0.1:9/v1', ...over });

describe('what a provider takes', () => {
  it.each([
    [cfg({ provider: 'anthropic', api: undefined }), ['off', 'effort', 'budget']],
    [cfg({ api: 'responses', baseURL: undefined }), ['off', 'effort']],
    [cfg({ baseURL: 'https://openrouter.ai/api/v1' }), ['off', 'effort', 'budget']],
    [cfg({ baseURL: 'https://api.deepseek.com/v1' }), ['off', 'effort']],
    [cfg({ baseURL: 'http://127.0.0.1:11434/v1' }), ['off', 'effort']],
    [cfg({}), ['effort']],
  ])('thinking forms %#', (c, forms) => {
    expect(thinkingForms(c)).toEqual(forms);
  });

  it.each([
    [cfg({ provider: 'anthropic', temperature: 1.2 }), { temperature: true }, /out of range .* 0 to 1/],
    [cfg({ temperature: 1.2 }), { temperature: true }, null],
    [cfg({ provider: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.5, thinking: { kind: 'budget', tokens: 4000 } }), { temperature: true }, /no temperature while thinking is on/],
    [cfg({ provider: 'anthropic', model: 'claude-sonnet-4-5', temperature: 0.5, thinking: { kind: 'off' } }), { temperature: true, thinking: true }, null],
    [cfg({ provider: 'anthropic', model: 'claude-3-haiku-20240307', thinking: { kind: 'budget', tokens: 4000 } }), { thinking: true }, /has no extended thinking/],
    [cfg({ provider: 'anthropic', model: 'claude-3-haiku-20240307', thinking: { kind: 'off' } }), { thinking: true }, null],
    [cfg({ api: 'responses', model: 'gpt-5', thinking: { kind: 'off' } }), { thinking: true }, null],
    [cfg({ api: 'responses', model: 'o3', thinking: { kind: 'off' } }), { thinking: true }, /cannot stop reasoning/],
    [cfg({ api: 'responses', model: 'gpt-4o', thinking: { kind: 'effort', effort: 'high' } }), { thinking: true }, /not a reasoning model/],
    [cfg({ api: 'responses', model: 'gpt-5', temperature: 0.2 }), { temperature: true }, /reasoning model: the Responses API takes no temperature/],
    [cfg({ baseURL: 'https://openrouter.ai/api/v1', thinking: { kind: 'budget', tokens: 3000 } }), { thinking: true }, null],
    [cfg({ thinking: { kind: 'budget', tokens: 3000 } }), { thinking: true }, /does not take a token budget/],
    // Settings the user did not ask for are not held against the fork (they are the configuration's).
    [cfg({ thinking: { kind: 'budget', tokens: 3000 } }), { temperature: true }, null],
  ])('settingsProblem %#', (c, asked, expected) => {
    const problem = settingsProblem(c, asked);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});

describe('a fork\'s model change', () => {
  it('parses each field optional, at least one, with reasons', () => {
    expect(ModelChangeSchema.parse({ what: 'model', temperature: 0.2 })).toEqual({ what: 'model', temperature: 0.2 });
    const msg = (v: unknown) => (ModelChangeSchema.safeParse(v).error?.issues[0]?.message ?? 'ok');
    expect(msg({ what: 'model' })).toBe('change at least one of provider, model, temperature, thinking');
    expect(msg({ what: 'model', temperature: -1 })).toBe('temperature is a number from 0 to 2');
    expect(msg({ what: 'model', thinking: 512 })).toBe('a thinking budget is at least 1,024 tokens');
    expect(msg({ what: 'model', thinking: 'max' })).toBe('thinking is off, low, medium, high or a token budget');
    expect(msg({ what: 'model', provider: '../x' })).toMatch(/a provider is `default` or an id of llm.providers/);
    expect(msg({ what: 'model', model: 'a\u202eb' })).toMatch(/control or direction characters/);
  });

  it('says what changed from what', () => {
    expect(forkChangeLines({ what: 'model', temperature: 0.2, from: { temperature: 1 }, to: { provider: 'default', api: 'chat', endpoint: 'e', model: 'm', temperature: 0.2, thinking: null } })).toEqual(['temperature 1 → 0.2']);
    expect(forkChangeLines({ what: 'model', thinking: 8000, from: { thinking: null } })).toEqual(['thinking default → 8,000 tokens']);
    expect(forkChangeLines({ what: 'model', model: 'x' })).toEqual(['model → x']);
    expect(forkChangeLines({ what: 'model', temperature: 0.5, from: { provider: 'default' } })).toEqual(['temperature not recorded → 0.5']);
  });
});
