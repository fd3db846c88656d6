import { describe, expect, it } from 'vitest';
import { formContent, formFields, initialValue, type FormValue } from './elicitation-schema';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    color: { type: 'string', enum: ['red', 'green'], enumNames: ['Red', 'Green'] },
    agree: { type: 'boolean', default: true },
    email: { type: 'string', format: 'email' },
  },
  required: ['name', 'age'],
};

describe('elicitation forms', () => {
  it('reads the fields of a requestedSchema', () => {
    const f = formFields(schema);
    expect(f.map((x) => [x.name, x.type, x.required])).toEqual([
      ['name', 'string', true],
      ['age', 'integer', true],
      ['color', 'enum', false],
      ['agree', 'boolean', false],
      ['email', 'string', false],
    ]);
    expect(f[2]!.options).toEqual([{ value: 'red', label: 'Red' }, { value: 'green', label: 'Green' }]);
  });

  const table: Array<[string, Record<string, string | boolean>, { errors: number; content?: Record<string, unknown> }]> = [
    ['valid', { name: 'Ada', age: '36', color: 'red', agree: false }, { errors: 0, content: { name: 'Ada', age: 36, color: 'red', agree: false } }],
    ['missing required', { name: '', age: '' }, { errors: 2 }],
    ['not an integer', { name: 'Ada', age: '3.5' }, { errors: 1 }],
    ['out of range', { name: 'Ada', age: '200' }, { errors: 1 }],
    ['too short', { name: 'A', age: '1' }, { errors: 1 }],
  ];
  for (const [name, raw, want] of table) {
    it(name, () => {
      const r = formContent(formFields(schema), raw);
      expect(r.errors).toHaveLength(want.errors);
      if (want.content) expect(r.content).toEqual(want.content);
    });
  }
});

describe('multi-select fields', () => {
  const multi = {
    type: 'object',
    properties: {
      toppings: { type: 'array', title: 'Toppings', items: { type: 'string', enum: ['ham', 'olives', 'basil'] }, minItems: 1, maxItems: 2, default: ['basil'] },
      colors: { type: 'array', items: { anyOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] } },
    },
    required: ['toppings'],
  };

  it('reads items.enum and items.anyOf as options, with the default chosen', () => {
    const [t, c] = formFields(multi);
    expect(t).toMatchObject({ type: 'multi', required: true, minItems: 1, maxItems: 2 });
    expect(t!.options!.map((o) => o.value)).toEqual(['ham', 'olives', 'basil']);
    expect(initialValue(t!)).toEqual(['basil']);
    expect(c!.options).toEqual([{ value: 'r', label: 'Red' }, { value: 'g', label: 'Green' }]);
    expect(initialValue(c!)).toEqual([]);
  });

  const table: Array<[string, Record<string, FormValue>, { errors: string[]; content?: Record<string, unknown> }]> = [
    ['chosen values', { toppings: ['ham', 'basil'], colors: ['g'] }, { errors: [], content: { toppings: ['ham', 'basil'], colors: ['g'] } }],
    ['none of an optional one is left out', { toppings: ['ham'], colors: [] }, { errors: [], content: { toppings: ['ham'] } }],
    ['a required one left empty', { toppings: [], colors: [] }, { errors: ['Toppings: choose at least one.'] }],
    ['too many', { toppings: ['ham', 'olives', 'basil'] }, { errors: ['Toppings: choose at most 2.'] }],
  ];
  it.each(table)('%s', (_name, raw, want) => {
    const r = formContent(formFields(multi), raw);
    expect(r.errors).toEqual(want.errors);
    if (want.content) expect(r.content).toEqual(want.content);
  });
});
