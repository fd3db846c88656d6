import { describe, expect, it } from 'vitest';
import { toolArgs, toolFields } from './tool-form';

const schema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What to say' },
    count: { type: 'integer', default: 3 },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    quiet: { type: 'boolean', default: true },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    tags: { type: 'array', items: { type: 'string' } },
    opts: { type: 'object' },
    maybe: { type: ['string', 'null'] },
  },
  required: ['message', 'tags'],
};

describe('tool call forms', () => {
  it('reads a schema into fields: types, enums, JSON for arrays and objects, required, defaults', () => {
    const f = toolFields(schema);
    expect(f.map((x) => [x.name, x.type, x.required, x.initial])).toEqual([
      ['message', 'string', true, ''],
      ['count', 'integer', false, '3'],
      ['ratio', 'number', false, ''],
      ['loud', 'boolean', false, false],
      ['quiet', 'boolean', false, true],
      ['mode', 'enum', false, ''],
      ['tags', 'json', true, ''],
      ['opts', 'json', false, ''],
      ['maybe', 'string', false, ''],
    ]);
    expect(f.find((x) => x.name === 'mode')!.options).toEqual(['fast', 'slow']);
    expect(f.find((x) => x.name === 'tags')!.shape).toBe('[ … ]');
    expect(toolFields(undefined)).toEqual([]);
    expect(toolFields({ type: 'object' })).toEqual([]);
  });

  const fields = toolFields(schema);
  const table: Array<[string, Record<string, string | boolean>, string[], { errors: string[]; args?: Record<string, unknown> }]> = [
    ['typed values', { message: 'hi', count: '4', ratio: '0.5', tags: '["a"]', opts: '{"k":1}', mode: 'fast' }, [], { errors: [], args: { message: 'hi', count: 4, ratio: 0.5, tags: ['a'], opts: { k: 1 }, mode: 'fast' } }],
    ['missing required', { message: ' ', tags: '' }, [], { errors: ['message is required.', 'tags is required.'] }],
    ['a fraction for an integer', { message: 'x', tags: '[]', count: '1.5' }, [], { errors: ['count must be a whole number.'] }],
    ['bad JSON', { message: 'x', tags: '[1,' }, [], { errors: ['tags is not valid JSON'] }],
    ['an untouched checkbox is left out; a touched one is sent', { message: 'x', tags: '[]', loud: false, quiet: true }, ['loud'], { errors: [], args: { message: 'x', tags: [], loud: false, quiet: true } }],
  ];
  it.each(table)('%s', (_name, raw, touched, want) => {
    const r = toolArgs(fields, raw, new Set(touched));
    expect(r.errors.length).toBe(want.errors.length);
    want.errors.forEach((e, i) => expect(r.errors[i]).toContain(e));
    if (want.args) expect(r.args).toEqual(want.args);
  });
});
