import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import { createProvider } from './create-provider';
import type { ResolvedLlmConfig } from './config';
import { LlmError, type ChatMessage, type LlmTurn } from './llm-types';
import { OpenAIResponsesProvider } from './openai-responses-provider';

// OpenAI's Responses API against the scripted server's documented event stream over real HTTP.

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(script: ScriptedTurn[]): Promise<ScriptedModelServer> {
  const s = await startScriptedModelServer(script);
  servers.push(s);
  return s;
}
function cfg(s: ScriptedModelServer, extra: Partial<ResolvedLlmConfig> = {}): ResolvedLlmConfig {
  return { provider: 'openai', api: 'responses', model: 'gpt-5-mini', apiKey: 'k', maxRetries: 0, baseURL: s.openaiBaseURL, ...extra };
}
const tools = [{ type: 'function' as const, function: { name: 'shot', description: 'screenshot', parameters: { type: 'object', properties: {} } } }];
const task: ChatMessage = { role: 'user', content: 'take a screenshot' };
const img = { data: 'iVBORw0KGgo=', mimeType: 'image/png' };

function afterTool(turn: LlmTurn): ChatMessage[] {
  return [
    task,
    { role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...(turn.reasoning ? { reasoning: turn.reasoning } : {}) },
    { role: 'tool', toolCallId: turn.toolCalls[0].id, toolName: 'shot', content: 'took it', images: [img] },
  ];
}

describe('OpenAI Responses API', () => {
  it('streams text and reasoning summaries, assembles function calls, reports cached and reasoning tokens', async () => {
    const s = await serve([
      { thinking: ['Plan: look first.', 'Then call the tool.'], text: 'Taking it.', toolCalls: [{ name: 'shot', arguments: { full: true, pad: 'z'.repeat(30) } }], usage: { inputTokens: 2000, outputTokens: 300, cachedInputTokens: 1536, reasoningTokens: 256 } },
    ]);
    const thinking: string[] = [];
    const text: string[] = [];
    const turn = await new OpenAIResponsesProvider(cfg(s, { thinking: { kind: 'effort', effort: 'high' } })).complete(
      { system: 'sys', messages: [task], tools, cacheKey: 'sess-1' },
      { onThinking: (d) => thinking.push(d), onText: (d) => text.push(d) },
    );
    expect(s.requests[0].path).toBe('/v1/responses');
    expect(thinking.join('')).toBe('Plan: look first.\n\nThen call the tool.');
    expect(turn.thinking).toBe('Plan: look first.\n\nThen call the tool.');
    expect(text.join('')).toBe('Taking it.');
    expect(turn.toolCalls).toEqual([{ id: expect.stringMatching(/^call_/), name: 'shot', arguments: JSON.stringify({ full: true, pad: 'z'.repeat(30) }) }]);
    expect(turn.usage).toEqual({ inputTokens: 2000, outputTokens: 300, cachedInputTokens: 1536, reasoningTokens: 256 });
    expect(turn.reasoning?.api).toBe('openai-responses');
    expect(turn.reasoning?.items).toHaveLength(2);
    expect((turn.reasoning!.items[0] as { encrypted_content: string }).encrypted_content).toMatch(/^gAAAAA/);
    const body = s.requests[0].body;
    expect(body).toMatchObject({ model: 'gpt-5-mini', instructions: 'sys', store: false, include: ['reasoning.encrypted_content'], reasoning: { summary: 'auto', effort: 'high' }, stream: true });
    expect(body.tools).toEqual([{ type: 'function', name: 'shot', description: 'screenshot', parameters: { type: 'object', properties: {} }, strict: false }]);
    expect(body.prompt_cache_key).toBeUndefined(); // only on OpenAI's own endpoint
  });

  it('carries the encrypted reasoning items back as received, then the call and its output with images', async () => {
    const s = await serve([{ thinking: 'Look first.', toolCalls: [{ name: 'shot', arguments: {} }] }, { thinking: 'Seen.', text: 'A red square.' }]);
    const p = new OpenAIResponsesProvider(cfg(s));
    const first = await p.complete({ system: 'sys', messages: [task], tools });
    const second = await p.complete({ system: 'sys', messages: afterTool(first), tools });
    expect(second.text).toBe('A red square.');
    expect(s.requests[1].refused).toBeUndefined();
    const input = s.requests[1].body.input as Array<Record<string, unknown>>;
    expect(input.map((i) => i.type ?? i.role)).toEqual(['user', 'reasoning', 'function_call', 'function_call_output']);
    expect(input[1]).toEqual(first.reasoning!.items[0]);
    expect(input[2]).toEqual({ type: 'function_call', call_id: first.toolCalls[0].id, name: 'shot', arguments: '{}' });
    expect(input[3]).toEqual({
      type: 'function_call_output',
      call_id: first.toolCalls[0].id,
      output: [{ type: 'input_text', text: 'took it' }, { type: 'input_image', image_url: `data:image/png;base64,${img.data}`, detail: 'auto' }],
    });
  });

  it('altered encrypted reasoning is refused with OpenAI\'s 400; reasoning from another model is not sent', async () => {
    const s = await serve([{ thinking: 'Look first.', toolCalls: [{ name: 'shot', arguments: {} }] }, { text: 'fine' }]);
    const p = new OpenAIResponsesProvider(cfg(s));
    const first = await p.complete({ system: 'sys', messages: [task], tools });
    const item = first.reasoning!.items[0] as Record<string, string>;
    const tampered = { ...first, reasoning: { ...first.reasoning!, items: [{ ...item, encrypted_content: `${item.encrypted_content}x` }] } };
    const err = await p.complete({ system: 'sys', messages: afterTool(tampered), tools }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).status).toBe(400);
    expect((err as LlmError).detail?.serverMessage).toBe(`The encrypted content for item ${item.id} could not be verified.`);
    // The session switched models: the old model's reasoning stays out, and the request goes through.
    const other = new OpenAIResponsesProvider(cfg(s, { model: 'gpt-5' }));
    expect((await other.complete({ system: 'sys', messages: afterTool(first), tools })).text).toBe('fine');
    expect((s.requests[2].body.input as Array<{ type?: string }>).some((i) => i.type === 'reasoning')).toBe(false);
  });

  it('retries a 500 as chat completions do, and createProvider picks this API when configured', async () => {
    const s = await serve([{ status: 500, errorMessage: 'upstream hiccup' }, { text: 'ok' }]);
    const retries: string[] = [];
    const p = createProvider(cfg(s, { maxRetries: 2 }));
    expect((await p.complete({ system: '', messages: [task], tools: [] }, { onRetry: (i) => retries.push(i.error) })).text).toBe('ok');
    expect(retries).toEqual(['HTTP 500: upstream hiccup']);
    expect(s.requests.map((r) => r.path)).toEqual(['/v1/responses', '/v1/responses']);
  });

  it('non-reasoning models get no reasoning fields; OpenAI\'s endpoint gets the session cache key', () => {
    const p = new OpenAIResponsesProvider({ provider: 'openai', api: 'responses', model: 'gpt-4.1', apiKey: 'k', maxRetries: 0, temperature: 0.3 });
    const body = p.buildRequest({ system: 's', messages: [task], tools: [], cacheKey: 'sess-9' });
    expect(body).not.toHaveProperty('reasoning');
    expect(body).not.toHaveProperty('include');
    expect(body.temperature).toBe(0.3);
    expect(body.prompt_cache_key).toBe('sess-9');
    const off = new OpenAIResponsesProvider({ provider: 'openai', api: 'responses', model: 'gpt-5', apiKey: 'k', maxRetries: 0, thinking: { kind: 'off' } });
    expect(off.buildRequest({ system: 's', messages: [task], tools: [] })).toMatchObject({ reasoning: { effort: 'minimal' }, include: ['reasoning.encrypted_content'] });
  });
});
