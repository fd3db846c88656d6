import { describe, expect, it } from 'vitest';
import { argsPreview, formatDuration, imageDataUrl, sourceLabel } from './format';

describe('card formatting', () => {
  it('labels sources', () => {
    expect(sourceLabel('builtin')).toBe('built-in');
    expect(sourceLabel('mcp:files')).toBe('MCP files');
    expect(sourceLabel('extension:hello')).toBe('extension hello');
  });
  it('formats durations', () => {
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(123_000)).toBe('2 m 3 s');
  });
  it('previews the bash command and clips long args', () => {
    expect(argsPreview('bash', { command: 'ls -la' })).toBe('ls -la');
    expect(argsPreview('str_replace_editor', { path: '/a/b' })).toBe('path: /a/b');
    expect(argsPreview('x', { big: 'y'.repeat(500) }).length).toBeLessThanOrEqual(161);
  });
  const table: Array<[{ data: string; mimeType: string }, boolean]> = [
    [{ data: 'iVBORw0KGgo=', mimeType: 'image/png' }, true],
    [{ data: 'iVBORw0KGgo=', mimeType: 'image/jpeg' }, true],
    [{ data: 'PHN2Zz4=', mimeType: 'image/svg+xml' }, false],
    [{ data: 'x', mimeType: 'text/html' }, false],
    [{ data: 'abc");alert(1);("', mimeType: 'image/png' }, false],
  ];
  for (const [img, ok] of table) it(`image ${img.mimeType} ${ok ? 'shown' : 'refused'}`, () => expect(imageDataUrl(img) !== null).toBe(ok));
});
