import { describe, expect, it } from 'vitest';
import { remoteInputSchema } from './remote-tool';

describe('remoteInputSchema', () => {
  it('drops $schema and does not require defaulted properties', () => {
    const s = remoteInputSchema({
      name: 'shot',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { scale: { type: 'string', enum: ['css', 'device'], default: 'css' }, url: { type: 'string' } },
        required: ['scale', 'url'],
      },
    });
    expect(s).toEqual({
      type: 'object',
      properties: { scale: { type: 'string', enum: ['css', 'device'], default: 'css' }, url: { type: 'string' } },
      required: ['url'],
    });
  });

  it('gives a schema-less tool an object schema', () => {
    expect(remoteInputSchema({ name: 'x', inputSchema: { type: 'object' } })).toEqual({ type: 'object' });
  });
});

describe('remoteValidationSchema (what arguments are checked against)', () => {
  const remote = {
    name: 'lookup',
    inputSchema: {
      type: 'object' as const,
      $defs: { id: { type: 'string', pattern: '^[a-z]+$' } },
      properties: { id: { $ref: '#/$defs/id' }, verbose: { type: 'boolean' }, profile: { $ref: 'http://127.0.0.1:9/canary.json' } },
      required: ['id'],
    },
  };

  it('lets optional arguments be null, keeps required ones strict, and never follows a $ref to another document', async () => {
    const { ToolCollection } = await import('../../tools/tool-collection');
    const { McpClientTool } = await import('./remote-tool');
    const conn = { id: 's', callTool: async () => ({ output: 'ok' }) } as never;
    const tool = new McpClientTool(conn, remote, 'mcp_s_lookup');
    const c = new ToolCollection([tool]);
    expect(c.validate(tool, { id: 'abc', verbose: null, profile: { any: 'thing' } })).toBeNull();
    expect(c.validate(tool, { id: null })).toMatch(/id/);
    expect(c.validate(tool, { id: 'ABC' })).toMatch(/pattern|match/);
    // The model sees the schema as the server gave it: refs intact, not dereferenced.
    expect(tool.inputSchema.properties).toEqual(remote.inputSchema.properties);
  });
});
