import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../llm/llm-types';
import { agentRig, InProcessScriptedModel, testTool } from './test-kit';
import { STUCK_NUDGE } from './stuck-detector';
import { ToolCallAgent } from './tool-call-agent';

const call = (id: string, name: string, args: unknown = {}): { id: string; name: string; arguments: string } => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

function toolMessages(messages: ChatMessage[]): Array<{ toolCallId: string; content: string }> {
  return messages.filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool').map((m) => ({ toolCallId: m.toolCallId, content: m.content }));
}

describe('ToolCallAgent', () => {
  it('runs consecutive read-only calls concurrently, others alone, and keeps results in call order', async () => {
    const log: string[] = [];
    const { bus, runner } = agentRig([
      testTool('read', { readOnly: true, delayMs: 60, log, output: (a) => `read ${a.n}` }),
      testTool('write', { delayMs: 5, log, output: (a) => `wrote ${a.n}` }),
    ]);
    const model = new InProcessScriptedModel([
      { toolCalls: [call('a', 'read', { n: 1 }), call('b', 'read', { n: 2 }), call('c', 'write', { n: 3 }), call('d', 'read', { n: 4 })] },
      { text: 'done' },
    ]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'sys' });
    const r = await agent.run('go');
    expect(r.reason).toBe('finished');
    // Both reads started before either ended; the write ran after them, alone.
    expect(log.slice(0, 2)).toEqual(['start read {"n":1}', 'start read {"n":2}']);
    expect(log.indexOf('start write {"n":3}')).toBeGreaterThan(log.indexOf('end read {"n":2}'));
    expect(log.indexOf('start read {"n":4}')).toBeGreaterThan(log.indexOf('end write {"n":3}'));
    expect(toolMessages(model.requests[1].messages)).toEqual([
      { toolCallId: 'a', content: 'read 1' },
      { toolCallId: 'b', content: 'read 2' },
      { toolCallId: 'c', content: 'wrote 3' },
      { toolCallId: 'd', content: 'read 4' },
    ]);
  });

  it('answers every call id even when a call is malformed, unknown or invalid', async () => {
    const { bus, runner } = agentRig([testTool('ok')]);
    const model = new InProcessScriptedModel([
      { toolCalls: [call('1', 'ok', '{oops'), call('2', 'missing', {}), call('3', 'ok', { n: 'not a number' }), call('4', 'ok', { n: 1 })] },
      { text: 'fine' },
    ]);
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's' }).run('go');
    expect(r.reason).toBe('finished');
    const msgs = toolMessages(model.requests[1].messages);
    expect(msgs.map((m) => m.toolCallId)).toEqual(['1', '2', '3', '4']);
    expect(msgs[0].content).toContain('malformed JSON');
    expect(msgs[1].content).toContain("Unknown tool 'missing'");
    expect(msgs[2].content).toContain("'n' must be number");
    expect(msgs[3].content).toBe('ok ok');
  });

  it('ends on a result with metadata.terminate after answering the rest of the turn', async () => {
    const { bus, runner, events } = agentRig([testTool('finish', { metadata: { terminate: 'success' } }), testTool('other')]);
    const model = new InProcessScriptedModel([{ text: 'All done.', toolCalls: [call('t', 'finish'), call('o', 'other')] }, { text: 'never' }]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's' });
    const r = await agent.run('go');
    expect(r).toMatchObject({ reason: 'finished', finalText: 'All done.', steps: 1, terminateStatus: 'success' });
    expect(model.requests).toHaveLength(1);
    expect(toolMessages(agent.messages).map((m) => m.toolCallId)).toEqual(['t', 'o']);
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'finished' });
  });

  it('stops at max steps with reason max_steps', async () => {
    const { bus, runner, events } = agentRig([testTool('step')]);
    let n = 0;
    const model = new InProcessScriptedModel([() => ({ toolCalls: [call(`c${n}`, 'step', { n: n++ })] })]);
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', maxSteps: 4 }).run('loop');
    expect(r).toMatchObject({ reason: 'max_steps', steps: 4 });
    expect(model.requests).toHaveLength(4);
    expect(events.filter((e) => e.type === 'turn_start')).toHaveLength(4);
  });

  it('cancel during a tool aborts it, answers the remaining calls, and ends cancelled', async () => {
    const log: string[] = [];
    const { bus, runner, events } = agentRig([testTool('slow', { delayMs: 10_000, log }), testTool('after', { log })]);
    const model = new InProcessScriptedModel([{ toolCalls: [call('s', 'slow'), call('a', 'after')] }]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's' });
    const ctrl = new AbortController();
    const p = agent.run('go', ctrl.signal);
    await vi.waitFor(() => expect(log).toContain('start slow {}'), { timeout: 10_000 });
    ctrl.abort();
    // Not a wall-clock bound: without the abort the tool would log 'end slow' after its 10 s.
    const r = await p;
    expect(r.reason).toBe('cancelled');
    expect(log).toEqual(['start slow {}', 'aborted slow']);
    expect(toolMessages(agent.messages).map((m) => [m.toolCallId, m.content.startsWith('Error:')])).toEqual([
      ['s', true],
      ['a', true],
    ]);
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'cancelled' });
  });

  it('nudges when the same call repeats three times running', async () => {
    const { bus, runner } = agentRig([testTool('same')]);
    const model = new InProcessScriptedModel([
      { toolCalls: [call('1', 'same', { n: 1 })] },
      { toolCalls: [call('2', 'same', { n: 1 })] },
      { toolCalls: [call('3', 'same', { n: 1 })] },
      { text: 'ok, something else' },
    ]);
    await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's' }).run('go');
    const sys = (i: number): string[] => model.requests[i].messages.filter((m) => m.role === 'system').map((m) => m.content);
    expect(sys(2)).toEqual([]);
    expect(sys(3)[0]).toContain(STUCK_NUDGE);
    expect(sys(3)[0]).toContain('same called with the same arguments 3 times');
  });

  it('clips long observations with an explicit marker before the model sees them', async () => {
    const { bus, runner, events } = agentRig([testTool('big', { output: () => 'x'.repeat(50_000) })]);
    const model = new InProcessScriptedModel([{ toolCalls: [call('b', 'big')] }, { text: 'ok' }]);
    await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', maxObservationChars: 1000 }).run('go');
    const [m] = toolMessages(model.requests[1].messages);
    expect(m.content.length).toBeLessThan(1100);
    expect(m.content).toMatch(/characters clipped of 50000/);
    // The event keeps the full output for the inspector.
    const end = events.find((e) => e.type === 'tool_execution_end');
    expect(end && end.type === 'tool_execution_end' && end.result.output?.length).toBe(50_000);
  });

  it('continues the conversation across runs and tells the model about MCP tool changes', async () => {
    const { bus, runner } = agentRig([]);
    const model = new InProcessScriptedModel([{ text: 'first answer' }, { text: 'second answer' }]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'base', systemMessages: () => ['Server docs: use x'] });
    // Tools listed while the session starts are not news: the first request carries them.
    bus.emit({ type: 'mcp_tools_changed', server: 'files', added: ['mcp_files_initial'], removed: [] });
    await agent.run('one');
    expect(model.requests[0].messages.map((m) => m.role)).toEqual(['user']);
    bus.emit({ type: 'mcp_tools_changed', server: 'files', added: ['mcp_files_read'], removed: ['mcp_files_old'] });
    await agent.run('two');
    const msgs = model.requests[1].messages;
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'system', 'system']);
    expect(msgs[3].content).toBe('New tools available (from MCP server files): mcp_files_read');
    expect(msgs[4].content).toBe('Tools no longer available (from MCP server files): mcp_files_old');
    expect(model.requests[1].system).toBe('base\n\nServer docs: use x');
  });

  it('emits the message and model events with the assistant text and tool calls', async () => {
    const { bus, runner, events } = agentRig([testTool('t')]);
    const model = new InProcessScriptedModel([{ text: 'thinking', toolCalls: [call('x', 't')], usage: { inputTokens: 5, outputTokens: 2 } }, { text: 'bye' }]);
    const r = await new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's' }).run('hi');
    // The second turn reported no usage: it is estimated and marked so, not left out.
    expect(r.usage).toMatchObject({ turns: 2, estimatedTurns: 1, costUnknownTurns: 2 });
    expect(r.usage.inputTokens).toBeGreaterThan(5);
    const types = events.map((e) => e.type);
    expect(types.slice(0, 8)).toEqual(['agent_start', 'message_start', 'message_end', 'turn_start', 'model_request', 'message_start', 'message_update', 'message_end']);
    const ends = events.filter((e) => e.type === 'message_end');
    expect(ends.map((e) => e.type === 'message_end' && e.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(ends[1]).toMatchObject({ content: 'thinking', toolCalls: [{ id: 'x', name: 't' }] });
    expect(ends[2]).toMatchObject({ role: 'tool', toolCallId: 'x', toolName: 't', content: 't ok' });
    expect(events.find((e) => e.type === 'model_response')).toMatchObject({ step: 1, usage: { inputTokens: 5, outputTokens: 2 } });
  });

  it('a model error ends the run with reason error and the message', async () => {
    const { bus, runner, events } = agentRig([]);
    const provider = { provider: 'x', model: 'm', endpoint: 'http://e', complete: async () => Promise.reject(new Error('Model request to http://e failed: HTTP 401: bad key')) };
    const r = await new ToolCallAgent({ provider, runner, bus, systemPrompt: 's' }).run('hi');
    expect(r).toMatchObject({ reason: 'error', error: expect.stringContaining('HTTP 401') });
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'error' });
  });
});
