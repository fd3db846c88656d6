import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { editsFromEvents } from './edit-records';

function end(seq: number, tool: string, metadata: Record<string, unknown> | undefined, error: string | null = null): GlassboxEvent {
  return {
    seq,
    ts: 1000 + seq,
    session: 's',
    type: 'tool_execution_end',
    callId: `c${seq}`,
    tool,
    durationMs: 1,
    result: { output: error ? null : 'ok', error, images: [], system: null, ...(metadata ? { metadata } : {}) },
  };
}

describe('editsFromEvents', () => {
  it('keeps successful editor changes in order and skips views, failures and other tools', () => {
    const events: GlassboxEvent[] = [
      { seq: 1, ts: 1, session: 's', type: 'agent_start', task: 't' },
      end(2, 'str_replace_editor', { path: '/w/a.ts', command: 'create', before: '', after: 'x\n', created: true }),
      end(3, 'str_replace_editor', undefined), // a view: no metadata
      end(4, 'bash', { path: '/w/a.ts', command: 'create', before: '', after: '' }),
      end(5, 'str_replace_editor', { path: '/w/a.ts', command: 'str_replace', before: 'x\n', after: 'y\n' }),
      end(6, 'str_replace_editor', { path: '/w/a.ts', command: 'str_replace', before: 'y\n', after: 'z\n' }, 'boom'),
      end(7, 'str_replace_editor', { path: '/w/a.ts', command: 'undo_edit', before: 'y\n', after: 'x\n' }),
    ];
    expect(editsFromEvents(events).map((e) => [e.seq, e.command, e.before, e.after])).toEqual([
      [2, 'create', '', 'x\n'],
      [5, 'str_replace', 'x\n', 'y\n'],
      [7, 'undo_edit', 'y\n', 'x\n'],
    ]);
  });

  it('marks an edit whose file text was too big to ship', () => {
    const [rec] = editsFromEvents([end(2, 'str_replace_editor', { path: '/w/big.txt', command: 'insert' })]);
    expect(rec).toMatchObject({ path: '/w/big.txt', tooLarge: true, before: '', after: '' });
  });
});
