import { describe, expect, it } from 'vitest';
import { formContent, formFields } from './elicitation-schema';

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
