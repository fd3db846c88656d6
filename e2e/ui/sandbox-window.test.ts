import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openApp, sendTask, shot, useChromiumAndWebHosts } from './ui-harness';

// The window and the OS sandbox: it says when bash and python_execute run without it, and its
// approval dialog names the sandbox decision an escalation overrides.

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

describe.runIf(process.platform === 'linux')('a repository the agent made in a run', { timeout: 180_000 }, () => {
  it('is disarmed when the run ends, and a banner says what was moved aside', async () => {
    const w = await hosts.web([
      { toolCalls: [{ name: 'bash', arguments: { command: 'git init -q vendor/evil && git -C vendor/evil config core.fsmonitor "touch /tmp/x; false"' } }] },
      { text: 'done' },
    ]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'make a repository');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const banner = page.locator('[data-testid="banner"][data-code^="SANDBOX:"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toContain('A git repository made during this session (vendor/evil/.git) could make git run programs outside the sandbox: Glassbox took core.fsmonitor out of its config');
    expect(readFileSync(join(w.workspace, 'vendor', 'evil', '.git', 'config'), 'utf8')).not.toContain('fsmonitor');
    expect(readFileSync(join(w.workspace, 'vendor', 'evil', '.git', 'config.glassbox-quarantine'), 'utf8')).toContain('fsmonitor');
    await shot(page, 'sandbox-swept-banner');
  });
});

describe.runIf(process.platform === 'linux' && existsSync('/var/tmp'))('the escalation dialog', { timeout: 180_000 }, () => {
  it('names what the sandbox forbids; approving runs that one call outside, the next stays confined', async () => {
    // Outside both the workspace and the temp dir the web host's sandbox lets it write.
    const outside = mkdtempSync('/var/tmp/gb-ui-escalation-');
    const target = join(outside, 'escalated.txt');
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    const w = await hosts.web(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: `echo once >> ${target}` } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: `python3 -c 'open(${JSON.stringify(target)}, "a").write("twice")'` } }] },
        { text: 'done' },
      ],
      { approvals: { mode: 'ask' } },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'append a line');
    const dialog = page.getByTestId('approval-request');
    await dialog.waitFor({ timeout: 60_000 });
    const reasons = await page.getByTestId('approval-reasons').innerText();
    expect(reasons).toContain(`writes outside the workspace: ${target}`);
    expect(reasons).toMatch(/approving runs this one call outside the sandbox/);
    await shot(page, 'dialog-escalation');
    // Leaving the sandbox is deliberate: the first press arms Allow, the second allows.
    await page.getByTestId('approve-once').click();
    expect(await page.getByTestId('approve-once').getAttribute('data-armed')).toBe('true');
    await page.getByTestId('approve-once').click();
    // The second call (the classifier cannot see what python writes) asks too; approved, it runs confined.
    await expect.poll(() => page.getByTestId('approval-command').innerText().catch(() => ''), { timeout: 60_000 }).toContain('python3 -c');
    expect(await page.getByTestId('approval-reasons').innerText()).not.toMatch(/outside the sandbox/);
    await page.getByTestId('approve-once').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('once\n');
    const cards = page.getByTestId('tool-call-card');
    await expect.poll(() => cards.nth(1).getAttribute('data-status'), { timeout: 30_000 }).toBe('error');
    expect(await cards.nth(1).getByTestId('result-output').innerText()).toMatch(/Read-only file system/);
  });
});
