import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../events/event-types';
import { applyCallEvent, createCallIndex } from './call-index';

const base = { session: 's' };

describe('call index: calls that run as MCP tasks', () => {
  it('keeps the latest task state on the call (not among its updates) and when the task was first seen', () => {
    const index = createCallIndex();
    const events: GlassboxEvent[] = [
      { ...base, seq: 1, ts: 1000, type: 'tool_execution_start', callId: 'c1', tool: 'mcp_jobs_long_job', args: {}, source: 'mcp:jobs' },
      { ...base, seq: 2, ts: 1100, type: 'tool_execution_update', callId: 'c1', kind: 'task', task: { server: 'jobs', taskId: 't1', status: 'working', ttl: 60_000 } },
      { ...base, seq: 3, ts: 1200, type: 'tool_execution_update', callId: 'c1', kind: 'progress', progress: 1, total: 10 },
      { ...base, seq: 4, ts: 2100, type: 'tool_execution_update', callId: 'c1', kind: 'task', task: { server: 'jobs', taskId: 't1', status: 'working', statusMessage: 'step 2', ttl: 60_000 } },
    ];
    for (const e of events) applyCallEvent(index, e);
    const call = index.byId.get('c1')!;
    expect(call.task).toEqual({ server: 'jobs', taskId: 't1', status: 'working', statusMessage: 'step 2', ttl: 60_000 });
    expect(call.taskSince).toBe(1100);
    expect(call.updates.map((u) => u.kind)).toEqual(['progress']);
    expect(call.status).toBe('running');
  });

  it('a task update without its task changes nothing', () => {
    const index = createCallIndex();
    expect(applyCallEvent(index, { ...base, seq: 1, ts: 1, type: 'tool_execution_update', callId: 'c2', kind: 'task' })).toBeNull();
    expect(index.byId.size).toBe(0);
  });
});
