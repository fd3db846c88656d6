import { describe, expect, it } from 'vitest';
import type { Tool, ToolContext } from './tool';
import { ToolCollection } from './tool-collection';
import { okResult } from '../../../src-shared/events/tool-result';

const ctx: ToolContext = { signal: new AbortController().signal, workspace: '/ws', home: '/home', callId: 'c1' };

function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `the ${name} tool`,
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string' }, count: { type: 'integer', minimum: 1 }, mode: { enum: ['a', 'b'] } },
      required: ['text'],
      additionalProperties: false,
    },
    execute: async (args) => okResult(`${name}:${String(args.text)}`),
    ...extra,
  };
}

describe('ToolCollection', () => {
  it('adds, gets, lists and reports OpenAI function params', () => {
    const c = new ToolCollection([tool('one'), tool('two')]);
    expect(c.names()).toEqual(['one', 'two']);
    expect(c.get('one')?.source).toBe('builtin');
    expect(c.has('three')).toBe(false);
    expect(c.toParams()[0]).toEqual({
      type: 'function',
      function: { name: 'one', description: 'the one tool', parameters: c.get('one')!.inputSchema },
    });
  });

  it('keeps the first of two same-name tools and records the conflict with both sources', async () => {
    const c = new ToolCollection([tool('dup')]);
    const later = tool('dup', { source: 'mcp:files', execute: async () => okResult('LATER') });
    expect(c.add(later)).toBe(false);
    expect(c.conflicts).toEqual([{ name: 'dup', kept: 'builtin', rejected: 'mcp:files' }]);
    expect(c.list()).toHaveLength(1);
    expect((await c.execute('dup', { text: 'x' }, ctx)).output).toBe('dup:x');
  });

  it('names the available tools for an unknown one', async () => {
    const c = new ToolCollection([tool('alpha'), tool('beta')]);
    const r = await c.execute('gamma', {}, ctx);
    expect(r.error).toBe("Unknown tool 'gamma'. Available tools: alpha, beta");
    expect((await new ToolCollection().execute('x', {}, ctx)).error).toBe("Unknown tool 'x'. Available tools: (none)");
  });

  it('validates args against the schema, one readable line per violation', async () => {
    let ran = false;
    const c = new ToolCollection([tool('t', { execute: async () => ((ran = true), okResult('ran')) })]);
    const r = await c.execute('t', { count: 0, mode: 'z', extra: 1 }, ctx);
    expect(ran).toBe(false);
    expect(r.error!.split('\n')).toEqual([
      'Invalid arguments for t:',
      "missing required argument 'text'",
      "unknown argument 'extra'",
      "'count' must be >= 1",
      `'mode' must be one of "a", "b"`,
    ]);
    expect((await c.execute('t', { text: 5 }, ctx)).error).toBe("Invalid arguments for t:\n'text' must be string");
  });

  it('names the full path of a nested violation', async () => {
    const nested = tool('n', {
      inputSchema: {
        type: 'object',
        properties: { opts: { type: 'object', properties: { depth: { type: 'integer' } }, required: ['depth'], additionalProperties: false } },
      },
    });
    const c = new ToolCollection([nested]);
    expect((await c.execute('n', { opts: { extra: 1 } }, ctx)).error!.split('\n')).toEqual([
      'Invalid arguments for n:',
      "missing required argument 'opts.depth'",
      "unknown argument 'opts.extra'",
    ]);
    expect((await c.execute('n', { opts: { depth: 'deep' } }, ctx)).error).toBe("Invalid arguments for n:\n'opts.depth' must be integer");
  });

  it('refuses arguments that are not an object', async () => {
    const c = new ToolCollection([tool('t')]);
    for (const bad of [null, [1], 'text', 3]) {
      expect((await c.execute('t', bad, ctx)).error).toBe('Invalid arguments for t: arguments must be a JSON object');
    }
  });

  it('turns an exception in a tool into an error result with its message', async () => {
    const c = new ToolCollection([
      tool('boom', {
        execute: async () => {
          throw new Error('disk on fire');
        },
      }),
      tool('sync', {
        execute: () => {
          throw 'a string';
        },
      }),
    ]);
    expect((await c.execute('boom', { text: 'x' }, ctx)).error).toBe("Tool 'boom' failed: disk on fire");
    expect((await c.execute('sync', { text: 'x' }, ctx)).error).toBe("Tool 'sync' failed: a string");
  });

  it('reports a tool whose schema cannot compile instead of throwing', async () => {
    const c = new ToolCollection([tool('bad', { inputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } } })]);
    expect((await c.execute('bad', {}, ctx)).error).toMatch(/^Invalid arguments for bad:\nthe tool's input schema is invalid/);
  });

  it('removes tools (only the same instance when given) and notifies listeners', () => {
    const a = tool('a');
    const c = new ToolCollection([a]);
    let changes = 0;
    const off = c.onChange(() => changes++);
    expect(c.remove('a', tool('a'))).toBe(false);
    expect(c.remove('a', a)).toBe(true);
    c.add(tool('b'));
    off();
    c.add(tool('c'));
    expect(changes).toBe(2);
    expect(c.names()).toEqual(['b', 'c']);
  });

  it('disposes every tool even when one fails to', async () => {
    const disposed: string[] = [];
    const c = new ToolCollection([
      tool('a', { dispose: () => void disposed.push('a') }),
      tool('b', {
        dispose: async () => {
          throw new Error('x');
        },
      }),
      tool('c', { dispose: async () => void disposed.push('c') }),
    ]);
    await c.dispose();
    expect(disposed.sort()).toEqual(['a', 'c']);
  });
});
