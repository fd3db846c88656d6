import { describe, expect, it } from 'vitest';
import { callSignature, StuckDetector } from './stuck-detector';

const c = (name: string, args: unknown): { name: string; arguments: string } => ({ name, arguments: JSON.stringify(args) });

describe('StuckDetector', () => {
  it('flags the same tool with the same arguments three times running, once per run of repeats', () => {
    const d = new StuckDetector();
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toBeNull();
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toBeNull();
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toMatch(/bash called with the same arguments 3 times/);
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toBeNull();
  });

  it('ignores key order but not different values or tools', () => {
    expect(callSignature(c('t', { a: 1, b: 2 }))).toBe(callSignature({ name: 't', arguments: '{"b":2,"a":1}' }));
    const d = new StuckDetector();
    d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] });
    d.observe({ text: '', toolCalls: [c('bash', { command: 'ls -a' })] });
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toBeNull();
    d.observe({ text: '', toolCalls: [c('other', { command: 'ls' })] });
    expect(d.observe({ text: '', toolCalls: [c('bash', { command: 'ls' })] })).toBeNull();
  });

  it('counts repeats within one turn too', () => {
    const d = new StuckDetector();
    expect(d.observe({ text: '', toolCalls: [c('x', {}), c('x', {}), c('x', {})] })).toMatch(/3 times/);
  });

  it('flags identical non-empty assistant text twice in a row, not empty text', () => {
    const d = new StuckDetector();
    expect(d.observe({ text: '', toolCalls: [] })).toBeNull();
    expect(d.observe({ text: '', toolCalls: [] })).toBeNull();
    expect(d.observe({ text: 'Let me check.', toolCalls: [] })).toBeNull();
    expect(d.observe({ text: '  Let me check.\n', toolCalls: [] })).toMatch(/same assistant message/);
    expect(d.observe({ text: 'Something new', toolCalls: [] })).toBeNull();
  });
});
