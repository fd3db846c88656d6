import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './llm-types';
import { toAnthropicMessages } from './anthropic-messages';
import { toOpenAIMessages } from './openai-provider';

const img = { data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const convo: ChatMessage[] = [
  { role: 'system', content: 'mcp instructions' },
  { role: 'user', content: 'take a screenshot' },
  { role: 'assistant', content: 'ok', toolCalls: [{ id: 'c1', name: 'shot', arguments: '{"w":1}' }, { id: 'c2', name: 'bash', arguments: '{bad' }] },
  { role: 'tool', toolCallId: 'c1', toolName: 'shot', content: 'took it', images: [img] },
  { role: 'tool', toolCallId: 'c2', toolName: 'bash', content: 'Error: malformed', isError: true },
  { role: 'system', content: 'You seem stuck' },
  { role: 'assistant', content: 'done' },
];

describe('OpenAI message translation', () => {
  it('puts tool images in a user message after the tool results', () => {
    const out = toOpenAIMessages('sys', convo);
    expect(out.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'tool', 'tool', 'user', 'system', 'assistant']);
    expect(out[3]).toMatchObject({ tool_calls: [{ id: 'c1', type: 'function', function: { name: 'shot', arguments: '{"w":1}' } }, { id: 'c2' }] });
    expect(out[4]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'took it' });
    const imgMsg = out[6] as { content: Array<{ type: string; image_url?: { url: string } }> };
    expect(imgMsg.content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${img.data}` } });
  });
});

describe('Anthropic message translation', () => {
  it('leading system text joins the system prompt; images go inside tool_result blocks; turns alternate', () => {
    const { system, messages } = toAnthropicMessages('sys', convo);
    expect(system).toBe('sys\n\nmcp instructions');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const assistant = messages[1].content as unknown as Array<Record<string, unknown>>;
    expect(assistant[1]).toEqual({ type: 'tool_use', id: 'c1', name: 'shot', input: { w: 1 } });
    expect(assistant[2]).toEqual({ type: 'tool_use', id: 'c2', name: 'bash', input: {} }); // malformed args: the API needs an object
    const results = messages[2].content as unknown as Array<Record<string, unknown>>;
    expect(results[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: [{ type: 'text', text: 'took it' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: img.data } }],
    });
    expect(results[1]).toMatchObject({ type: 'tool_result', tool_use_id: 'c2', is_error: true });
    expect(results[2]).toEqual({ type: 'text', text: '[system note] You seem stuck' });
  });
});

describe('Anthropic output limit', () => {
  it('defaults to 4096 for Claude 3 models, 8192 otherwise', async () => {
    const { defaultMaxTokens } = await import('./anthropic-provider');
    expect(defaultMaxTokens('claude-3-haiku-20240307')).toBe(4096);
    expect(defaultMaxTokens('claude-3-5-sonnet-latest')).toBe(8192);
    expect(defaultMaxTokens('claude-sonnet-4-5')).toBe(8192);
  });
});
