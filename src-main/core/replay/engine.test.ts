import { describe, expect, it } from 'vitest';
import { agentRig, testTool } from '../agent/test-kit';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { diffResults, findRecordedCall, recordedCalls, replayCall, replaySession } from './engine';
import { PolicyApprovalGate } from '../approvals/policy-approval-gate';
import type { ApprovalRequest } from '../approvals/types';
import { ToolHooks } from '../tools/tool-hooks';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';

function recordedSession(): GlassboxEvent[] {
  let seq = 0;
  const base = (): { seq: number; ts: number; session: string } => ({ seq: ++seq, ts: 1, session: 's' });
  return [
    { ...base(), type: 'tool_execution_start', callId: 'c1', tool: 'echo', args: { text: 'hi' }, source: 'builtin' },
    { ...base(), type: 'tool_execution_end', callId: 'c1', tool: 'echo', result: { output: 'echo hi', error: null, images: [], system: null, metadata: { t: 1 } }, durationMs: 3 },
    { ...base(), type: 'tool_execution_start', callId: 'c2', tool: 'echo', args: { text: 'there' }, source: 'builtin' },
    { ...base(), type: 'tool_execution_end', callId: 'c2', tool: 'echo', result: { output: 'echo THERE', error: null, images: [], system: null }, durationMs: 3 },
    // an earlier replay: not a recorded call of its own
    { ...base(), type: 'tool_execution_start', callId: 'r1', tool: 'echo', args: { text: 'x' }, source: 'builtin', replayOf: 'c1' },
    { ...base(), type: 'tool_execution_end', callId: 'r1', tool: 'echo', result: { output: 'echo x', error: null, images: [], system: null }, durationMs: 3, replayOf: 'c1' },
    // killed before it ended
    { ...base(), type: 'tool_execution_start', callId: 'c3', tool: 'echo', args: { text: 'late' }, source: 'builtin' },
  ];
}

describe('replay engine', () => {
  it('lists the original calls with their results (replays left out, unfinished calls have none)', () => {
    const calls = recordedCalls(recordedSession());
    expect(calls.map((c) => [c.callId, c.result?.output ?? null])).toEqual([
      ['c1', 'echo hi'],
      ['c2', 'echo THERE'],
      ['c3', null],
    ]);
  });

  it('re-runs calls through the runner (replayOf on its events) and compares, ignoring metadata', async () => {
    const { runner, events } = agentRig([testTool('echo', { output: (a) => `echo ${String(a.text)}` })]);
    const out = await replaySession({ runner }, recordedSession());
    expect(out.map((o) => [o.replayOf, o.equal])).toEqual([
      ['c1', true],
      ['c2', false],
      ['c3', false],
    ]);
    expect(out[1].diff).toContain('-echo THERE');
    expect(out[1].diff).toContain('+echo there');
    expect(out[2].diff).toContain('(no result was recorded)');
    const starts = events.filter((e) => e.type === 'tool_execution_start');
    expect(starts.every((e) => e.type === 'tool_execution_start' && e.replayOf)).toBe(true);
    expect(out[0].callId).not.toBe('c1');
  });

  it('replays one call with edited args', async () => {
    const { runner } = agentRig([testTool('echo', { output: (a) => `echo ${String(a.text)}` })]);
    const [o] = await replaySession({ runner }, recordedSession(), { callId: 'c1', args: { text: 'edited' } });
    expect(o).toMatchObject({ replayOf: 'c1', args: { text: 'edited' }, equal: false, result: { output: 'echo edited' } });
    await expect(replaySession({ runner }, recordedSession(), { callId: 'nope' })).rejects.toThrow(/no recorded call 'nope'/);
    const same = await replayCall({ runner }, recordedCalls(recordedSession())[0]);
    expect(same).toMatchObject({ equal: true, diff: '' });
  });

  it('diffs errors and images too', () => {
    const a = { output: null, error: 'boom', images: [{ data: 'AAAA', mimeType: 'image/png' }], system: null };
    expect(diffResults(a, { ...a }).equal).toBe(true);
    expect(diffResults(a, { ...a, images: [{ data: 'BBBB', mimeType: 'image/png' }] }).equal).toBe(false);
    expect(diffResults(a, { ...a, error: 'bang' }).diff).toContain('+bang');
  });
});

describe('findRecordedCall', () => {
  it('joins the start and end of any call, replays included', () => {
    expect(findRecordedCall(recordedSession(), 'c1')).toEqual({
      callId: 'c1',
      tool: 'echo',
      args: { text: 'hi' },
      source: 'builtin',
      result: { output: 'echo hi', error: null, images: [], system: null, metadata: { t: 1 } },
    }); // no `approval`: none was asked for it
    expect(findRecordedCall(recordedSession(), 'r1')?.args).toEqual({ text: 'x' });
  });

  it('carries the recorded approval: the human’s answer, or the policy’s deny for a call blocked unasked', () => {
    const extra: GlassboxEvent[] = [
      { seq: 90, ts: 1, session: 's', type: 'approval_resolved', requestId: 'a', callId: 'c1', decision: 'deny', by: 'human' },
      { seq: 91, ts: 1, session: 's', type: 'tool_execution_start', callId: 'c9', tool: 'echo', args: {}, source: 'builtin' },
      { seq: 92, ts: 1, session: 's', type: 'tool_execution_end', callId: 'c9', tool: 'echo', result: { output: '[BLOCKED] x', error: null, images: [], system: null }, durationMs: 1, blocked: true },
    ];
    const calls = recordedCalls([...recordedSession(), ...extra]);
    expect(calls.find((c) => c.callId === 'c1')?.approval).toEqual({ decision: 'deny', by: 'human' });
    expect(calls.find((c) => c.callId === 'c9')?.approval).toEqual({ decision: 'deny', by: 'policy' });
    expect(findRecordedCall([...recordedSession(), ...extra], 'c9')?.approval).toEqual({ decision: 'deny', by: 'policy' });
  });

  it('returns a call that never ended with no result, and null for an unknown id', () => {
    expect(findRecordedCall(recordedSession(), 'c3')?.result).toBeNull();
    expect(findRecordedCall(recordedSession(), 'zzz')).toBeNull();
  });
});

describe('replay through the approval gate never widens', () => {
  function rig(mode: 'auto' | 'ask', answer: 'allow' | 'deny') {
    const asked: ApprovalRequest[] = [];
    const log: string[] = [];
    const tools = new ToolCollection([testTool('echo', { output: (a) => `echo ${String(a.text)}`, log })]);
    const gate = new PolicyApprovalGate({ mode, workspace: '/w', port: { request: async (r) => (asked.push(r), { decision: answer, by: 'human' }) } });
    const runner = new ToolRunner({ tools, hooks: new ToolHooks(), workspace: '/w', home: '/h', approvals: gate });
    return { runner, asked, log };
  }
  const denied = (): GlassboxEvent[] => [
    ...recordedSession().slice(0, 2),
    { seq: 50, ts: 1, session: 's', type: 'approval_resolved', requestId: 'a1', callId: 'c1', decision: 'deny', by: 'human' },
  ];

  it('a call the human denied is asked again (the session is in auto), showing the recorded decision; "no" keeps it from running', async () => {
    const { runner, asked, log } = rig('auto', 'deny');
    const call = findRecordedCall(denied(), 'c1')!;
    const out = await replayCall({ runner }, call);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.reasons[0]).toBe('replay of c1; when recorded: denied by human');
    expect(log).toEqual([]);
    expect(out.result.output).toContain('[BLOCKED]');
  });

  it('edited args are a new call judged as in ask', async () => {
    const { runner, asked, log } = rig('auto', 'allow');
    const call = recordedCalls(recordedSession())[0]!;
    await replayCall({ runner }, call, { text: 'swapped' });
    expect(asked).toHaveLength(1);
    expect(log[0]).toBe('start echo {"text":"swapped"}');
  });
});
