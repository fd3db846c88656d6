import { describe, expect, it } from 'vitest';
import { openApp, sendTask, useChromiumAndWebHosts } from './ui-harness';

// The window says when bash and python_execute run without the OS sandbox, and keeps saying so.

const hosts = useChromiumAndWebHosts();

describe('the "unsandboxed" badge', { timeout: 180_000 }, () => {
  it('shows with sandbox.mode "off" (with the reason), also after a run ended', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] }, { text: 'done' }], { sandbox: { mode: 'off' } });
    const page = await openApp(hosts.browser(), w);
    const badge = page.getByTestId('unsandboxed');
    await expect.poll(() => badge.count(), { timeout: 30_000 }).toBe(1);
    expect(await badge.innerText()).toBe('unsandboxed');
    expect(await badge.getAttribute('title')).toContain('sandbox.mode is "off"');
    await sendTask(page, 'say hi');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await badge.count()).toBe(1);
  });

  it.runIf(process.platform === 'linux')('does not show while the sandbox confines the shell', async () => {
    const w = await hosts.web([{ text: 'done' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'anything');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('unsandboxed').count()).toBe(0);
  });
});
