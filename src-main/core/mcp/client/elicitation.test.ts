import { describe, expect, it } from 'vitest';
import { applyFormDefaults, elicit, safeElicitationUrl } from './elicitation';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
    note: { type: 'string' },
  },
};

describe('elicitation', () => {
  it('fills in the defaults the user left out, keeps what the user gave, adds nothing without a default', () => {
    expect(applyFormDefaults(schema, { age: 41 })).toEqual({ name: 'John Doe', age: 41, status: 'active', tags: ['a'] });
  });

  it('without anyone to ask, declines; a port that throws cancels; a decline is passed on', async () => {
    const signal = new AbortController().signal;
    const form = { message: 'm', requestedSchema: schema };
    expect(await elicit(form, { server: 's', signal })).toEqual({ action: 'decline' });
    expect(await elicit(form, { server: 's', signal, port: { ask: async () => Promise.reject(new Error('gone')) } })).toEqual({ action: 'cancel' });
    expect(await elicit(form, { server: 's', signal, port: { ask: async () => ({ action: 'decline' }) } })).toEqual({ action: 'decline' });
    expect(await elicit(form, { server: 's', signal, port: { ask: async () => ({ action: 'accept', content: {} }) } })).toEqual({ action: 'accept', content: { name: 'John Doe', age: 30, status: 'active', tags: ['a'] } });
  });

  it('shows a server’s text without control characters (no terminal escapes), newlines kept', async () => {
    const asked: string[] = [];
    await elicit({ message: '\u001b[2J\u001b[31mred\u0007\nline two', requestedSchema: schema }, { server: 's', signal: new AbortController().signal, port: { ask: async (q) => (asked.push(q.question), { action: 'decline' }) } });
    expect(asked[0]).toBe('[2J[31mred\nline two');
  });

  it('offers only web pages', () => {
    expect(safeElicitationUrl('https://example.com/x')?.href).toBe('https://example.com/x');
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'vscode://x', 'not a url', 'data:text/html,hi']) expect(safeElicitationUrl(bad)).toBeUndefined();
  });
});
