import { describe, expect, it } from 'vitest';
import { openApp, openTopBarMore, sendTask, useChromiumAndWebHosts } from './ui-harness';

// Issue 26, item 11 (smaller ones): a create approval says "New file"; Notify me says so when
// the browser refuses.

const hosts = useChromiumAndWebHosts();

describe('the window, smaller things', { timeout: 240_000 }, () => {
  it('an approval to create a file says "New file", not "Changes"', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: 'fresh.md', file_text: 'new\n' } }] }, { text: 'Done.' }], { approvals: { mode: 'ask' } });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'create fresh.md');
    const what = page.getByTestId('approval-what');
    await expect.poll(() => what.innerText().catch(() => ''), { timeout: 60_000 }).toMatch(/^New file \S*\/fresh\.md$/);
    await page.getByTestId('approve-once').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
  });

  it('Notify me says so when the browser refuses notifications', async () => {
    const w = await hosts.web([{ text: 'unused' }]);
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    // The browser has not been asked yet, and refuses when asked (as when the user blocks the site).
    await page.addInitScript(() => {
      let asked = false;
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => (asked ? 'denied' : 'default') });
      Notification.requestPermission = async () => {
        asked = true;
        return 'denied';
      };
    });
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await openTopBarMore(page);
    await page.getByTestId('notify-permission').click();
    await expect.poll(() => page.getByTestId('notify-refused').innerText().catch(() => ''), { timeout: 30_000 }).toBe('Notifications blocked by the browser');
    expect(await page.getByTestId('notify-permission').count()).toBe(0);
  });
});
