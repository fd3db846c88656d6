import { describe, expect, it } from 'vitest';
import type { CallDetail } from '../../../../src-shared/contract/views';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';
import { RowSizes, rowShape, textLines } from './row-sizes';

function call(id: string, output: string, status: CallDetail['status'] = 'ok'): CallDetail {
  return { callId: id, tool: 'bash', source: 'builtin', status, startedAt: 0, args: { command: 'ls' }, updates: [], ...(status === 'running' ? {} : { result: { output, error: null, images: [], system: null } }) } as CallDetail;
}
const row = (callId: string): ChatItem => ({ kind: 'call', key: `c${callId}`, callId, ts: 0 });
const say = (text: string): ChatItem => ({ kind: 'assistant', key: text, messageId: text, text, streaming: false, ts: 0 });

describe('row sizes', () => {
  it('counts lines as a <pre> shows them', () => {
    expect([textLines(''), textLines('a'), textLines('a\n'), textLines('a\nb'), textLines('a\nb\n')]).toEqual([0, 1, 1, 2, 2]);
  });

  it('rows that lay out alike share a shape; different ones do not', () => {
    const calls = new Map([['1', call('1', 'x\ny\n')], ['2', call('2', 'p\nq')], ['3', call('3', 'one line')], ['4', call('4', 'x\ny', 'error')]]);
    const shape = (id: string) => rowShape(row(id), calls.get(id));
    expect(shape('1')).toBe(shape('2'));
    expect(shape('1')).not.toBe(shape('3'));
    expect(shape('1')).not.toBe(shape('4'));
    expect(rowShape(say('Step 1: listing.'), undefined)).toBe(rowShape(say('Step 2: listing.'), undefined));
    expect(rowShape(say('short'), undefined)).not.toBe(rowShape(say('x'.repeat(400)), undefined));
  });

  it('one measured row sets the estimate of every row like it', () => {
    const calls = new Map([['1', call('1', 'a\nb')], ['2', call('2', 'c\nd')], ['3', call('3', 'e')]]);
    const sizes = new RowSizes((id) => calls.get(id));
    const before = sizes.estimate(row('2'));
    expect(sizes.learn(row('1'), before + 23)).toBe(true);
    expect(sizes.estimate(row('2'))).toBe(before + 23);
    expect(sizes.estimate(row('3'))).not.toBe(before + 23);
    // The same again teaches nothing; a guess already right teaches nothing worth a re-layout.
    expect(sizes.learn(row('2'), before + 23)).toBe(false);
    expect(sizes.learn(row('3'), sizes.estimate(row('3')))).toBe(false);
  });

  it('does not pin the shape of a call that is still running', () => {
    const calls = new Map([['1', call('1', '', 'running')]]);
    const sizes = new RowSizes((id) => calls.get(id));
    const r = row('1');
    const running = sizes.shapeOf(r);
    calls.set('1', call('1', 'done\nnow'));
    expect(sizes.shapeOf(r)).not.toBe(running);
  });
});
