import { describe, expect, it } from 'vitest';
import { MCP_CONTENT_METADATA_KEY, mcpResultToToolResult, toolResultToMcpResult } from './content';

describe('mcpResultToToolResult', () => {
  it('joins text blocks', () => {
    expect(mcpResultToToolResult({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toEqual({ output: 'a\nb' });
  });

  it('maps a lone text block (the fast path) to exactly output, error or nothing', () => {
    expect(mcpResultToToolResult({ content: [{ type: 'text', text: 'hi' }] })).toEqual({ output: 'hi' });
    expect(mcpResultToToolResult({ content: [{ type: 'text', text: '' }] })).toEqual({});
    expect(mcpResultToToolResult({ isError: true, content: [{ type: 'text', text: 'no' }] })).toEqual({ error: 'no' });
    expect(mcpResultToToolResult({ isError: true, content: [{ type: 'text', text: '' }] }).error).toMatch(/without a message/);
    // With structuredContent the general path runs and keeps it as metadata.
    expect(mcpResultToToolResult({ content: [{ type: 'text', text: 'hi' }], structuredContent: { a: 1 } })).toEqual({
      output: 'hi',
      metadata: { structuredContent: { a: 1 } },
    });
  });

  it('keeps images as result images', () => {
    const r = mcpResultToToolResult({ content: [{ type: 'text', text: 'pic:' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] });
    expect(r.output).toBe('pic:');
    expect(r.images).toEqual([{ data: 'AAAA', mimeType: 'image/png' }]);
  });

  it('turns isError into an error result', () => {
    const r = mcpResultToToolResult({ isError: true, content: [{ type: 'text', text: 'denied' }] });
    expect(r.error).toBe('denied');
    expect(r.output).toBeUndefined();
  });

  it('gives an error without text a message', () => {
    expect(mcpResultToToolResult({ isError: true, content: [] }).error).toMatch(/error/);
  });

  it('describes audio, resource links and embedded resources, inlining embedded text', () => {
    const r = mcpResultToToolResult({
      content: [
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///x.txt', name: 'x.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'inside' } },
        { type: 'resource', resource: { uri: 'test://b', mimeType: 'application/gzip', blob: 'AAAA' } },
      ],
    });
    expect(r.output).toContain('[audio: audio/wav, 3 bytes]');
    expect(r.output).toContain('[resource link: x.txt <file:///x.txt> (text/plain)]');
    expect(r.output).toContain('[resource <test://r> (text/plain)]\ninside');
    expect(r.output).toContain('[binary resource <test://b> (application/gzip), 3 bytes]');
    expect((r.metadata?.[MCP_CONTENT_METADATA_KEY] as unknown[]).length).toBe(4);
  });

  it('uses structuredContent as JSON when there is no text', () => {
    const r = mcpResultToToolResult({ content: [], structuredContent: { temperature: 21 } });
    expect(JSON.parse(r.output!)).toEqual({ temperature: 21 });
  });

  it('prefers text over structuredContent', () => {
    const r = mcpResultToToolResult({ content: [{ type: 'text', text: 'It is 21' }], structuredContent: { temperature: 21 } });
    expect(r.output).toBe('It is 21');
  });
});

describe('toolResultToMcpResult', () => {
  it('maps output, images and errors back', () => {
    expect(toolResultToMcpResult({ output: 'hi', images: [{ data: 'AA', mimeType: 'image/png' }] })).toEqual({
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AA', mimeType: 'image/png' },
      ],
    });
    expect(toolResultToMcpResult({ error: 'bad' })).toEqual({ content: [{ type: 'text', text: 'bad' }], isError: true });
  });

  it('passes through audio and resources kept in metadata', () => {
    const blocks = [{ type: 'audio', data: 'AA', mimeType: 'audio/wav' }, { type: 'nonsense' }];
    const r = toolResultToMcpResult({ output: 'x', metadata: { [MCP_CONTENT_METADATA_KEY]: blocks } });
    expect(r.content).toEqual([{ type: 'text', text: 'x' }, { type: 'audio', data: 'AA', mimeType: 'audio/wav' }]);
  });

  it('round-trips a remote result', () => {
    const original = {
      content: [
        { type: 'text' as const, text: 'mixed' },
        { type: 'image' as const, data: 'AA', mimeType: 'image/png' },
        { type: 'resource' as const, resource: { uri: 'test://r', mimeType: 'text/plain', text: 't' } },
      ],
    };
    const back = toolResultToMcpResult(mcpResultToToolResult(original));
    expect(back.content.map((c) => c.type)).toEqual(['text', 'image', 'resource']);
  });
});
