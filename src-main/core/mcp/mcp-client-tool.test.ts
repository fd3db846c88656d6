import { describe, expect, it } from 'vitest';
import { remoteInputSchema } from './mcp-client-tool';

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
