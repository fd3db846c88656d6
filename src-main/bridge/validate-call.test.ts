import { describe, expect, it } from 'vitest';
import { checkArg, validateCall } from './validate-call';

describe('validateCall', () => {
  const table: Array<[string, unknown, { ok: boolean; code?: string }]> = [
    ['a good call', { kind: 'call', id: 1, method: 'agent.send', args: ['hi'] }, { ok: true }],
    ['no args for a no-arg method', { kind: 'call', id: 1, method: 'agent.cancel', args: [] }, { ok: true }],
    ['optional arg left out', { kind: 'call', id: 1, method: 'sessions.list', args: [] }, { ok: true }],
    ['not an object', 'agent.send', { ok: false, code: 'BAD_MESSAGE' }],
    ['null', null, { ok: false, code: 'BAD_MESSAGE' }],
    ['wrong kind', { kind: 'result', id: 1, method: 'agent.send', args: [] }, { ok: false, code: 'BAD_MESSAGE' }],
    ['no id', { kind: 'call', method: 'agent.send', args: ['x'] }, { ok: false, code: 'BAD_MESSAGE' }],
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

  it('checkArg says what it expected', () => {
    expect(checkArg('number', 'x')).toEqual({ ok: false, expected: 'a number' });
    expect(checkArg('number', Number.NaN).ok).toBe(false);
    expect(checkArg('boolean?', undefined).ok).toBe(true);
  });
});
