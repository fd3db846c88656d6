import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import { chatReasoningFields, chatServerOf } from './chat-reasoning';
import type { ChatMessage } from './llm-types';
import { OpenAIProvider, toOpenAIMessages } from './openai-provider';

// Reasoning over OpenAI-compatible chat completions, each server's shape streamed by the
// scripted server over real HTTP.

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(script: ScriptedTurn[]): Promise<ScriptedModelServer> {
  const s = await startScriptedModelServer(script);
  servers.push(s);
  return s;
}
const req = { system: 'sys', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('chat completions reasoning', () => {
  it.each(['reasoning_content', 'reasoning', 'openrouter', 'think-tags'] as const)('%s: streams as thinking, never as answer text', async (field) => {
    const s = await serve([{ thinking: 'Two plus two is four.', text: 'It is 4.', reasoningField: field, toolCalls: [{ name: 'calc', arguments: { x: 1 } }] }]);
    const p = new OpenAIProvider({ provider: 'openai', model: 'm', apiKey: 'k', maxRetries: 0, baseURL: s.openaiBaseURL });
    const thinking: string[] = [];
    const text: string[] = [];
    let first = 0;
    const turn = await p.complete(req, { onThinking: (d) => thinking.push(d), onText: (d) => text.push(d), onFirstToken: () => first++ });
    expect(text.join('')).toBe('It is 4.');
    expect(turn.text).toBe('It is 4.');
    expect(thinking.length).toBeGreaterThan(1);
    expect(thinking.join('').trim()).toBe('Two plus two is four.');
    expect(turn.thinking?.trim()).toBe('Two plus two is four.');
    expect(first).toBe(1);
    expect(turn.toolCalls).toHaveLength(1);
    if (field === 'think-tags') expect(turn.reasoning).toBeUndefined(); // inline text is not sent back
    else expect(turn.reasoning?.api).toBe('openai-chat');
    if (field === 'openrouter') {
      const details = (turn.reasoning!.items[0] as { reasoning_details: Array<Record<string, unknown>> }).reasoning_details;
      expect(details).toHaveLength(1); // pieces merged into one block by index
      expect(details[0]).toMatchObject({ type: 'reasoning.text', text: 'Two plus two is four.', index: 0 });
      expect(String(details[0].signature)).toMatch(/^EqQB/);
    }
  });

  it('goes back as each server documents: DeepSeek reasoning_content on tool-call turns, OpenRouter reasoning_details, others nothing', () => {
    const reasoning = { api: 'openai-chat' as const, model: 'm', items: [{ reasoning_content: 'thought', reasoning_details: [{ type: 'reasoning.text', text: 'thought', signature: 'sig', index: 0 }] }] };
    const convo: ChatMessage[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'calc', arguments: '{}' }], thinking: 'thought', reasoning },
      { role: 'tool', toolCallId: 'c1', toolName: 'calc', content: '4' },
      { role: 'assistant', content: 'It is 4.', thinking: 'thought', reasoning },
    ];
    const deepseek = toOpenAIMessages('', convo, 'deepseek') as unknown as Array<Record<string, unknown>>;
    expect(deepseek[1].reasoning_content).toBe('thought');
    expect(deepseek[3]).not.toHaveProperty('reasoning_content'); // no tool calls: DeepSeek ignores it
    const openrouter = toOpenAIMessages('', convo, 'openrouter') as unknown as Array<Record<string, unknown>>;
    expect(openrouter[1].reasoning_details).toEqual(reasoning.items[0].reasoning_details);
    for (const server of ['other', 'ollama', 'openai'] as const) {
      const out = JSON.stringify(toOpenAIMessages('', convo, server));
      expect(out).not.toContain('thought');
    }
    // Reasoning from another wire format never leaks into a chat request.
    const foreign = toOpenAIMessages('', [{ role: 'assistant', content: 'x', toolCalls: [{ id: 'c', name: 'n', arguments: '{}' }], reasoning: { api: 'anthropic', model: 'c', items: [{ type: 'thinking', thinking: 'secret plan', signature: 's' }] } }], 'deepseek');
    expect(JSON.stringify(foreign)).not.toContain('secret plan');
  });

  it('asks each server for reasoning in its own terms', () => {
    expect(chatServerOf('https://api.deepseek.com/v1')).toBe('deepseek');
    expect(chatServerOf('https://openrouter.ai/api/v1')).toBe('openrouter');
    expect(chatServerOf('http://127.0.0.1:11434/v1')).toBe('ollama');
    expect(chatServerOf('http://127.0.0.1:8000/v1')).toBe('other');
    expect(chatReasoningFields('openrouter', { kind: 'budget', tokens: 8000 })).toEqual({ reasoning: { max_tokens: 8000 } });
    expect(chatReasoningFields('openrouter', { kind: 'effort', effort: 'high' })).toEqual({ reasoning: { effort: 'high' } });
    expect(chatReasoningFields('deepseek', { kind: 'off' })).toEqual({ thinking: { type: 'disabled' } });
    expect(chatReasoningFields('ollama', { kind: 'off' })).toEqual({ reasoning_effort: 'none' });
    expect(chatReasoningFields('other', { kind: 'budget', tokens: 20000 })).toEqual({ reasoning_effort: 'high' });
    expect(chatReasoningFields('other', undefined)).toEqual({});
  });

  it('sends the setting and, on OpenAI itself only, the session prompt_cache_key', async () => {
    const s = await serve([{ text: 'ok' }]);
    const p = new OpenAIProvider({ provider: 'openai', model: 'm', apiKey: 'k', maxRetries: 0, baseURL: s.openaiBaseURL, thinking: { kind: 'effort', effort: 'low' } });
    await p.complete({ ...req, cacheKey: 'session-1' });
    expect(s.requests[0].body.reasoning_effort).toBe('low');
    expect(s.requests[0].body.prompt_cache_key).toBeUndefined(); // not OpenAI: strict servers reject unknown fields
  });
});
