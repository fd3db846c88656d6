import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../e2e/fixtures/scripted-model-server';
import { AnthropicProvider } from './anthropic-provider';
import { createProvider } from './create-provider';
import type { ResolvedLlmConfig } from './config';
import { OpenAIProvider } from './openai-provider';

// createProvider hands out a stand-in that loads the SDK on the first request; it must look
// and behave exactly like the provider it stands for.

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const req = { system: 'sys', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('createProvider', () => {
  const configs: ResolvedLlmConfig[] = [
    { provider: 'openai', model: 'gpt-x', apiKey: 'k', maxRetries: 0 },
    { provider: 'openai', model: 'llama', apiKey: '', maxRetries: 0, baseURL: 'http://127.0.0.1:11434/v1' },
    { provider: 'anthropic', model: 'claude-x', apiKey: 'k', maxRetries: 0 },
    { provider: 'anthropic', model: 'claude-x', apiKey: 'k', maxRetries: 0, baseURL: 'https://proxy.example/v1/' },
    { provider: 'anthropic', model: 'claude-x', apiKey: 'k', maxRetries: 0, baseURL: 'https://proxy.example/base' },
  ];
  it.each(configs)('reports the same name, model and endpoint as the real provider ($provider $baseURL)', (cfg) => {
    const real = cfg.provider === 'anthropic' ? new AnthropicProvider(cfg) : new OpenAIProvider(cfg);
    const lazy = createProvider(cfg);
    expect({ provider: lazy.provider, model: lazy.model, endpoint: lazy.endpoint }).toEqual({
      provider: real.provider,
      model: real.model,
      endpoint: real.endpoint,
    });
  });

  it.each(['openai', 'anthropic'] as const)('%s: requests reach the model over HTTP, and keep going to it', async (wire) => {
    const s = await startScriptedModelServer([{ text: 'first' }, { text: 'second' }]);
    servers.push(s);
    const p = createProvider({ provider: wire, model: 'scripted', apiKey: 'k', maxRetries: 0, baseURL: wire === 'openai' ? s.openaiBaseURL : s.anthropicBaseURL });
    const deltas: string[] = [];
    expect((await p.complete(req, { onText: (d) => deltas.push(d) })).text).toBe('first');
    expect(deltas.join('')).toBe('first');
    expect((await p.complete(req)).text).toBe('second');
    expect(s.requests).toHaveLength(2);
  });
});
