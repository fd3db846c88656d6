import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError, type CliIO } from '../io';
import { formatListing, parseArgsJson, toolsCommand, type ToolListing } from './tools-command';

function io(): CliIO & { out: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (d: Buffer) => (text += d.toString()));
  return { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: '/', out: () => text };
}

describe('parseArgsJson', () => {
  it('is {} when --args is absent and the object when it is one', () => {
    expect(parseArgsJson(undefined)).toEqual({});
    expect(parseArgsJson('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] });
  });

  it('is a usage error carrying the parse error for bad JSON', () => {
    expect(() => parseArgsJson('{"a":')).toThrow(UsageError);
    expect(() => parseArgsJson('{"a":')).toThrow(/^--args is not valid JSON: .+/);
  });

  it.each(['[1]', '"text"', '3', 'null'])('refuses %s: not an object', (text) => {
    expect(() => parseArgsJson(text)).toThrow('--args must be a JSON object');
  });
});

describe('formatListing', () => {
  const listing: ToolListing[] = [
    {
      name: 'str_replace_editor',
      source: 'builtin',
      description: '\nCustom editing tool\n* more',
      inputSchema: { type: 'object', properties: { command: { type: 'string' }, view_range: { type: 'array' }, any: {} }, required: ['command'] },
    },
    { name: 'mcp_fs_read', source: 'mcp:fs', description: 'Reads', inputSchema: { type: 'object' } },
  ];

  it('shows name, source, first description line and arguments (* = required)', () => {
    expect(formatListing(listing, [])).toBe(
      [
        'str_replace_editor  [builtin]  Custom editing tool',
        '                    args: command*: string, view_range: array, any',
        'mcp_fs_read         [mcp:fs]   Reads',
        '',
        '2 tool(s); * = required argument.',
      ].join('\n'),
    );
  });

  it('lists name clashes after the tools', () => {
    const text = formatListing(listing, [{ name: 'mcp_fs_read', kept: 'mcp:fs', rejected: 'extension:x' }]);
    expect(text.endsWith("Name clashes (the first registered keeps the name):\n  tool name clash: 'mcp_fs_read' from extension:x was not registered; mcp:fs keeps the name")).toBe(true);
  });

  it('says so when there are no tools', () => {
    expect(formatListing([], [])).toBe('No tools.');
  });
});

describe('toolsCommand usage', () => {
  it('prints help with exit 0', async () => {
    const s = io();
    expect(await toolsCommand(['--help'], s)).toBe(0);
    expect(s.out()).toContain('glassbox tools list [--json]');
  });

  it.each([
    [[], 'missing subcommand'],
    [['nope'], "unknown subcommand 'nope'"],
    [['call'], 'missing tool NAME'],
    [['call', 'a', 'b'], "unexpected argument 'b'"],
    [['call', 'a', '--approve', 'maybe'], '--approve must be one of ask, auto, deny'],
    [['list', '--frob'], "Unknown option '--frob'"],
    [['list', 'extra'], "unexpected argument 'extra'"],
    [['list', '--workspace', '/definitely/not/here'], '--workspace /definitely/not/here is not a directory'],
  ])('%j → usage error', async (argv, message) => {
    await expect(toolsCommand(argv, io())).rejects.toThrow(message);
    await expect(toolsCommand(argv, io())).rejects.toBeInstanceOf(UsageError);
  });
});
