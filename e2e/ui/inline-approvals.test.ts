import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';
import { openTab } from '../panes/panes-harness';

// Approvals wait inline in their call's card: the rest of the window stays usable, Esc never
// cancels the run, and a dangerous command's request does not run on a stray Enter.

const hosts = useChromiumAndWebHosts();
const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName ?? null);
const fileText = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : '');

describe('inline approvals', { timeout: 240_000 }, () => {
  it('Terminal, Edits and the inspector are usable while an approval waits; Alt+Shift+A allows from the keyboard', async () => {
    const w = await hosts.web([], { approvals: { mode: 'ask' } });
    const notes = join(w.workspace, 'notes.md');
    w.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: notes, file_text: '# Notes\nfirst line\n' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch after-approval.txt' } }] },
      { text: 'Done.' },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'write notes, then touch a file');
    const request = page.getByTestId('approval-request');
    await request.waitFor({ timeout: 60_000 });
    // Not a modal: no backdrop, the bar above the message box says what waits.
    expect(await page.locator('.dialog-backdrop').count()).toBe(0);
    expect(await page.getByTestId('approval-waiting').innerText()).toContain('str_replace_editor');
    await page.keyboard.press('Alt+Shift+A');
    await expect.poll(() => fileText(notes), { timeout: 30_000 }).toContain('first line');

    // The second request waits; meanwhile the Edits pane shows the first edit…
    await expect.poll(() => request.getByTestId('approval-command').innerText().catch(() => ''), { timeout: 60_000 }).toBe('touch after-approval.txt');
    await openTab(page, 'edits');
    await page.getByTestId('edited-file').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('edits-pane').innerText()).toContain('notes.md');
    // …the terminal takes typing…
    await openTab(page, 'terminal');
    const pane = page.getByTestId('terminal-pane');
    await expect.poll(() => pane.getByTestId('terminal-take-over').isEnabled(), { timeout: 30_000 }).toBe(true);
    await pane.getByTestId('terminal-take-over').click();
    await page.getByTestId('terminal').click();
    await page.keyboard.type('echo typed-while-waiting > typed.txt');
    await page.keyboard.press('Enter');
    await expect.poll(() => fileText(join(w.workspace, 'typed.txt')), { timeout: 30_000 }).toBe('typed-while-waiting\n');
    await pane.getByTestId('terminal-release').click();
    // …and the inspector opens the first call.
    await openTab(page, 'inspector');
    await page.getByTestId('tool-call-card').first().getByTestId('inspect-call').click();
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('str_replace_editor');
    // The request is still there, nothing ran, and the run still goes.
    expect(existsSync(join(w.workspace, 'after-approval.txt'))).toBe(false);
    expect(await page.getByTestId('run-state').innerText()).toBe('working…');
    await shotsAllSizes(page, 'approval-inline');
    await page.getByTestId('approval-show').click();
    await expect.poll(() => focused(page)).toBe('approve-once');
    await page.getByTestId('approve-once').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(existsSync(join(w.workspace, 'after-approval.txt'))).toBe(true);
    expect(await page.getByTestId('approval-waiting').count()).toBe(0);
  });

  it('Esc leaves the request and never cancels the run; Alt+Shift+N then Enter allows and the focus is back in the message box', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch kept.txt' } }] }, { text: 'done' }], { approvals: { mode: 'ask' } });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'make a file');
    const request = page.getByTestId('approval-request');
    await request.waitFor({ timeout: 60_000 });
    // A request does not take the focus from what you type.
    expect(await focused(page)).toBe('composer-input');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+Shift+N');
    await expect.poll(() => request.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('composer-input');
    await page.keyboard.press('Escape');
    // The run goes on and the request still waits.
    expect(await page.getByTestId('run-state').innerText()).toBe('working…');
    expect(await request.count()).toBe(1);
    expect(await page.getByTestId('run-end').count()).toBe(0);
    expect(existsSync(join(w.workspace, 'kept.txt'))).toBe(false);
    await page.keyboard.press('Alt+Shift+N');
    await expect.poll(() => focused(page)).toBe('approve-once');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('run-end').getAttribute('data-reason'), { timeout: 60_000 }).toBe('finished');
    expect(existsSync(join(w.workspace, 'kept.txt'))).toBe(true);
    await expect.poll(() => focused(page)).toBe('composer-input');
  });

  it('a dangerous command: Deny is the default so Enter denies; Allow takes a second, deliberate press', async () => {
    const w = await hosts.web(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: 'git reset --hard' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'git reset --hard' } }] },
        { text: 'done' },
      ],
      { approvals: { mode: 'ask' } },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'throw my changes away');
    const request = page.getByTestId('approval-request');
    await request.waitFor({ timeout: 60_000 });
    expect(await request.getAttribute('data-dangerous')).toBe('true');
    expect(await request.getByTestId('approval-danger').innerText()).toBe('dangerous');
    await shotsAllSizes(page, 'approval-dangerous');
    await page.keyboard.press('Alt+Shift+N');
    await expect.poll(() => focused(page)).toBe('deny');
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('tool-call-card');
    await expect.poll(() => cards.first().getAttribute('data-status'), { timeout: 30_000 }).toBe('denied');

    // The second request: Alt+Shift+A only arms Allow (the call still waits); Enter on it then allows.
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(2);
    await request.waitFor({ timeout: 60_000 });
    await page.keyboard.press('Alt+Shift+A');
    await expect.poll(() => request.getByTestId('approve-once').getAttribute('data-armed')).toBe('true');
    expect(await cards.nth(1).getAttribute('data-status')).toBe('awaiting_approval');
    expect(await focused(page)).toBe('approve-once');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await cards.nth(1).getAttribute('data-status')).not.toBe('denied');
    // What the model was told: the first was denied by the user, the second ran.
    expect(JSON.stringify(w.model.requests[1]!.body.messages)).toContain('Denied by the user');
  });
});
