import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The terminal pane in Debian Chromium against a real `glassbox web`: xterm.js attached to
// the agent's own pty (node-pty), take-over and give-back, typing held while the agent runs.

const hosts = useChromiumAndWebHosts();

/** What xterm.js shows (its DOM renderer's rows). */
function screen(page: Page): Promise<string> {
  return page.getByTestId('terminal').innerText().then((t) => t.replace(/\u00a0/g, ' '));
}

describe('terminal pane', () => {
  it('shows the agent’s bash output live, and a command typed after take-over runs in the same shell', async () => {
    const w = await hosts.web(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: 'export GREETING=from-agent; echo term-$((40+2))' } }] },
        { text: 'Printed it.' },
      ],
      { approvals: { mode: 'auto' } },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'terminal');
    const pane = page.getByTestId('terminal-pane');
    await pane.waitFor();
    await sendTask(page, 'print something in the shell');
    await expect.poll(() => screen(page), { timeout: 60_000 }).toContain('term-42');
    await waitRunEnd(page);

    // Late attach: leave the tab and come back; the scrollback is still there.
    await openTab(page, 'inspector');
    await openTab(page, 'terminal');
    await expect.poll(() => screen(page), { timeout: 30_000 }).toContain('term-42');

    // The agent owns the terminal until the user takes over: typing is refused, and the pane says why.
    expect(await pane.getByTestId('terminal-banner').innerText()).toContain('Take over to type');
    await page.getByTestId('terminal').click();
    await page.keyboard.type('echo nope > refused.txt');
    await page.keyboard.press('Enter');
    await expect.poll(() => pane.getByTestId('terminal-note').innerText()).toContain('Take over to type');
    expect(existsSync(join(w.workspace, 'refused.txt'))).toBe(false);

    await pane.getByTestId('terminal-take-over').click();
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText()).toContain('You have the terminal');
    await page.getByTestId('terminal').click();
    // Same shell as the agent's: its exported variable is there.
    await page.keyboard.type('echo typed-$((6*7))-$GREETING > typed.txt; echo done-typing');
    await page.keyboard.press('Enter');
    await expect.poll(() => (existsSync(join(w.workspace, 'typed.txt')) ? readFileSync(join(w.workspace, 'typed.txt'), 'utf8') : ''), { timeout: 30_000 }).toBe('typed-42-from-agent\n');
    await expect.poll(() => screen(page)).toContain('done-typing');
    await paneShot(page, 'terminal-take-over', true);

    await pane.getByTestId('terminal-release').click();
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText()).toContain('The agent owns this terminal');
  }, 180_000);

  it('holds the user’s typing while the agent runs a command and sends it when the command ends', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' } });
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'terminal');
    const pane = page.getByTestId('terminal-pane');
    // Attaching starts the shell; take over while it is idle.
    await expect.poll(() => pane.getByTestId('terminal-take-over').isEnabled(), { timeout: 30_000 }).toBe(true);
    await pane.getByTestId('terminal-take-over').click();
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText()).toContain('You have the terminal');

    w.model.push({ toolCalls: [{ name: 'bash', arguments: { command: 'sleep 4; echo agent-slept > slept.txt' } }] }, { text: 'Slept.' });
    await sendTask(page, 'sleep a bit');
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText(), { timeout: 30_000 }).toContain('running a command');
    await page.getByTestId('terminal').click();
    await page.keyboard.type('cat slept.txt > after.txt');
    await page.keyboard.press('Enter');
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText()).toMatch(/typing is held \(\d+ characters\)/);
    await paneShot(page, 'terminal-held');
    // Not sent while the agent's command runs…
    expect(existsSync(join(w.workspace, 'after.txt'))).toBe(false);
    await waitRunEnd(page);
    // …then sent once it ended: it sees the agent's file.
    await expect.poll(() => (existsSync(join(w.workspace, 'after.txt')) ? readFileSync(join(w.workspace, 'after.txt'), 'utf8') : ''), { timeout: 30_000 }).toBe('agent-slept\n');
    // Take-over is refused while busy: the button is disabled during a command (checked above by the banner), and enabled after.
    await expect.poll(() => pane.getByTestId('terminal-banner').innerText()).toContain('You have the terminal');
  }, 180_000);
});
