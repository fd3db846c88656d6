import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../e2e/fixtures/scripted-model-server';
import { AnthropicProvider } from './anthropic-provider';
import { LlmError } from './llm-types';
import { OpenAIProvider } from './openai-provider';
import { OpenAIResponsesProvider } from './openai-responses-provider';

// Both providers against the scripted model over real HTTP (streaming).

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(...a: Parameters<typeof startScriptedModelServer>): Promise<ScriptedModelServer> {
  const s = await startScriptedModelServer(...a);
  servers.push(s);
  return s;
}
const req = { system: 'sys', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('providers over HTTP', () => {
  it.each(['openai', 'responses', 'anthropic'] as const)('%s: requests of one run leave no abort listener on its signal', async (wire) => {
    // The SDKs add a listener to the signal they get and never remove it: one run of 12 steps warned of a leak.
    const s = await serve(Array.from({ length: 12 }, () => ({ text: 'ok' })));
    const baseURL = wire === 'anthropic' ? s.anthropicBaseURL : s.openaiBaseURL;
    const cfg = { provider: wire === 'anthropic' ? ('anthropic' as const) : ('openai' as const), model: 'scripted', apiKey: 'k', maxRetries: 0, baseURL };
    const p = wire === 'anthropic' ? new AnthropicProvider(cfg) : wire === 'responses' ? new OpenAIResponsesProvider({ ...cfg, api: 'responses' }) : new OpenAIProvider(cfg);
    const run = new AbortController();
    for (let i = 0; i < 12; i++) expect((await p.complete({ ...req, signal: run.signal })).text).toBe('ok');
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it.each(['openai', 'anthropic'] as const)('%s: streams text deltas and assembles tool calls and usage', async (wire) => {
    const s = await serve([{ text: 'Hello there, friend', toolCalls: [{ name: 'a', arguments: { x: 1, long: 'y'.repeat(40) } }, { name: 'b', arguments: '{}' }], usage: { inputTokens: 12, outputTokens: 5 } }]);
    const cfg = { provider: wire, model: 'scripted', apiKey: 'k', maxRetries: 0, baseURL: wire === 'openai' ? s.openaiBaseURL : s.anthropicBaseURL };
    const p = wire === 'openai' ? new OpenAIProvider(cfg) : new AnthropicProvider(cfg);
    const deltas: string[] = [];
    const turn = await p.complete(req, { onText: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Hello there, friend');
    expect(turn.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['a', { x: 1, long: 'y'.repeat(40) }],
      ['b', {}],
    ]);
    expect(turn.usage).toEqual({ inputTokens: 12, outputTokens: 5 });
  });

  it.each(['openai', 'anthropic'] as const)('%s: reports cached and reasoning tokens, the first token, and nothing when the server sends no usage', async (wire) => {
    const s = await serve([
      { text: 'ok', usage: { inputTokens: 1500, outputTokens: 40, cachedInputTokens: 1024, ...(wire === 'openai' ? { reasoningTokens: 16 } : {}) } },
      { toolCalls: [{ name: 'a', arguments: '{}' }], usage: null },
    ]);
    const cfg = { provider: wire, model: 'scripted', apiKey: 'k', maxRetries: 0, baseURL: wire === 'openai' ? s.openaiBaseURL : s.anthropicBaseURL };
    const p = wire === 'openai' ? new OpenAIProvider(cfg) : new AnthropicProvider(cfg);
    let first = 0;
    const turn = await p.complete(req, { onFirstToken: () => first++ });
    expect(first).toBe(1);
    expect(turn.usage).toEqual({ inputTokens: 1500, outputTokens: 40, cachedInputTokens: 1024, ...(wire === 'openai' ? { reasoningTokens: 16 } : {}) });
    first = 0;
    const bare = await p.complete(req, { onFirstToken: () => first++ });
    expect(first).toBe(1); // a tool call is output too
    expect(bare.usage?.inputTokens).toBeUndefined();
  });

  it('openai: a server that rejects stream_options is asked again without them', async () => {
    const s = await serve([{ status: 400, errorMessage: 'Unrecognized request argument supplied: stream_options' }, { text: 'ok' }]);
    const p = new OpenAIProvider({ provider: 'openai', model: 'm', apiKey: 'k', maxRetries: 0, baseURL: s.openaiBaseURL });
    expect((await p.complete(req)).text).toBe('ok');
    expect(s.requests[0].body.stream_options).toBeDefined();
    expect(s.requests[1].body.stream_options).toBeUndefined();
  });

  it('anthropic: a base URL ending in /v1 still reaches /v1/messages', async () => {
    const s = await serve([{ text: 'ok' }]);
    const p = new AnthropicProvider({ provider: 'anthropic', model: 'm', apiKey: 'k', maxRetries: 0, baseURL: `${s.anthropicBaseURL}/v1` });
    expect((await p.complete(req)).text).toBe('ok');
    expect(s.requests[0].path).toBe('/v1/messages');
  });

  it('a non-retryable status fails at once with endpoint and status', async () => {
    const s = await serve([{ status: 401, errorMessage: 'invalid x-api-key' }]);
    const p = new AnthropicProvider({ provider: 'anthropic', model: 'm', apiKey: 'k', maxRetries: 3, baseURL: s.anthropicBaseURL });
    const err = await p.complete(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).status).toBe(401);
    expect((err as Error).message).toContain(s.anthropicBaseURL);
    expect(s.requests).toHaveLength(1);
  });

  it('a refused connection is retried, then reported as a network error', async () => {
    const s = await serve([]);
    const url = s.openaiBaseURL;
    await s.close();
    servers.length = 0;
    const retries: string[] = [];
    const p = new OpenAIProvider({ provider: 'openai', model: 'm', apiKey: 'k', maxRetries: 1, baseURL: url });
    await expect(p.complete(req, { onRetry: (i) => retries.push(i.error) })).rejects.toThrow(/failed after 2 attempts: network error/);
    expect(retries).toHaveLength(1);
  });
});
