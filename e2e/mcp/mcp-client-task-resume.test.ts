import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specTypeSchemas } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventInput } from '../../src-shared/events/event-types';
import { cancelRecordedTask, resumeTask } from '../../src-main/core/mcp/client/task-control';
import { ROOT } from '../helpers/cli';
import { makeManager } from './mcp-test-helpers';

// A task left behind: created on the server by an earlier process (here, a request made
// directly), then taken up by resumeTask / cancelled by cancelRecordedTask as after a restart.
const TASK_SERVER = join(ROOT, 'e2e/mcp/fixtures/task-server.mjs');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});

async function leftBehind(seconds: number) {
  const log = join(mkdtempSync(join(tmpdir(), 'glassbox-task-resume-')), 'tasks.jsonl');
  const m = makeManager({ mcpServers: { jobs: { command: process.execPath, args: [TASK_SERVER], env: { TASK_LOG: log } } } });
  cleanup.push(() => m.manager.close());
  await m.manager.start();
  const client = m.manager.connection('jobs')!.sdkClient!;
  const created = await client.request({ method: 'tools/call', params: { name: 'long_job', arguments: { seconds, label: 'left' }, task: {} } }, specTypeSchemas.CreateTaskResult);
  const events: EventInput[] = [];
  const call = { callId: 'c-old', tool: 'mcp_jobs_long_job', startedAt: Date.now(), task: { server: 'jobs', taskId: created.task.taskId, status: 'working' as const } };
  return { client, call, events, log, emit: (e: EventInput) => void events.push(e) };
}

describe('MCP tasks taken up after a restart', { timeout: 60_000 }, () => {
  it('a running task is followed to its end and its result recorded as the call end', async () => {
    const t = await leftBehind(2);
    const first = await resumeTask(t.client, t.call, 10_000, t.emit);
    expect(first.ended).toBe(false);
    await vi.waitFor(() => expect(t.events.some((e) => e.type === 'tool_execution_end')).toBe(true), { timeout: 20_000 });
    const end = t.events.find((e) => e.type === 'tool_execution_end');
    expect(end).toMatchObject({ callId: 'c-old', tool: 'mcp_jobs_long_job', result: { output: 'done: left' } });
  });

  it('a task the server does not know ends the call as lost', async () => {
    const t = await leftBehind(1);
    const out = await resumeTask(t.client, { ...t.call, task: { ...t.call.task, taskId: 'no-such-task' } }, 10_000, t.emit);
    expect(out.ended).toBe(true);
    expect(out.task.lost).toMatch(/^tasks\/get failed/);
    const end = t.events.find((e) => e.type === 'tool_execution_end');
    expect(end && end.type === 'tool_execution_end' && end.result.error).toMatch(/no longer knows task no-such-task/);
  });

  it('Cancel on a recorded task sends tasks/cancel and ends the call as cancelled', async () => {
    const t = await leftBehind(30);
    const out = await cancelRecordedTask(t.client, t.call, 10_000, t.emit);
    expect(out).toMatchObject({ ended: true, task: { status: 'cancelled' } });
    const log = existsSync(t.log) ? readFileSync(t.log, 'utf8') : '';
    expect(log).toContain(`"event":"cancelled","taskId":"${t.call.task.taskId}"`);
  });
});
