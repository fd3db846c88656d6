import { describe, expect, it } from 'vitest';
import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import { isLoopbackURL, resolveLlmConfig, endpointOf } from './config';

describe('resolveLlmConfig', () => {
  it.each<[string, GlassboxConfig, NodeJS.ProcessEnv, Partial<ReturnType<typeof resolveLlmConfig>> | 'error']>([
    ['config only', { llm: { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k-config' } }, {}, { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k-config' }],
    ['env beats config', { llm: { provider: 'openai', model: 'a', baseURL: 'http://x/v1', apiKey: 'k1' } }, { GLASSBOX_LLM_PROVIDER: 'anthropic', GLASSBOX_LLM_MODEL: 'claude', GLASSBOX_LLM_BASE_URL: 'http://y', GLASSBOX_LLM_API_KEY: 'k2' }, { provider: 'anthropic', model: 'claude', baseURL: 'http://y', apiKey: 'k2' }],
    ['OPENAI_API_KEY as fallback', { llm: { model: 'm' } }, { OPENAI_API_KEY: 'sk-o', ANTHROPIC_API_KEY: 'sk-a' }, { provider: 'openai', apiKey: 'sk-o' }],
    ['ANTHROPIC_API_KEY for anthropic', { llm: { provider: 'anthropic', model: 'm' } }, { OPENAI_API_KEY: 'sk-o', ANTHROPIC_API_KEY: 'sk-a' }, { provider: 'anthropic', apiKey: 'sk-a' }],
    ['${env:X} in the key expands', { llm: { model: 'm', apiKey: '${env:MY_KEY}' } }, { MY_KEY: 'from-env' }, { apiKey: 'from-env' }],
    ['no key needed on loopback (Ollama)', { llm: { model: 'llama3', baseURL: 'http://127.0.0.1:11434/v1' } }, {}, { apiKey: undefined, baseURL: 'http://127.0.0.1:11434/v1' }],
    ['no key needed on localhost', { llm: { model: 'llama3', baseURL: 'http://localhost:1234/v1' } }, {}, { model: 'llama3' }],
    ['missing model', { llm: { apiKey: 'k' } }, {}, 'error'],
    ['missing key for a remote endpoint', { llm: { model: 'm' } }, {}, 'error'],
    ['bad provider', { llm: { model: 'm', apiKey: 'k' } }, { GLASSBOX_LLM_PROVIDER: 'gemini' }, 'error'],
    ['missing env variable in the key', { llm: { model: 'm', apiKey: '${env:NOPE_NOT_SET}' } }, {}, 'error'],
  ])('%s', (_name, config, env, expected) => {
    if (expected === 'error') {
      expect(() => resolveLlmConfig(config, env)).toThrow(ConfigError);
    } else {
      expect(resolveLlmConfig(config, env)).toMatchObject(expected);
    }
  });

  it('names what to set in the error', () => {
    expect(() => resolveLlmConfig({}, {})).toThrow(/GLASSBOX_LLM_MODEL/);
    expect(() => resolveLlmConfig({ llm: { model: 'm', provider: 'anthropic' } }, {})).toThrow(/ANTHROPIC_API_KEY/);
  });
});

describe('isLoopbackURL', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', true],
    ['http://localhost:8080', true],
    ['http://[::1]:8080', true],
    ['https://api.openai.com/v1', false],
    ['http://127.example.com', false],
    ['not a url', false],
  ] as const)('%s → %s', (url, expected) => expect(isLoopbackURL(url)).toBe(expected));
});

describe('endpointOf', () => {
  it.each([
    [{ provider: 'openai', baseURL: undefined }, 'https://api.openai.com/v1'],
    [{ provider: 'openai', baseURL: 'http://127.0.0.1:11434/v1' }, 'http://127.0.0.1:11434/v1'],
    [{ provider: 'anthropic', baseURL: undefined }, 'https://api.anthropic.com'],
    [{ provider: 'anthropic', baseURL: 'http://127.0.0.1:9000/v1/' }, 'http://127.0.0.1:9000'],
  ] as const)('%j → %s', (cfg, want) => {
    expect(endpointOf(cfg)).toBe(want);
  });
});
