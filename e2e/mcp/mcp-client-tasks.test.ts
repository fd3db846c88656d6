import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlassboxEvent } from '../../src-shared/events/event-types';
import type { McpTaskState } from '../../src-shared/events/mcp-task';
import { ROOT } from '../helpers/cli';
import { ctxFor, EVERYTHING, makeManager } from './mcp-test-helpers';

/** e2e/mcp/fixtures/task-server.mjs: long_job (task required), maybe_task (optional), quick (no tasks). */
const TASK_SERVER = join(ROOT, 'e2e/mcp/fixtures/task-server.mjs');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});

/** What the fixture server wrote to its TASK_LOG. */
function serverLog(file: string): Array<{ event: string; taskId: string; progressToken?: unknown; tool?: string }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

function taskStates(events: GlassboxEvent[], callId: string): McpTaskState[] {
  return events.flatMap((e) => (e.type === 'tool_execution_update' && e.callId === callId && e.kind === 'task' && e.task ? [e.task] : []));
}

async function startTaskServer() {
  const log = join(mkdtempSync(join(tmpdir(), 'glassbox-task-log-')), 'tasks.jsonl');
  const m = makeManager({ mcpServers: { jobs: { command: process.execPath, args: [TASK_SERVER], env: { TASK_LOG: log } } } });
  cleanup.push(() => m.manager.close());
  await m.manager.start();
  expect(m.manager.status('jobs')).toMatchObject({ status: 'connected' });
  return { ...m, log };
}

describe('MCP client: tools that run as tasks (2025-11-25)', { timeout: 60_000 }, () => {
  it('a task tool runs as a task: status and progress reach the call, the result comes from tasks/result', async () => {
    const m = await startTaskServer();
    const result = await m.tools.execute('mcp_jobs_long_job', { seconds: 3, label: 'three' }, ctxFor(m.bus, m.workspace, 'c-long'));
    expect(result.error).toBeUndefined();
    expect(result.output).toBe('done: three');
    const states = taskStates(m.events, 'c-long');
    expect(states[0]).toMatchObject({ server: 'jobs', status: 'working', ttl: 120_000, pollInterval: 500 });
    expect(states.map((s) => s.statusMessage)).toEqual(expect.arrayContaining(['step 1 of 3', 'step 3 of 3']));
    expect(states.at(-1)).toMatchObject({ status: 'completed' });
    expect(new Set(states.map((s) => s.taskId)).size).toBe(1);
    // Progress sent under the first request's token keeps reaching the call after the server answered it.
    const progress = m.events.filter((e) => e.type === 'tool_execution_update' && e.callId === 'c-long' && e.kind === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ total: 3, message: 'step 3 of 3' });
    // The server saw a task-augmented call with a progress token, and the Traffic view holds tasks/result.
    expect(serverLog(m.log)[0]).toMatchObject({ event: 'created', tool: 'long_job', progressToken: expect.anything() });
    const methods = m.manager.traffic('jobs').flatMap((t) => (t.kind === 'message' && t.direction === 'out' ? [(t.message as { method?: string }).method] : []));
    expect(methods).toEqual(expect.arrayContaining(['tools/call', 'tasks/result']));
  });

  it('cancelling the run sends tasks/cancel; the server marks the task cancelled and the call says so', async () => {
    const m = await startTaskServer();
    const ac = new AbortController();
    const running = m.tools.execute('mcp_jobs_long_job', { seconds: 30 }, ctxFor(m.bus, m.workspace, 'c-cancel', ac.signal));
    await vi.waitFor(() => expect(taskStates(m.events, 'c-cancel').some((s) => s.statusMessage === 'step 1 of 30')).toBe(true), { timeout: 20_000 });
    ac.abort();
    const result = await running;
    expect(result.error).toMatch(/^cancelled: task \S+ of long_job on MCP server 'jobs' was cancelled$/);
    expect(taskStates(m.events, 'c-cancel').at(-1)).toMatchObject({ status: 'cancelled' });
    await vi.waitFor(() => expect(serverLog(m.log).map((e) => e.event)).toEqual(['created', 'cancelled']), { timeout: 10_000 });
  });

  it("the window's Cancel (the server's task board) cancels one call and leaves the run alone", async () => {
    const m = await startTaskServer();
    const running = m.tools.execute('mcp_jobs_long_job', { seconds: 30 }, ctxFor(m.bus, m.workspace, 'c-board'));
    const board = m.manager.connection('jobs')!.router.tasks;
    await vi.waitFor(() => expect(board.taskOf('c-board')).toBeTruthy(), { timeout: 20_000 });
    expect(board.cancel('no-such-call')).toBe(false);
    expect(board.cancel('c-board')).toBe(true);
    const result = await running;
    expect(result.error).toMatch(/was cancelled from the window$/);
    const logged = serverLog(m.log);
    expect(logged.find((e) => e.event === 'cancelled')?.taskId).toBe(taskStates(m.events, 'c-board')[0].taskId);
    expect(board.taskOf('c-board')).toBeUndefined();
  });

  it('an optional-task tool runs as a task; a tool without task support is called plainly', async () => {
    const m = await startTaskServer();
    const maybe = await m.tools.execute('mcp_jobs_maybe_task', { text: 'hi' }, ctxFor(m.bus, m.workspace, 'c-maybe'));
    expect(maybe.output).toBe('echo: hi');
    expect(taskStates(m.events, 'c-maybe').at(-1)).toMatchObject({ status: 'completed' });
    const quick = await m.tools.execute('mcp_jobs_quick', { text: 'now' }, ctxFor(m.bus, m.workspace, 'c-quick'));
    expect(quick.output).toBe('quick: now');
    expect(taskStates(m.events, 'c-quick')).toEqual([]);
    expect(serverLog(m.log).map((e) => e.tool)).toEqual(['maybe_task']);
  });

  it("server-everything's simulate-research-query (task required) runs as a task with its stage messages", async () => {
    const m = makeManager({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    cleanup.push(() => m.manager.close());
    await m.manager.start();
    await vi.waitFor(() => expect(m.tools.has('mcp_everything_simulate-research-query')).toBe(true), { timeout: 20_000 });
    const result = await m.tools.execute('mcp_everything_simulate-research-query', { topic: 'tasks' }, ctxFor(m.bus, m.workspace, 'c-research'));
    expect(result.error).toBeUndefined();
    expect(result.output).toContain('# Research Report: tasks');
    const states = taskStates(m.events, 'c-research');
    expect(states.map((s) => s.statusMessage)).toEqual(expect.arrayContaining(['Gathering sources...']));
    expect(states.at(-1)).toMatchObject({ status: 'completed', ttl: 300_000 });
  });
});
