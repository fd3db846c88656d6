import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { agentRig, InProcessScriptedModel, testTool } from './test-kit';
import { SteerQueue } from './steer-queue';
import { ToolCallAgent } from './tool-call-agent';

const call = (id: string, n: number) => ({ id, name: 'slow', arguments: JSON.stringify({ n }) });
const queueEvents = (events: GlassboxEvent[]) => events.filter((e) => e.type === 'steer_queue').map((e) => (e.type === 'steer_queue' ? e : null));

describe('steering a run while it works', () => {
  it('a message queued during a tool call goes in before the next model request, once, marked queued', async () => {
    const { bus, runner, events } = agentRig([testTool('slow', { delayMs: 50, output: (a) => `did ${a.n}` })]);
    const steer = new SteerQueue(bus);
    const model = new InProcessScriptedModel([{ toolCalls: [call('a', 1)] }, { toolCalls: [call('b', 2)] }, { text: 'done' }]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'sys', steering: steer });
    // Queue while the first call runs; edit it, queue and remove another.
    const off = bus.subscribe('tool_execution_start', (e) => {
      if (e.callId !== 'a') return;
      const id = steer.add('use the other folder');
      steer.edit(id, 'use the folder b/ instead');
      steer.remove(steer.add('never mind'));
    });
    const r = await agent.run('go');
    off();
    expect(r.reason).toBe('finished');
    expect(model.requests).toHaveLength(3);
    // Not in the first request; in the second, after the tool result; exactly once overall.
    const users = (i: number) => model.requests[i]!.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(users(0)).toEqual(['go']);
    expect(users(1)).toEqual(['go', 'use the folder b/ instead']);
    expect(users(2)).toEqual(['go', 'use the folder b/ instead']);
    const last = model.requests[1]!.messages.at(-1)!;
    expect(last).toMatchObject({ role: 'user', content: 'use the folder b/ instead' });
    expect(model.requests[1]!.messages.at(-2)).toMatchObject({ role: 'tool', toolCallId: 'a' });
    const userEnds = events.filter((e) => e.type === 'message_end' && e.role === 'user');
    expect(userEnds.map((e) => (e.type === 'message_end' ? [e.content, e.queued ?? false] : null))).toEqual([
      ['go', false],
      ['use the folder b/ instead', true],
    ]);
    // The queue as the window sees it: added, edited, second added, second removed, taken.
    expect(queueEvents(events).map((e) => e!.queued.map((q) => q.text))).toEqual([
      ['use the other folder'],
      ['use the folder b/ instead'],
      ['use the folder b/ instead', 'never mind'],
      ['use the folder b/ instead'],
      [],
    ]);
  });

  it('Stop after this step lets the running step finish and asks the model nothing more', async () => {
    const { bus, runner, events } = agentRig([testTool('slow', { delayMs: 50, output: (a) => `did ${a.n}` })]);
    const steer = new SteerQueue(bus);
    const model = new InProcessScriptedModel([{ toolCalls: [call('a', 1), call('b', 2)] }, { text: 'never' }]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'sys', steering: steer });
    const off = bus.subscribe('tool_execution_start', (e) => {
      if (e.callId === 'a') steer.stopAfterStep();
    });
    steer.runStarted();
    const r = await agent.run('go');
    off();
    expect(r.reason).toBe('cancelled');
    expect(model.requests).toHaveLength(1);
    // Both calls of the step ran to their end (not cancelled).
    const ends = events.filter((e) => e.type === 'tool_execution_end');
    expect(ends.map((e) => (e.type === 'tool_execution_end' ? e.result.output : null))).toEqual(['did 1', 'did 2']);
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'cancelled', error: 'stopped after this step, as asked' });
    steer.runEnded();
    expect(steer.stopRequested()).toBe(false);
  });

  it('refuses an empty message and says an edit of a message already sent did nothing', () => {
    const { bus } = agentRig([]);
    const steer = new SteerQueue(bus);
    expect(() => steer.add('   ')).toThrow('cannot be empty');
    const id = steer.add('x');
    steer.take();
    expect(steer.edit(id, 'y')).toBe(false);
    expect(steer.remove(id)).toBe(false);
  });
});
