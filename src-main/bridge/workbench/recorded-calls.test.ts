import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../core/events/event-types';
import type { ToolResultRecord } from '../../core/tools/tool-result';
import { compareResults, findRecordedCall } from './recorded-calls';

const rec = (output: string | null, error: string | null = null): ToolResultRecord => ({ output, error, images: [], system: null });

describe('findRecordedCall', () => {
  const events: GlassboxEvent[] = [
    { seq: 1, ts: 1, session: 's', type: 'tool_execution_start', callId: 'a', tool: 'mcp_everything_echo', args: { message: 'hi' }, source: 'mcp:everything' },
    { seq: 2, ts: 2, session: 's', type: 'tool_execution_start', callId: 'b', tool: 'bash', args: { command: 'ls' }, source: 'builtin' },
    { seq: 3, ts: 3, session: 's', type: 'tool_execution_end', callId: 'a', tool: 'mcp_everything_echo', result: rec('Echo: hi'), durationMs: 4 },
  ];

  it('joins the start and end of a call', () => {
    expect(findRecordedCall(events, 'a')).toEqual({
      callId: 'a',
      tool: 'mcp_everything_echo',
      args: { message: 'hi' },
      source: 'mcp:everything',
      result: rec('Echo: hi'),
    });
  });

  it('returns a call still running with no result, and null for an unknown id', () => {
    expect(findRecordedCall(events, 'b')?.result).toBeNull();
    expect(findRecordedCall(events, 'zzz')).toBeNull();
  });
});

describe('compareResults', () => {
  it('is equal for the same text', () => {
    expect(compareResults(rec('Echo: hi'), rec('Echo: hi'))).toEqual({ equal: true, diff: '' });
  });

  it('gives a unified diff recorded → replay', () => {
    const r = compareResults(rec('Echo: hi'), rec('Echo: bye'));
    expect(r.equal).toBe(false);
    expect(r.diff.startsWith('--- recorded')).toBe(true);
    expect(r.diff).toContain('+++ replay');
    expect(r.diff).toContain('-Echo: hi');
    expect(r.diff).toContain('+Echo: bye');
  });

  it('sees an error appearing as a difference', () => {
    const r = compareResults(rec('ok'), rec('ok', 'disk full'));
    expect(r.equal).toBe(false);
    expect(r.diff).toContain('+Error: disk full');
  });

  it('compares images by type and size', () => {
    const withImg = (data: string): ToolResultRecord => ({ ...rec('img'), images: [{ data, mimeType: 'image/png' }] });
    expect(compareResults(withImg('AAAA'), withImg('BBBB')).equal).toBe(true);
    expect(compareResults(withImg('AAAA'), withImg('AAAAAAAA')).equal).toBe(false);
  });
});
