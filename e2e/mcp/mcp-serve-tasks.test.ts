import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  TaskStatusNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempGlassbox } from '../helpers/cli';

// `glassbox mcp serve` runs long bash / python_execute calls as tasks (MCP 2025-11-25) for a
// client that asks: the call answers with a task at once, the client follows it (tasks/get,
// notifications/tasks/status), fetches its result (tasks/result) or cancels it (tasks/cancel,
// which kills the process). The client is the MCP SDK v1's, speaking the wire as documented.

/** Processes whose command line holds `marker` (this test's own: the marker is random). */
function running(marker: string): number {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

function text(r: CallToolResult): string {
  return r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
}

describe('glassbox mcp serve: long calls as tasks', { timeout: 120_000 }, () => {
  const t = tempGlassbox();
  let client: Client;
  const statuses: Array<{ taskId: string; status: string; statusMessage?: string }> = [];
  beforeAll(async () => {
    mkdirSync(t.workspace, { recursive: true });
    mkdirSync(t.home, { recursive: true });
    client = new Client({ name: 'task-test', version: '1' });
    client.setNotificationHandler(TaskStatusNotificationSchema, (n) => {
      statuses.push(n.params);
    });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--approve', 'auto', '--workspace', t.workspace], env: t.env as Record<string, string>, cwd: t.workspace, stderr: 'pipe' }),
    );
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('offers tasks for tools/call, and bash and python_execute may run as one', async () => {
    expect(client.getServerCapabilities()?.tasks).toMatchObject({ requests: { tools: { call: {} } }, cancel: {}, list: {} });
    const { tools } = await client.listTools();
    expect(tools.find((x) => x.name === 'bash')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((x) => x.name === 'python_execute')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((x) => x.name === 'str_replace_editor')?.execution).toBeUndefined();
  });

  it('runs a 10 s bash call as a task: status while it works, then its result', async () => {
    const created = await client.request(
      { method: 'tools/call', params: { name: 'bash', arguments: { command: 'sleep 10; echo finished-as-task' }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    const { taskId } = created.task;
    expect(created.task).toMatchObject({ status: 'working', ttl: 60_000 });
    expect(created.task.pollInterval).toBeGreaterThan(0);
    const now = await client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema);
    expect(now).toMatchObject({ taskId, status: 'working' });
    const listed = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(listed.tasks.map((x) => x.taskId)).toContain(taskId);
    // tasks/result waits for the end.
    const result = await client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema, { timeout: 90_000 });
    expect(text(result)).toContain('finished-as-task');
    expect(result.isError).toBeFalsy();
    expect(result._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId });
    expect((await client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema)).status).toBe('completed');
    await expect.poll(() => statuses.filter((s) => s.taskId === taskId).map((s) => s.status)).toContain('completed');
  });

  it('cancels a running task: the process is killed and the task has no result', async () => {
    const marker = `${randomInt(100, 999)}.${randomInt(100_000, 999_999)}`;
    const created = await client.request(
      { method: 'tools/call', params: { name: 'bash', arguments: { command: `sleep ${marker}` }, task: {} } },
      CreateTaskResultSchema,
    );
    const { taskId } = created.task;
    await expect.poll(() => running(`sleep ${marker}`), { timeout: 30_000 }).toBeGreaterThan(0);
    const cancelled = await client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema);
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled' });
    await expect.poll(() => running(`sleep ${marker}`), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => statuses.filter((s) => s.taskId === taskId).map((s) => s.status)).toContain('cancelled');
    await expect(client.request({ method: 'tasks/result', params: { taskId } }, CallToolResultSchema)).rejects.toThrow(/was cancelled/);
    await expect(client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema)).rejects.toThrow(/already cancelled/);
  });

  it('answers an unknown task id with an error, and a plain call of bash as before', async () => {
    await expect(client.request({ method: 'tasks/get', params: { taskId: 'no-such-task' } }, GetTaskResultSchema)).rejects.toThrow(/Unknown task/);
    const plain = (await client.callTool({ name: 'bash', arguments: { command: 'echo plain' } })) as CallToolResult;
    expect(text(plain)).toContain('plain');
  });
});
