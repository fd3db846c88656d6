import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../llm/llm-types';
import { agentRig, InProcessScriptedModel, testTool } from './test-kit';
import { ContextCompactor, estimateTokens, modelSummariser } from './context-compactor';
import { ToolCallAgent } from './tool-call-agent';

function conversation(turns: number, outputChars: number): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'user', content: 'task' }];
  for (let i = 0; i < turns; i++) {
    out.push({ role: 'assistant', content: `step ${i}`, toolCalls: [{ id: `c${i}`, name: 'bash', arguments: '{"command":"cat big"}' }] });
    out.push({ role: 'tool', toolCallId: `c${i}`, toolName: 'bash', content: `${i}:${'o'.repeat(outputChars)}` });
  }
  return out;
}

describe('ContextCompactor', () => {
  it('estimates ~4 characters a token', () => {
    expect(estimateTokens([{ role: 'user', content: 'x'.repeat(4000) }])).toBeGreaterThanOrEqual(1000);
    expect(estimateTokens([{ role: 'user', content: 'x'.repeat(4000) }])).toBeLessThan(1010);
  });

  it('first clips old tool outputs, keeping the recent tail and call/result pairs', async () => {
    const msgs = conversation(10, 4000);
    const c = new ContextCompactor({ budgetTokens: 5000, keepRecent: 4 });
    expect(c.needsCompaction(msgs)).toBe(true);
    const r = await c.compact(msgs);
    expect(r.summarised).toBe(false);
    expect(r.after).toBeLessThan(r.before);
    expect(r.after).toBeLessThanOrEqual(5000);
    expect(r.messages).toHaveLength(msgs.length);
    const tools = r.messages.filter((m) => m.role === 'tool');
    expect(tools[0].content).toMatch(/old tool output clipped by compaction: \d+ characters/);
    expect(tools[tools.length - 1].content).toBe(msgs[msgs.length - 1].content);
  });

  it('then summarises the head with the model when clipping is not enough', async () => {
    const msgs: ChatMessage[] = [];
    for (let i = 0; i < 20; i++) msgs.push({ role: 'user', content: `u${i} ${'w'.repeat(2000)}` }, { role: 'assistant', content: `a${i}` });
    const model = new InProcessScriptedModel([{ text: 'SUMMARY: twenty questions answered' }]);
    const c = new ContextCompactor({ budgetTokens: 3000, keepRecent: 4, summarise: modelSummariser(model) });
    const r = await c.compact(msgs);
    expect(r.summarised).toBe(true);
    expect(r.messages[0]).toEqual({ role: 'user', content: expect.stringContaining('SUMMARY: twenty questions answered') });
    expect(r.messages.slice(1)).toEqual(msgs.slice(-4));
    expect(r.after).toBeLessThan(3000);
    expect(model.requests[0].tools).toEqual([]);
    expect(model.requests[0].messages[0].content).toContain('u0');
  });

  it('never starts the kept tail with a tool result (it would lose its call)', async () => {
    const msgs = conversation(6, 3000);
    const model = new InProcessScriptedModel([{ text: 'S' }]);
    const c = new ContextCompactor({ budgetTokens: 10, keepRecent: 1, summarise: modelSummariser(model) });
    const r = await c.compact(msgs);
    expect(r.messages[1].role).toBe('assistant');
  });

  it('the agent compacts when over budget and says so with compaction_start/end', async () => {
    const { bus, runner, events } = agentRig([testTool('big', { output: () => 'z'.repeat(8000) })]);
    let n = 0;
    const model = new InProcessScriptedModel([(req) => (req.tools.length && n++ < 4 ? { toolCalls: [{ id: `b${n}`, name: 'big', arguments: `{"n":${n}}` }] } : { text: 'done' })]);
    const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 's', compactor: new ContextCompactor({ budgetTokens: 3000, keepRecent: 2 }) });
    await agent.run('go');
    const start = events.find((e) => e.type === 'compaction_start');
    const end = events.find((e) => e.type === 'compaction_end');
    expect(start).toBeDefined();
    expect(end && end.type === 'compaction_end' && end.after < end.before).toBe(true);
    const last = model.requests[model.requests.length - 1];
    expect(last.messages.some((m) => m.role === 'tool' && m.content.includes('clipped by compaction'))).toBe(true);
  });
});
