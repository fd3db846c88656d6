import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error';
import { resolveLlmConfig } from './config';
import { effortOf, resolveThinking } from './thinking-config';

describe('llm.thinking and GLASSBOX_LLM_THINKING', () => {
  it.each([
    [8000, { kind: 'budget', tokens: 8000 }],
    ['8000', { kind: 'budget', tokens: 8000 }],
    [100, { kind: 'budget', tokens: 1024 }], // raised to the minimum budget
    ['High', { kind: 'effort', effort: 'high' }],
    ['off', { kind: 'off' }],
  ])('%s', (value, expected) => {
    expect(resolveThinking('claude-sonnet-4-5', value, {})).toEqual(expected);
  });

  it('an object is looked up per model: exact, dated variant, provider prefix, then "*"', () => {
    const cfg = { 'claude-opus-4-1': 'high', 'gpt-5': 'low', 'deepseek-reasoner': 'off', '*': 4000 };
    expect(resolveThinking('claude-opus-4-1', cfg, {})).toEqual({ kind: 'effort', effort: 'high' });
    expect(resolveThinking('gpt-5-2025-08-07', cfg, {})).toEqual({ kind: 'effort', effort: 'low' });
    expect(resolveThinking('deepseek/deepseek-reasoner', cfg, {})).toEqual({ kind: 'off' });
    expect(resolveThinking('qwen3', cfg, {})).toEqual({ kind: 'budget', tokens: 4000 });
    expect(resolveThinking('qwen3', { 'gpt-5': 'low' }, {})).toBeUndefined();
  });

  it('the environment wins over the config; bad values are config errors naming where', () => {
    expect(resolveThinking('m', 'high', { GLASSBOX_LLM_THINKING: 'off' })).toEqual({ kind: 'off' });
    expect(() => resolveThinking('m', undefined, { GLASSBOX_LLM_THINKING: 'lots' })).toThrow(/GLASSBOX_LLM_THINKING: .*got "lots"/);
    expect(() => resolveThinking('m', 'maximum', {})).toThrow(ConfigError);
    expect(() => resolveThinking('m', { m: -5 }, {})).toThrow(/llm\.thinking/);
  });

  it('resolveLlmConfig carries it, and picks the OpenAI API by endpoint', () => {
    const cfg = resolveLlmConfig({ llm: { model: 'gpt-5', apiKey: 'k', thinking: { 'gpt-5': 'medium' } } }, {});
    expect(cfg.thinking).toEqual({ kind: 'effort', effort: 'medium' });
    expect(cfg.api).toBe('responses');
    expect(resolveLlmConfig({ llm: { model: 'm', baseURL: 'http://127.0.0.1:11434/v1' } }, {}).api).toBe('chat');
    expect(resolveLlmConfig({ llm: { model: 'm', baseURL: 'http://127.0.0.1:11434/v1', api: 'responses' } }, {}).api).toBe('responses');
    expect(resolveLlmConfig({ llm: { provider: 'anthropic', model: 'm', apiKey: 'k' } }, {}).api).toBeUndefined();
    expect(() => resolveLlmConfig({ llm: { model: 'm', apiKey: 'k', api: 'completions' as never } }, {})).toThrow(/llm\.api/);
  });

  it('budgets map to efforts for providers that take only efforts', () => {
    expect(effortOf({ kind: 'budget', tokens: 2000 })).toBe('low');
    expect(effortOf({ kind: 'budget', tokens: 8000 })).toBe('medium');
    expect(effortOf({ kind: 'budget', tokens: 32000 })).toBe('high');
  });
});
