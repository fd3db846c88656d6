import { describe, expect, it } from 'vitest';
import { holdReplies, useChromiumAndWebHosts, openApp, sendTask } from './ui-harness';

// Focus moves into a dialog when it opens and back to where it was when it closes: the
// agent's question (answered from the keyboard) and Settings (Ctrl+,). Approvals are inline
// and keep their own keys (inline-approvals.test.ts).

const hosts = useChromiumAndWebHosts();
const focused = (page: import('playwright-core').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName ?? null);

describe('dialog focus', { timeout: 180_000 }, () => {
  it('a question takes the focus, Enter answers, and the focus is back in the message box', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'ask_human', arguments: { inquire: 'Which name?' } }] }, { text: 'done' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'ask me');
    const dialog = page.getByTestId('question-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('focus-name');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => focused(page)).toBe('composer-input');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 30_000 }).toBe(1);
    expect(JSON.stringify(w.model.requests[1]!.body.messages)).toContain('focus-name');
  });

  it('Settings (Ctrl+,) takes the focus and gives it back on Close', async () => {
    const w = await hosts.web([]);
    const page = await openApp(hosts.browser(), w);
    await page.getByTestId('composer-input').focus();
    await page.keyboard.press('Control+Comma');
    const panel = page.getByTestId('settings-panel');
    await panel.waitFor();
    // Focus moves in once the panel has mounted (an effect after its first paint): wait for it.
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await panel.getByText('Close', { exact: true }).click();
    await expect.poll(() => focused(page)).toBe('composer-input');
  });

  it('Settings asked for before the settings arrived takes the focus when it is drawn', async () => {
    const w = await hosts.web([]);
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    let release!: () => void;
    await holdReplies(page, 'settings.get', new Promise<void>((r) => (release = r)));
    await page.goto(w.url);
    const box = page.getByTestId('composer-input');
    await box.waitFor({ timeout: 30_000 });
    await box.focus();
    await page.keyboard.press('Control+Comma');
    const panel = page.getByTestId('settings-panel');
    // Not drawn until the host's settings arrive (on a loaded machine, they can come late).
    expect(await panel.count()).toBe(0);
    release();
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await panel.getByText('Close', { exact: true }).click();
    await expect.poll(() => focused(page)).toBe('composer-input');
  });
});
