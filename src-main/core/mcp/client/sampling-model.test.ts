import { describe, expect, it } from 'vitest';
import type { LlmProvider, LlmRequest } from '../../llm/llm-types';
import { llmSampler } from './sampling-model';

function provider(reply: { text?: string; toolCalls?: Array<{ id: string; name: string; arguments: string }> }, seen: LlmRequest[]): LlmProvider {
  return {
    provider: 'openai',
    model: 'gpt-4o-mini',
    endpoint: 'http://127.0.0.1:9',
    complete: async (req) => {
      seen.push(req);
      return { text: reply.text ?? '', toolCalls: reply.toolCalls ?? [], usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } };
    },
  };
}

describe('llmSampler (a server’s sampling request on the session’s model)', () => {
  it('sends the system prompt, the messages (text and images) and the offered tools; answers text with its cost', async () => {
    const seen: LlmRequest[] = [];
    const sample = llmSampler(() => provider({ text: 'teal' }, seen), { 'gpt-4o-mini': { input: 1, output: 2 } });
    const a = await sample(
      {
        systemPrompt: 'Be brief.',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Name a colour' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
          { role: 'assistant', content: { type: 'text', text: 'Which kind?' } },
        ],
        tools: [{ name: 'pick', description: 'picks', inputSchema: { type: 'object', properties: { c: { type: 'string' } } } }],
      },
      new AbortController().signal,
    );
    expect(seen[0].system).toBe('Be brief.');
    expect(seen[0].messages).toEqual([
      { role: 'user', content: 'Name a colour', images: [{ data: 'AAAA', mimeType: 'image/png' }] },
      { role: 'assistant', content: 'Which kind?' },
    ]);
    expect(seen[0].tools[0]).toMatchObject({ type: 'function', function: { name: 'pick', description: 'picks' } });
    expect(a.result).toEqual({ role: 'assistant', content: { type: 'text', text: 'teal' }, model: 'gpt-4o-mini', stopReason: 'endTurn' });
    expect(a.costUsd).toBe(3);
  });

  it('a tool call becomes tool_use content; an unknown price is null', async () => {
    const a = await llmSampler(() => ({ ...provider({ toolCalls: [{ id: 't1', name: 'pick', arguments: '{"c":"red"}' }] }, []), model: 'no-such-model' }))({ messages: [{ role: 'user', content: { type: 'text', text: 'go' } }] }, new AbortController().signal);
    expect(a.result).toMatchObject({ content: [{ type: 'tool_use', id: 't1', name: 'pick', input: { c: 'red' } }], stopReason: 'toolUse' });
    expect(a.costUsd).toBeNull();
  });
});
