import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, openApp, sendTask } from './ui-harness';

// Focus moves into a dialog when it opens and back to where it was when it closes: the
// approval dialog (answered from the keyboard) and Settings (Ctrl+,).

const hosts = useChromiumAndWebHosts();
const focused = (page: import('playwright-core').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName ?? null);

describe('dialog focus', { timeout: 180_000 }, () => {
  it('an approval takes the focus, Enter allows, and the focus is back in the message box', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch focus-test.txt' } }] }, { text: 'done' }], { approvals: { mode: 'ask' } });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'make a file');
    const dialog = page.getByTestId('approval-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => focused(page)).toBe('composer-input');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 30_000 }).toBe(1);
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
});
