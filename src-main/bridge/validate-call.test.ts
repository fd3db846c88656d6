import { describe, expect, it } from 'vitest';
import { validateCall } from './validate-call';

describe('validateCall', () => {
  const table: Array<[string, unknown, { ok: boolean; code?: string }]> = [
    ['a good call', { kind: 'call', id: 1, method: 'agent.send', args: ['hi'] }, { ok: true }],
    ['no args for a no-arg method', { kind: 'call', id: 1, method: 'agent.cancel', args: [] }, { ok: true }],
    ['optional arg left out', { kind: 'call', id: 1, method: 'sessions.list', args: [] }, { ok: true }],
    ['not an object', 'agent.send', { ok: false, code: 'BAD_MESSAGE' }],
    ['null', null, { ok: false, code: 'BAD_MESSAGE' }],
    ['wrong kind', { kind: 'result', id: 1, method: 'agent.send', args: [] }, { ok: false, code: 'BAD_MESSAGE' }],
    ['no id', { kind: 'call', method: 'agent.send', args: ['x'] }, { ok: false, code: 'BAD_MESSAGE' }],
    ['an array', [{ kind: 'call', id: 1, method: 'agent.cancel', args: [] }], { ok: false, code: 'BAD_MESSAGE' }],
    ['a fractional id', { kind: 'call', id: 1.5, method: 'agent.cancel', args: [] }, { ok: false, code: 'BAD_MESSAGE' }],
    ['an id past the safe integers', { kind: 'call', id: 2 ** 53, method: 'agent.cancel', args: [] }, { ok: false, code: 'BAD_MESSAGE' }],
    // JSON.parse makes "__proto__" an own key: its fields never stand in for the call's own.
    ['id and method smuggled in "__proto__"', JSON.parse('{"kind":"call","__proto__":{"id":1,"method":"agent.cancel","args":[]}}'), { ok: false, code: 'BAD_MESSAGE' }],
    ['args smuggled in "__proto__"', JSON.parse('{"kind":"call","id":3,"method":"agent.send","__proto__":{"args":["smuggled"]}}'), { ok: false, code: 'BAD_ARGS' }],
    ['args left out', { kind: 'call', id: 1, method: 'agent.cancel' }, { ok: true }],
    ['args null', { kind: 'call', id: 1, method: 'agent.cancel', args: null }, { ok: true }],
    ['unknown method', { kind: 'call', id: 2, method: 'fs.readFile', args: [] }, { ok: false, code: 'UNKNOWN_METHOD' }],
    ['prototype key as method', { kind: 'call', id: 2, method: 'constructor', args: [] }, { ok: false, code: 'UNKNOWN_METHOD' }],
    ['__proto__ as method', { kind: 'call', id: 2, method: '__proto__', args: [] }, { ok: false, code: 'UNKNOWN_METHOD' }],
    ['args not an array', { kind: 'call', id: 3, method: 'agent.send', args: 'hi' }, { ok: false, code: 'BAD_ARGS' }],
    ['wrong arg type', { kind: 'call', id: 3, method: 'agent.send', args: [42] }, { ok: false, code: 'BAD_ARGS' }],
    ['missing required arg', { kind: 'call', id: 3, method: 'agent.send', args: [] }, { ok: false, code: 'BAD_ARGS' }],
    ['too many args', { kind: 'call', id: 3, method: 'agent.state', args: [1] }, { ok: false, code: 'BAD_ARGS' }],
    ['enum arg outside its set', { kind: 'call', id: 4, method: 'dialogs.answerApproval', args: ['r', 'maybe'] }, { ok: false, code: 'BAD_ARGS' }],
    ['enum arg inside its set', { kind: 'call', id: 4, method: 'dialogs.answerApproval', args: ['r', 'deny'] }, { ok: true }],
    ['object arg given an array', { kind: 'call', id: 5, method: 'settings.set', args: [[]] }, { ok: false, code: 'BAD_ARGS' }],
    ['object arg given null', { kind: 'call', id: 5, method: 'settings.set', args: [null] }, { ok: false, code: 'BAD_ARGS' }],
    // JSON turns an omitted optional argument into null: it counts as absent.
    ['optional args sent as null (JSON of undefined)', { kind: 'call', id: 6, method: 'calls.export', args: [null, { tool: 'bash' }] }, { ok: true }],
    ['required arg sent as null', { kind: 'call', id: 6, method: 'replay.prepare', args: [null] }, { ok: false, code: 'BAD_ARGS' }],
  ];
  for (const [name, msg, want] of table) {
    it(name, () => {
      const r = validateCall(msg);
      expect(r.ok).toBe(want.ok);
      if (!r.ok) expect(r.error.code).toBe(want.code);
    });
  }

  it('hands handlers undefined, not null, for an omitted optional argument', () => {
    const r = validateCall(JSON.parse(JSON.stringify({ kind: 'call', id: 7, method: 'calls.export', args: [undefined, { tool: 'bash' }] })));
    expect(r.ok && r.call.args).toEqual([undefined, { tool: 'bash' }]);
  });

  it('sessions.setModel takes a model name and refuses empty, overlong or control-character names', () => {
    const call = (args: unknown[]) => validateCall({ kind: 'call', id: 9, method: 'sessions.setModel', args });
    expect(call(['llama3.1:8b']).ok).toBe(true);
    for (const bad of [[], [''], ['  '], [42], ['x'.repeat(201)], ['gpt-\n4o'], ['gpt\u202e4o'], ['a', 'b']]) {
      const r = call(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'BAD_ARGS', message: expect.stringMatching(/^sessions\.setModel: /) });
    }
  });

  const refused = (method: string, args: unknown[]): string => {
    const r = validateCall({ kind: 'call', id: 10, method, args });
    if (r.ok) throw new Error(`${method} ${JSON.stringify(args)} was accepted`);
    expect(r.error.code).toBe('BAD_ARGS');
    return r.error.message;
  };

  it('names the method, the argument and what was expected', () => {
    expect(refused('agent.send', [42])).toBe('agent.send: argument 1: must be a string, not a number.');
    expect(refused('agent.send', [])).toBe('agent.send: takes at least 1 argument(s), got 0.');
    expect(refused('agent.state', [1])).toBe('agent.state: takes at most 0 argument(s), got 1.');
    expect(refused('terminal.resize', [80, Number.NaN])).toBe('terminal.resize: argument 2: must be a number, not NaN.');
    expect(refused('dialogs.answerApproval', ['r', 'maybe'])).toBe('dialogs.answerApproval: argument 2: "maybe" is not one of "allow", "deny".');
    expect(refused('settings.set', [[]])).toBe('settings.set: argument 1: must be an object, not a list.');
  });

  it('names the path inside an object argument', () => {
    expect(refused('replay.run', [{ callId: 7 }])).toBe('replay.run: argument 1, callId: must be a string, not a number.');
    expect(refused('settings.set', [{ approvalRules: [{ tool: 'bash', decision: 'alow' }] }])).toBe(
      'settings.set: argument 1, approvalRules[0].decision: "alow" is not one of "allow", "ask", "deny".',
    );
    expect(refused('settings.set', [{ approvalRules: [{ tool: '{a,b}'.repeat(9), decision: 'deny' }] }])).toBe(
      'settings.set: argument 1, approvalRules[0].tool: a glob whose braces expand to more than 256 patterns.',
    );
    expect(refused('agent.sendWith', ['hi', [{ kind: 'file', server: 's' }]])).toBe('agent.sendWith: argument 2, [0].kind: "file" is not one of "resource", "prompt".');
    expect(refused('checkpoints.restore', ['c', ['a', 3]])).toBe('checkpoints.restore: argument 2, [1]: must be a string, not a number.');
    expect(refused('checkpoints.restore', ['c', undefined, { files: false }])).toBe('checkpoints.restore: argument 3: choose the files, the conversation, or both.');
    expect(refused('settings.set', [{ shell: '/bin/sh' }])).toBe('settings.set: argument 1: unknown key "shell".');
  });

  it('never quotes a value that may be a secret', () => {
    const secret = 'sk-live-0123456789abcdefghijklmnopqrstuvwxyz';
    for (const message of [
      refused('settings.set', [{ apiKey: 12, baseURL: secret }]),
      refused('dialogs.answerApproval', ['r', secret]),
      refused('settings.set', [{ telemetry: { headers: { 'x-key': `${secret}\r\nx-injected: 1` } } }]),
    ]) {
      expect(message).not.toContain(secret);
    }
  });

  it('hands handlers the parsed arguments: unknown fields of an object argument are dropped', () => {
    const r = validateCall({ kind: 'call', id: 11, method: 'replay.run', args: [{ callId: 'c1', extra: 'x' }] });
    expect(r.ok && r.call.args).toEqual([{ callId: 'c1' }]);
    const p = validateCall({ kind: 'call', id: 12, method: 'agent.sendWith', args: ['hi', [{ kind: 'prompt', server: 's', name: 'p', extra: 1 }]] });
    expect(p.ok && p.call.args).toEqual(['hi', [{ kind: 'prompt', server: 's', name: 'p', args: {} }]]);
  });
});
