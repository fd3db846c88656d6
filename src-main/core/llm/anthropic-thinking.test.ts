import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import { countCacheBreakpoints, withCacheBreakpoints, toAnthropicMessages } from './anthropic-messages';
import { AnthropicProvider, thinkingParams } from './anthropic-provider';
import type { ResolvedLlmConfig } from './config';
import { LlmError, type ChatMessage, type LlmTurn } from './llm-types';

// Anthropic extended thinking and prompt caching against the scripted Messages API over real
// HTTP. The server refuses, with Anthropic's own 400 text, a tool-result turn whose thinking
// blocks are missing or altered.

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(script: ScriptedTurn[], opts: Parameters<typeof startScriptedModelServer>[1] = {}): Promise<ScriptedModelServer> {
  const s = await startScriptedModelServer(script, opts);
  servers.push(s);
  return s;
}
function provider(s: ScriptedModelServer, extra: Partial<ResolvedLlmConfig> = {}): AnthropicProvider {
  return new AnthropicProvider({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'k', maxRetries: 0, baseURL: s.anthropicBaseURL, thinking: { kind: 'budget', tokens: 4000 }, ...extra });
}
const tools = [{ type: 'function' as const, function: { name: 'bash', description: 'run', parameters: { type: 'object', properties: { command: { type: 'string' } } } } }];
const task: ChatMessage = { role: 'user', content: 'list files' };

/** The conversation after `turn`'s tool call ran: what the agent sends next. */
function afterTool(turn: LlmTurn): ChatMessage[] {
  return [
    task,
    { role: 'assistant', content: turn.text, toolCalls: turn.toolCalls, ...(turn.thinking ? { thinking: turn.thinking } : {}), ...(turn.reasoning ? { reasoning: turn.reasoning } : {}) },
    { role: 'tool', toolCallId: turn.toolCalls[0].id, toolName: 'bash', content: 'a.txt' },
  ];
}

describe('Anthropic extended thinking', () => {
  it('streams the thinking live, keeps each block with its signature, and shows a redacted block as such', async () => {
    const s = await serve([{ thinking: ['First I look.', { redacted: true }], text: 'Listing.', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] }]);
    const deltas: string[] = [];
    const turn = await provider(s).complete({ system: 'sys', messages: [task], tools }, { onThinking: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(2); // arrived in pieces
    expect(deltas.join('')).toBe('First I look.\n\n[redacted]');
    expect(turn.thinking).toBe('First I look.\n\n[redacted]');
    expect(turn.text).toBe('Listing.');
    expect(turn.reasoning?.api).toBe('anthropic');
    const [block, redacted] = turn.reasoning!.items as Array<Record<string, string>>;
    expect(block).toMatchObject({ type: 'thinking', thinking: 'First I look.' });
    expect(block.signature.length).toBeGreaterThan(20);
    expect(redacted.type).toBe('redacted_thinking');
    const body = s.requests[0].body;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 4000 });
    expect(body.max_tokens as number).toBeGreaterThan(4000);
    expect(s.requests[0].headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14');
  });

  it('sends the thinking blocks back unmodified, first in the tool-use turn, and the server accepts them', async () => {
    const s = await serve([{ thinking: ['Need ls.', { redacted: true }], toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] }, { thinking: 'Got it.', text: 'There is a.txt' }]);
    const p = provider(s);
    const first = await p.complete({ system: 'sys', messages: [task], tools });
    const second = await p.complete({ system: 'sys', messages: afterTool(first), tools });
    expect(second.text).toBe('There is a.txt');
    expect(s.requests[1].refused).toBeUndefined();
    const assistant = (s.requests[1].body.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>)[1];
    expect(assistant.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);
    expect(assistant.content.slice(0, 2)).toEqual(first.reasoning!.items);
  });

  it('an altered thinking block is refused with Anthropic\'s 400 and its own text', async () => {
    const s = await serve([{ thinking: 'Need ls.', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] }, { text: 'never' }]);
    const p = provider(s);
    const first = await p.complete({ system: 'sys', messages: [task], tools });
    const items = first.reasoning!.items as Array<Record<string, string>>;
    const altered = { ...first, reasoning: { ...first.reasoning!, items: [{ ...items[0], thinking: 'Need rm -rf.' }] } };
    const err = await p.complete({ system: 'sys', messages: afterTool(altered), tools }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).status).toBe(400);
    expect((err as LlmError).detail?.serverMessage).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
  });

  it('the scripted server refuses a tool-result turn whose thinking is missing, as the API does', async () => {
    const s = await serve([{ text: 'never' }]);
    const res = await fetch(`${s.anthropicBaseURL}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'claude-sonnet-4-5', max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 2000 },
        messages: [
          { role: 'user', content: 'list files' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'bash', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }] },
        ],
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/);
    expect(s.remaining()).toBe(1); // a refused request uses up no turn
  });

  it('a tool loop that began without thinking goes on without it instead of being refused', async () => {
    const s = await serve([{ toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] }, { text: 'done' }]);
    const off = provider(s, { thinking: { kind: 'off' } });
    const first = await off.complete({ system: 'sys', messages: [task], tools });
    expect(s.requests[0].body.thinking).toBeUndefined();
    const on = provider(s);
    expect((await on.complete({ system: 'sys', messages: afterTool(first), tools })).text).toBe('done');
    expect(s.requests[1].body.thinking).toBeUndefined();
  });

  it('maps settings per model: adaptive with an effort on Claude 4.6+, a budget elsewhere, nothing for Claude 3.5 or off', () => {
    expect(thinkingParams('claude-opus-4-6', { kind: 'effort', effort: 'high' }, 8192)).toEqual({ fields: { thinking: { type: 'adaptive' }, output_config: { effort: 'high' }, max_tokens: 8192 } });
    expect(thinkingParams('claude-sonnet-4-5', { kind: 'effort', effort: 'medium' }, 8192)).toEqual({
      fields: { thinking: { type: 'enabled', budget_tokens: 8000 }, max_tokens: 8192 },
      beta: 'interleaved-thinking-2025-05-14',
    });
    expect(thinkingParams('claude-3-7-sonnet-latest', { kind: 'budget', tokens: 16000 }, 8192)).toEqual({ fields: { thinking: { type: 'enabled', budget_tokens: 16000 }, max_tokens: 24192 } });
    expect(thinkingParams('claude-3-5-haiku-latest', { kind: 'budget', tokens: 4000 }, 8192)).toBeNull();
    expect(thinkingParams('claude-sonnet-4-5', { kind: 'off' }, 8192)).toBeNull();
  });

  it('drops the temperature when thinking is on (the API allows only the default)', async () => {
    const s = await serve([{ text: 'ok' }]);
    await provider(s, { temperature: 0.2 }).complete({ system: 'sys', messages: [task], tools });
    expect(s.requests[0].refused).toBeUndefined();
    expect(s.requests[0].body.temperature).toBeUndefined();
  });
});

describe('Anthropic prompt caching', () => {
  it('puts at most four breakpoints: last tool, system, the previous tail and this tail', () => {
    const convo: ChatMessage[] = [task, { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'bash', arguments: '{}' }] }, { role: 'tool', toolCallId: 't1', toolName: 'bash', content: 'x' }];
    const { system, messages } = toAnthropicMessages('sys', convo);
    const body = withCacheBreakpoints({ system, messages, tools: [{ name: 'a', input_schema: { type: 'object' as const } }, { name: 'b', input_schema: { type: 'object' as const } }] });
    expect(countCacheBreakpoints(body)).toBe(4);
    expect(body.tools![0]).not.toHaveProperty('cache_control');
    expect(body.tools![1]).toHaveProperty('cache_control', { type: 'ephemeral' });
    expect(body.system).toEqual([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }]);
    expect((body.messages[0].content as unknown as Array<Record<string, unknown>>)[0]).toHaveProperty('cache_control');
    expect((body.messages[2].content as unknown as Array<Record<string, unknown>>)[0]).toMatchObject({ type: 'tool_result', cache_control: { type: 'ephemeral' } });
    // The conversation given was not touched.
    expect(JSON.stringify(messages)).not.toContain('cache_control');
  });

  it('each step reads what the step before wrote; reads and writes are reported', async () => {
    const big = 'x'.repeat(8000); // a system prompt over the 1024-token minimum
    const script: ScriptedTurn[] = [];
    for (let i = 0; i < 4; i++) script.push({ toolCalls: [{ name: 'bash', arguments: { command: `echo ${i}` } }], usage: { inputTokens: 0, outputTokens: 20 } });
    const s = await serve(script, { simulateCache: true });
    const p = provider(s, { thinking: undefined });
    let messages: ChatMessage[] = [task];
    const usages = [];
    for (let i = 0; i < 4; i++) {
      const turn = await p.complete({ system: big, messages, tools });
      usages.push(turn.usage!);
      messages = [...messages, { role: 'assistant', content: '', toolCalls: turn.toolCalls }, { role: 'tool', toolCallId: turn.toolCalls[0].id, toolName: 'bash', content: `out ${i} ${'y'.repeat(400)}` }];
      expect(countCacheBreakpoints(s.requests[i].body as never)).toBeLessThanOrEqual(4);
    }
    expect(usages[0].cachedInputTokens).toBeUndefined();
    expect(usages[0].cacheWriteTokens).toBeGreaterThan(2000);
    for (const u of usages.slice(1)) {
      expect(u.cachedInputTokens).toBeGreaterThan(2000);
      expect(u.cachedInputTokens! + (u.cacheWriteTokens ?? 0)).toBe(u.inputTokens); // nothing billed at the full rate
    }
    // Step n+1 read exactly what step n wrote (its whole prompt).
    expect(usages[1].cachedInputTokens).toBe(usages[0].inputTokens);
  });
});
