import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import { buildTimeline, clampPosition, countsUpTo, filterTimeline } from './model';

const base = { session: 's' };
const res = (output: string | null, error: string | null = null, metadata?: Record<string, unknown>) => ({
  output,
  error,
  images: [],
  system: null,
  ...(metadata ? { metadata } : {}),
});

const events: GlassboxEvent[] = [
  { ...base, seq: 1, ts: 1, type: 'agent_start', task: 'fix the bug' },
  { ...base, seq: 2, ts: 2, type: 'message_start', messageId: 'm1', role: 'assistant' },
  { ...base, seq: 2.5, ts: 2, type: 'message_end', messageId: 'u1', role: 'user', content: 'fix the bug' },
  { ...base, seq: 3, ts: 3, type: 'message_update', messageId: 'm1', role: 'assistant', delta: 'Let' },
  { ...base, seq: 4, ts: 4, type: 'message_end', messageId: 'm1', role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }] },
  { ...base, seq: 5, ts: 5, type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' },
  { ...base, seq: 6, ts: 6, type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: res('a.py'), durationMs: 3 },
  { ...base, seq: 7, ts: 7, type: 'approval_requested', requestId: 'r1', callId: 'c2', tool: 'str_replace_editor', args: { path: '/w/a.py' } },
  { ...base, seq: 8, ts: 8, type: 'approval_resolved', requestId: 'r1', callId: 'c2', decision: 'allow', by: 'user' },
  { ...base, seq: 9, ts: 9, type: 'tool_execution_start', callId: 'c2', tool: 'str_replace_editor', args: { command: 'str_replace', path: '/w/a.py' }, source: 'builtin' },
  { ...base, seq: 10, ts: 10, type: 'tool_execution_end', callId: 'c2', tool: 'str_replace_editor', result: res('edited', null, { path: '/w/a.py', command: 'str_replace', before: 'x=1\n', after: 'x=2\n' }), durationMs: 1 },
  { ...base, seq: 11, ts: 11, type: 'tool_execution_start', callId: 'c3', tool: 'mcp_everything_echo', args: { message: 'hi' }, source: 'mcp:everything', replayOf: 'c0' },
  { ...base, seq: 12, ts: 12, type: 'tool_execution_end', callId: 'c3', tool: 'mcp_everything_echo', result: res(null, 'boom'), durationMs: 1, replayOf: 'c0' },
  { ...base, seq: 13, ts: 13, type: 'tool_execution_start', callId: 'c4', tool: 'bash', args: { command: 'sleep 100' }, source: 'builtin' },
  { ...base, seq: 14, ts: 14, type: 'mcp_server_status', server: 'everything', status: 'error', error: 'spawn ENOENT' },
];

describe('buildTimeline', () => {
  const t = buildTimeline(events);

  it('makes one entry per meaningful moment, in order, leaving stream deltas out', () => {
    expect(t.map((e) => [e.seq, e.category])).toEqual([
      [1, 'user'],
      [4, 'model'],
      [6, 'terminal'],
      [7, 'approval'],
      [8, 'approval'],
      [10, 'edit'],
      [12, 'tool'],
      [13, 'terminal'],
      [14, 'mcp'],
    ]);
    expect(t.map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('carries what each entry shows', () => {
    expect(t[1]!.detail).toContain('→ bash({"command":"ls"})');
    expect(t[2]).toMatchObject({ title: '$ ls · ok', detail: 'a.py', callId: 'c1', args: { command: 'ls' } });
    expect(t[5]).toMatchObject({ edit: { path: '/w/a.py', before: 'x=1\n', after: 'x=2\n' }, callId: 'c2' });
    expect(t[6]).toMatchObject({ title: 'mcp_everything_echo {"message":"hi"} · error (replay)', detail: 'Error: boom', replayOf: 'c0' });
    expect(t[7]!.title).toBe('$ sleep 100 · unfinished');
  });

  it('filters by category and counts up to a position', () => {
    expect(filterTimeline(t, new Set(['edit', 'terminal'])).map((e) => e.seq)).toEqual([6, 10, 13]);
    expect(countsUpTo(t, 5)).toMatchObject({ user: 1, model: 1, terminal: 1, approval: 2, edit: 1, tool: 0 });
  });
});

describe('clampPosition', () => {
  it.each([
    [-3, 5, 0],
    [2.6, 5, 3],
    [99, 5, 4],
    [1, 0, 0],
  ])('%d in %d → %d', (p, n, want) => {
    expect(clampPosition(p, n)).toBe(want);
  });
});
