import { describe, expect, it } from 'vitest';
import type { ModelTurn } from '../../store/event-reducer';
import { fullWireRequest } from './wire-request';

const turn = (i: number, messages: string[] | undefined, omitted?: number): ModelTurn => ({
  key: `t${i}`,
  step: i,
  ts: i,
  ...(messages ? { wire: { request: { model: 'm', messages }, response: [], ...(omitted !== undefined ? { messagesOmitted: omitted } : {}) } } : {}),
});

describe('fullWireRequest', () => {
  it('puts back the messages earlier turns recorded', () => {
    const turns = [turn(1, ['sys', 'u1'], 0), turn(2, ['a1', 't1'], 2), turn(3, ['a2', 't2'], 4)];
    expect(fullWireRequest(turns, 0)).toEqual({ body: { model: 'm', messages: ['sys', 'u1'] }, complete: true });
    expect(fullWireRequest(turns, 2)).toEqual({ body: { model: 'm', messages: ['sys', 'u1', 'a1', 't1', 'a2', 't2'] }, complete: true });
  });
  it('starts again where a turn omitted nothing (a reopened session), and cuts to what was omitted (after compaction)', () => {
    const turns = [turn(1, ['old'], 0), turn(2, ['sys', 'summary'], 0), turn(3, ['u2'], 1)];
    expect(fullWireRequest(turns, 2)!.body.messages).toEqual(['sys', 'u2']);
  });
  it('says when the list is partial (earlier turns not loaded) and is null without a body', () => {
    const turns = [turn(1, undefined), turn(2, ['a1'], 2)];
    expect(fullWireRequest(turns, 1)).toEqual({ body: { model: 'm', messages: ['a1'] }, complete: false });
    expect(fullWireRequest(turns, 0)).toBeNull();
  });
});
