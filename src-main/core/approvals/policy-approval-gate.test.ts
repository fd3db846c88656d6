import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ToolCallInfo } from '../tools/tool';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from './types';
import { hashArgs } from './args-hash';
import { PolicyApprovalGate } from './policy-approval-gate';
import { QueuedHumanPorts } from './queued-human-ports';

const call = (args: Record<string, unknown> = { code: 'print(1)' }): ToolCallInfo => ({ callId: 'c1', tool: 'python_execute', args, source: 'builtin' });

function busWithLog(): { bus: EventBus; events: GlassboxEvent[] } {
  const bus = new EventBus('s');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => void events.push(e));
  return { bus, events };
}

describe('PolicyApprovalGate', () => {
  it('asks the port with the call id and the hash of the exact args; emits requested/resolved', async () => {
    const { bus, events } = busWithLog();
    const seen: ApprovalRequest[] = [];
    const port: ApprovalPort = { request: async (r) => (seen.push(r), { decision: 'allow', by: 'human' }) };
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port, bus });
    // A person was asked: the verdict says how long the call waited.
    expect(await gate.check(call(), new AbortController().signal)).toEqual({ allowed: true, waitMs: expect.any(Number) });
    expect(seen[0]).toMatchObject({ callId: 'c1', tool: 'python_execute', argsHash: hashArgs({ code: 'print(1)' }) });
    expect(events.map((e) => e.type)).toEqual(['approval_requested', 'approval_resolved']);
    expect(events[1]).toMatchObject({ requestId: seen[0].requestId, callId: 'c1', decision: 'allow', by: 'human' });
  });

  it('denies when the arguments changed while waiting for the answer', async () => {
    const c = call({ code: 'print(1)' });
    const port: ApprovalPort = {
      request: async () => {
        c.args.code = 'import os; os.system("rm -rf ~")';
        return { decision: 'allow', by: 'human' };
      },
    };
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port });
    const v = await gate.check(c, new AbortController().signal);
    expect(v).toMatchObject({ allowed: false });
    expect((v as { reason: string }).reason).toContain('arguments changed');
  });

  it('an unanswered request times out as deny', async () => {
    const { bus, events } = busWithLog();
    const ports = new QueuedHumanPorts();
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port: ports, bus, timeoutMs: 50 });
    const v = await gate.check(call(), new AbortController().signal);
    expect(v).toMatchObject({ allowed: false, reason: expect.stringContaining('no answer') });
    expect(events[1]).toMatchObject({ type: 'approval_resolved', decision: 'deny', by: 'timeout' });
    expect(ports.pending()).toEqual([]); // the timed-out request is gone from the UI list
  });

  it('cancelling the run while waiting denies at once', async () => {
    const ports = new QueuedHumanPorts();
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port: ports });
    const ctrl = new AbortController();
    const p = gate.check(call(), ctrl.signal);
    await vi.waitFor(() => expect(ports.pending()).toHaveLength(1), { timeout: 10_000 });
    ctrl.abort();
    expect(await p).toMatchObject({ allowed: false, reason: expect.stringContaining('cancelled') });
  });

  it('without a port, ask is denied with the host’s reason; allow and deny verdicts never ask', async () => {
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', noPortReason: 'stdin is not a TTY' });
    expect(await gate.check(call(), new AbortController().signal)).toEqual({ allowed: false, reason: 'stdin is not a TTY' });
    let asked = 0;
    const port: ApprovalPort = { request: async (): Promise<ApprovalAnswer> => (asked++, { decision: 'allow', by: 'human' }) };
    // (auto runs python unasked only inside an OS sandbox)
    const auto = new PolicyApprovalGate({ mode: 'auto', workspace: '/w', port, sandbox: () => ({ active: true, mode: 'workspace-write', network: false, writableRoots: [] }) });
    expect(await auto.check(call(), new AbortController().signal)).toEqual({ allowed: true });
    const deny = new PolicyApprovalGate({ mode: 'deny', workspace: '/w', port });
    expect((await deny.check(call(), new AbortController().signal)).allowed).toBe(false);
    expect(asked).toBe(0);
  });

  it('a port that fails (e.g. no terminal) denies, saying why', async () => {
    const port: ApprovalPort = { request: async () => Promise.reject(new Error('stdin is not a terminal')) };
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port });
    expect(await gate.check(call(), new AbortController().signal)).toEqual({ allowed: false, reason: 'Denied: could not ask for approval (stdin is not a terminal).', waitMs: expect.any(Number) });
  });

  it('"always" adds an allow rule, so the same call is not asked again', async () => {
    let asked = 0;
    const added: unknown[] = [];
    const port: ApprovalPort = { request: async () => (asked++, { decision: 'allow', always: true, by: 'human' }) };
    const gate = new PolicyApprovalGate({ mode: 'ask', workspace: '/w', port, onAlwaysAllow: (r) => added.push(r) });
    await gate.check(call(), new AbortController().signal);
    await gate.check({ ...call(), callId: 'c2' }, new AbortController().signal);
    expect(asked).toBe(1);
    expect(added).toEqual([{ tool: 'python_execute', match: 'print(1)', decision: 'allow' }]);
    // A different call still asks.
    await gate.check(call({ code: 'print(2)' }), new AbortController().signal);
    expect(asked).toBe(2);
  });
});

describe('PolicyApprovalGate danger mark', () => {
  it('a request for a command the classifier calls dangerous carries the mark to the port, the event and the pending list', async () => {
    const { bus, events } = busWithLog();
    const ports = new QueuedHumanPorts();
    const gate = new PolicyApprovalGate({
      mode: 'ask',
      workspace: '/w',
      port: ports,
      bus,
      classify: (command) => (command.startsWith('rm') ? { risk: 'dangerous', reasons: ['deletes /srv'] } : { risk: 'unknown', reasons: ['writes x'] }),
    });
    const bash = (command: string, callId: string): ToolCallInfo => ({ callId, tool: 'bash', args: { command }, source: 'builtin' });
    const risky = gate.check(bash('rm -rf /srv', 'c1'), new AbortController().signal);
    const plain = gate.check(bash('touch x', 'c2'), new AbortController().signal);
    await vi.waitFor(() => expect(ports.pending()).toHaveLength(2));
    const [a, b] = ports.pending();
    expect(a).toMatchObject({ callId: 'c1', dangerous: true });
    expect(b).not.toHaveProperty('dangerous');
    expect(events.filter((e) => e.type === 'approval_requested').map((e) => (e as { dangerous?: boolean }).dangerous)).toEqual([true, undefined]);
    for (const p of ports.pending()) ports.resolveApproval(p.requestId, 'deny');
    expect(await risky).toMatchObject({ allowed: false });
    expect(await plain).toMatchObject({ allowed: false });
  });
});

describe('QueuedHumanPorts', () => {
  it('keeps approvals and questions listable until resolved by requestId', async () => {
    const ports = new QueuedHumanPorts();
    const changes: number[] = [];
    ports.onChange((list) => changes.push(list.length));
    const a = ports.request({ requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'ls' }, argsHash: 'h', reasons: ['why'] });
    const q = ports.ask({ question: 'Name?', requestId: 'q1' });
    const e = ports.ask({ question: 'Fill this', server: 'srv', schema: { type: 'object' } });
    const list = ports.pending();
    expect(list.map((p) => p.kind)).toEqual(['approval', 'question', 'elicitation']);
    expect(list[0]).toMatchObject({ requestId: 'r1', callId: 'c1', tool: 'bash', reasons: ['why'] });
    expect(ports.resolveApproval('nope', 'allow')).toBe(false);
    expect(ports.answerQuestion('r1', { action: 'accept', text: 'x' })).toBe(false); // wrong kind
    expect(ports.resolveApproval('r1', 'allow', true)).toBe(true);
    expect(await a).toEqual({ decision: 'allow', always: true, by: 'human' });
    expect(ports.answerQuestion('q1', { action: 'accept', text: 'Ada' })).toBe(true);
    expect(await q).toEqual({ action: 'accept', text: 'Ada' });
    ports.cancelAll();
    expect(await e).toEqual({ action: 'cancel' });
    expect(ports.pending()).toEqual([]);
    expect(changes).toEqual([1, 2, 3, 2, 1, 0]);
  });

  it('an aborted signal removes the request (deny / cancel)', async () => {
    const ports = new QueuedHumanPorts();
    const ctrl = new AbortController();
    const a = ports.request({ requestId: 'r', callId: 'c', tool: 't', args: {}, argsHash: 'h', reasons: [] }, ctrl.signal);
    ctrl.abort();
    expect(await a).toEqual({ decision: 'deny', by: 'cancelled' });
    expect(ports.pending()).toEqual([]);
  });

  it('loads the classifier on the first bash check only, before classifying; a failed load becomes an unknown verdict', async () => {
    const order: string[] = [];
    let ready = false;
    const gate = new PolicyApprovalGate({
      mode: 'deny',
      workspace: '/w',
      prepareClassify: async () => {
        order.push('prepare');
        await new Promise((r) => setTimeout(r, 10));
        ready = true;
      },
      classify: () => {
        order.push(`classify ready=${ready}`);
        return { risk: 'safe', reasons: ['read-only'] };
      },
    });
    expect(await gate.check(call(), new AbortController().signal)).toMatchObject({ allowed: false });
    expect(order).toEqual([]);
    const bash: ToolCallInfo = { callId: 'c2', tool: 'bash', args: { command: 'ls' }, source: 'builtin' };
    expect(await gate.check(bash, new AbortController().signal)).toEqual({ allowed: true });
    expect(order).toEqual(['prepare', 'classify ready=true']);

    const failing = new PolicyApprovalGate({
      mode: 'deny',
      workspace: '/w',
      prepareClassify: () => Promise.reject(new Error('no wasm')),
      classify: () => {
        throw new Error('grammar not loaded');
      },
    });
    const denied = await failing.check(bash, new AbortController().signal);
    expect(denied).toMatchObject({ allowed: false });
    expect((denied as { reason: string }).reason).toContain('classifier failed: grammar not loaded');
  });
});

describe('replays of this session’s own calls', () => {
  it('a call the human denied here is asked again on replay, with that decision shown, even without a record of it', async () => {
    const asked: ApprovalRequest[] = [];
    const answers: ApprovalAnswer['decision'][] = ['deny', 'deny'];
    const port: ApprovalPort = { request: async (r) => (asked.push(r), { decision: answers.shift()!, by: 'human' }) };
    const gate = new PolicyApprovalGate({ mode: 'auto', workspace: '/w', port, sandbox: () => ({ active: true, mode: 'workspace-write', network: false, writableRoots: [] }) });
    const edit = { callId: 'c1', tool: 'str_replace_editor', args: { command: 'create', path: '/etc/x' }, source: 'builtin' as const };
    expect((await gate.check(edit, new AbortController().signal)).allowed).toBe(false);
    // The replay (the window's call index carries no approval) is asked again, and says so.
    const again = await gate.check({ ...edit, callId: 'r1' }, new AbortController().signal, { replayOf: 'c1', recordedApproval: null });
    expect(again.allowed).toBe(false);
    expect(asked[1]!.reasons[0]).toBe('replay of c1; when recorded: denied by human');
  });
});

describe('grants for the editor', () => {
  it('a human’s yes to an outside edit grants that real path to this call only; inside edits carry none', async () => {
    const port: ApprovalPort = { request: async () => ({ decision: 'allow', by: 'human' }) };
    const gate = new PolicyApprovalGate({ mode: 'auto', workspace: '/w', port });
    const out = await gate.check({ callId: 'c1', tool: 'str_replace_editor', args: { command: 'create', path: '/etc/x' }, source: 'builtin' }, new AbortController().signal);
    expect(out).toEqual({ allowed: true, grantedPaths: ['/etc/x'], waitMs: expect.any(Number) });
    const inside = await gate.check({ callId: 'c2', tool: 'str_replace_editor', args: { command: 'create', path: '/w/x' }, source: 'builtin' }, new AbortController().signal);
    expect(inside).toEqual({ allowed: true });
  });
});
