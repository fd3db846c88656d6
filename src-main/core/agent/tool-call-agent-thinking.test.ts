import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../e2e/fixtures/scripted-model-server';
import type { GlassboxEvent, GlassboxEventOf } from '../../../src-shared/events/event-types';
import { AnthropicProvider } from '../llm/anthropic-provider';
import { conversationFromEvents } from '../session/conversation-from-events';
import { SecretRedactor } from '../secrets/redactor';
import { agentRig, testTool } from './test-kit';
import { ToolCallAgent } from './tool-call-agent';

// The loop with Anthropic's real wire format: thinking streams as thinking_update events, the
// whole lands on message_end, and a conversation rebuilt from the events (a resumed session)
// carries the thinking blocks back so the API accepts the tool-result turn.

const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function of<T extends GlassboxEvent['type']>(events: GlassboxEvent[], type: T): GlassboxEventOf<T>[] {
  return events.filter((e) => e.type === type) as unknown as GlassboxEventOf<T>[];
}

describe('ToolCallAgent thinking', () => {
  it('streams thinking_update, records message_end.thinking, and a resumed conversation carries the blocks back', async () => {
    const s = await startScriptedModelServer([
      { thinking: ['I should read the file.', { redacted: true }], toolCalls: [{ name: 'read', arguments: { n: 1 } }] },
      { thinking: 'It says hi.', text: 'The file says hi.' },
    ]);
    servers.push(s);
    const cfg = { provider: 'anthropic' as const, model: 'claude-sonnet-4-5', apiKey: 'k', maxRetries: 0, baseURL: s.anthropicBaseURL, thinking: { kind: 'budget' as const, tokens: 2048 } };
    const { bus, runner, events } = agentRig([testTool('read', { readOnly: true, output: () => 'hi' })]);
    // One step: the run stops after the tool ran, as a crash or --max-steps would leave it.
    const first = new ToolCallAgent({ provider: new AnthropicProvider(cfg), runner, bus, systemPrompt: 'sys' });
    expect((await first.run('what does it say?', undefined, { maxSteps: 1 })).reason).toBe('max_steps');

    const end = of(events, 'message_end').find((e) => e.role === 'assistant')!;
    const updates = of(events, 'thinking_update').filter((e) => e.messageId === end.messageId);
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.map((u) => u.delta).join('')).toBe('I should read the file.\n\n[redacted]');
    expect(end.thinking).toBe('I should read the file.\n\n[redacted]');
    expect(end.reasoning?.items.map((i) => (i as { type: string }).type)).toEqual(['thinking', 'redacted_thinking']);
    // Thinking precedes the answer: every update comes before the message ends.
    expect(Math.max(...updates.map((u) => u.seq))).toBeLessThan(end.seq);

    // Resume from the events alone (what --session does), through JSON as the session file stores them.
    const stored = JSON.parse(JSON.stringify(events)) as GlassboxEvent[];
    const again = agentRig([testTool('read', { readOnly: true, output: () => 'hi' })]);
    const resumed = new ToolCallAgent({ provider: new AnthropicProvider(cfg), runner: again.runner, bus: again.bus, systemPrompt: 'sys' });
    resumed.replaceConversation(conversationFromEvents(stored));
    const r = await resumed.run('go on');
    expect(r.reason).toBe('finished');
    expect(r.finalText).toBe('The file says hi.');
    expect(s.requests.map((q) => q.refused)).toEqual([undefined, undefined]);
    const assistant = (s.requests[1].body.messages as Array<{ role: string; content: Array<{ type: string }> }>)[1];
    expect(assistant.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);
  });

  it('redacts a secret split across thinking deltas', async () => {
    const KEY = 'sk-live-ABCDEFGHIJKLMNOPQRSTUV';
    const s = await startScriptedModelServer([{ thinking: `the key is ${KEY} ok`, text: 'done' }]);
    servers.push(s);
    const { bus, runner, events } = agentRig([]);
    const redactor = new SecretRedactor([KEY]);
    const agent = new ToolCallAgent({
      provider: new AnthropicProvider({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'k', maxRetries: 0, baseURL: s.anthropicBaseURL, thinking: { kind: 'budget', tokens: 2048 } }),
      runner, bus, systemPrompt: 'sys', redactor,
    });
    await agent.run('go');
    const streamed = of(events, 'thinking_update').map((e) => e.delta).join('');
    expect(streamed).not.toContain(KEY);
    expect(streamed).toContain('the key is');
    expect(streamed.endsWith(' ok')).toBe(true);
  });
});
