import { describe, expect, it } from 'vitest';
import { checkExtensionTool, normalizeToolReturn, toCoreTool } from './tool';

const exec = async () => 'ok';

describe('checkExtensionTool', () => {
  const cases: [string, unknown, RegExp | null][] = [
    ['a minimal tool', { name: 'greet', description: 'Says hi', execute: exec }, null],
    ['a tool with an object schema', { name: 'g-1_x', description: 'd', inputSchema: { type: 'object', properties: {} }, execute: exec }, null],
    ['a schema without type', { name: 'g', description: 'd', inputSchema: { properties: {} }, execute: exec }, null],
    ['not an object', 'greet', /must be an object/],
    ['null', null, /must be an object/],
    ['a missing name', { description: 'd', execute: exec }, /invalid tool name/],
    ['a name with a space', { name: 'say hi', description: 'd', execute: exec }, /invalid tool name "say hi"/],
    ['a name with a dot', { name: 'a.b', description: 'd', execute: exec }, /invalid tool name/],
    ['a 65-char name', { name: 'x'.repeat(65), description: 'd', execute: exec }, /invalid tool name/],
    ['no description', { name: 'g', execute: exec }, /needs a description/],
    ['a blank description', { name: 'g', description: '  ', execute: exec }, /needs a description/],
    ['no execute', { name: 'g', description: 'd' }, /needs an execute/],
    ['a string schema', { name: 'g', description: 'd', inputSchema: 'x', execute: exec }, /must be a JSON Schema object/],
    ['an array schema', { name: 'g', description: 'd', inputSchema: [], execute: exec }, /must be a JSON Schema object/],
    ['a non-object schema type', { name: 'g', description: 'd', inputSchema: { type: 'string' }, execute: exec }, /must describe an object/],
  ];
  it.each(cases)('%s', (_label, def, reason) => {
    const r = checkExtensionTool(def);
    if (reason === null) expect(r).toEqual({ ok: true });
    else {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(reason);
    }
  });
});

describe('normalizeToolReturn', () => {
  const img = { data: 'aGk=', mimeType: 'image/png' };
  const cases: [string, unknown, object][] = [
    ['a string is the output', 'hello', { output: 'hello' }],
    ['undefined is empty', undefined, {}],
    ['null is empty', null, {}],
    ['a result object keeps known fields', { output: 'o', error: 'e', system: 's', images: [img, { bad: 1 }] }, { output: 'o', error: 'e', system: 's', images: [img] }],
    ['an error-only result', { error: 'nope' }, { error: 'nope' }],
    ['a plain object becomes JSON', { count: 2 }, { output: '{"count":2}' }],
    ['a number becomes JSON', 42, { output: '42' }],
    ['an array becomes JSON', [1, 2], { output: '[1,2]' }],
  ];
  it.each(cases)('%s', (_label, value, expected) => {
    expect(normalizeToolReturn(value)).toEqual(expected);
  });
});

describe('toCoreTool', () => {
  it('sets the source, defaults the schema and normalizes what execute returns', async () => {
    const tool = toCoreTool({ name: 'greet', description: 'Says hi', execute: (args) => `hi ${String(args.who)}` }, 'extension:demo');
    expect(tool.source).toBe('extension:demo');
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
    const ctx = { signal: new AbortController().signal, workspace: '/w', home: '/h', callId: 'c1' };
    expect(await tool.execute({ who: 'Ada' }, ctx)).toEqual({ output: 'hi Ada' });
  });
});
