import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { openApp, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';

// A task-capable MCP server (e2e/mcp/fixtures/task-server.mjs, on the MCP SDK's own task runtime)
// behind `glassbox web` with the scripted model: a 10-second task shows its status, progress and
// time to live on the card and completes; a longer one is cancelled from its card's Cancel.

const TASK_SERVER = join(ROOT, 'e2e/mcp/fixtures/task-server.mjs');
const hosts = useChromiumAndWebHosts();

function serverLog(file: string): Array<{ event: string; taskId: string }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

describe('MCP tasks in the window', { timeout: 180_000 }, () => {
  it('a 10 s task shows status, progress and time to live and completes; Cancel sends tasks/cancel and the card says cancelled', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'glassbox-task-ui-')), 'tasks.jsonl');
    const web = await hosts.web(
      [
        { toolCalls: [{ name: 'mcp_jobs_long_job', arguments: { seconds: 10, label: 'ten seconds' } }] },
        { toolCalls: [{ name: 'mcp_jobs_long_job', arguments: { seconds: 120, label: 'too long' } }] },
        { text: 'The long one was cancelled.' },
      ],
      { mcpServers: { jobs: { command: process.execPath, args: [TASK_SERVER], env: { TASK_LOG: log } } } },
    );
    const page = await openApp(hosts.browser(), web);
    await sendTask(page, 'run the jobs');

    const cards = page.locator('[data-testid="tool-call-card"]', { hasText: 'mcp_jobs_long_job' });
    const first = cards.nth(0);
    const panel = first.getByTestId('task-panel');
    await expect.poll(() => panel.getAttribute('data-task-status'), { timeout: 60_000 }).toBe('working');
    // The server's status message, its progress and the time left to live, while it runs.
    await expect.poll(async () => (await first.getByTestId('task-message').count()) && (await first.getByTestId('task-message').innerText()), { timeout: 30_000 }).toMatch(/^step [3-9] of 10$/);
    expect(await first.getByTestId('task-progress').locator('progress').getAttribute('max')).toBe('10');
    expect(await first.getByTestId('task-ttl').innerText()).toMatch(/^expires in 1 m \d\d s$/);
    expect(await first.getByTestId('task-cancel').isEnabled()).toBe(true);
    await shotsAllSizes(page, 'task-running');

    await expect.poll(() => first.getAttribute('data-status'), { timeout: 60_000 }).toBe('ok');
    expect(await panel.getAttribute('data-task-status')).toBe('completed');
    expect(await first.getByTestId('result-output').innerText()).toContain('done: ten seconds');
    expect(await first.getByTestId('task-cancel').count()).toBe(0);

    // The second one is cancelled from its card: the server gets tasks/cancel, the card says so.
    const second = cards.nth(1);
    await expect.poll(async () => (await second.getByTestId('task-message').count()) && (await second.getByTestId('task-message').innerText()), { timeout: 60_000 }).toMatch(/^step \d+ of 120$/);
    const taskId = await second.getByTestId('task-panel').getAttribute('data-task-id');
    await second.getByTestId('task-cancel').click();
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 30_000 }).toBe('error');
    expect(await second.getByTestId('task-status').innerText()).toBe('task cancelled');
    expect(await second.getByTestId('result-error').innerText()).toMatch(/cancelled: task \S+ of long_job on MCP server 'jobs' was cancelled from the window/);
    await expect.poll(() => serverLog(log).filter((e) => e.event === 'cancelled').map((e) => e.taskId), { timeout: 10_000 }).toEqual([taskId]);
    // The run went on to the model's answer.
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.locator('text=The long one was cancelled.').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await second.scrollIntoViewIfNeeded();
    await shotsAllSizes(page, 'task-cancelled');
  });
});
