import { describe, expect, it } from 'vitest';
import { openApp, sendTask, useChromiumAndWebHosts } from './ui-harness';

// Banners belong to their cause: a model problem shows in the session that met it, and goes
// once a model request there succeeds. The session list's tooltip is written for people.

const hosts = useChromiumAndWebHosts();

describe('banners and the session list', { timeout: 180_000 }, () => {
  it('a model error banner is per session and gone after a good run', async () => {
    const w = await hosts.web([{ status: 404, errorMessage: 'model scripted not found' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'meet a missing model');
    const end = page.locator('[data-testid="run-end"][data-reason="error"]');
    await end.waitFor({ timeout: 30_000 });
    const banner = page.locator('[data-testid="banner"][data-code="MODEL_NOT_FOUND"]');
    await banner.waitFor({ timeout: 30_000 });

    // A new session has not met the problem: no banner there.
    await page.getByTestId('new-session').click();
    await expect.poll(() => page.getByTestId('user-message').count(), { timeout: 30_000 }).toBe(0);
    expect(await banner.count()).toBe(0);
    // The failed session still shows it, with a tooltip in words (its task and times, not an id).
    const failed = page.getByTestId('session-item').filter({ hasText: 'meet a missing model' });
    const tip = await failed.locator('.session-open').getAttribute('title');
    expect(tip).toContain('meet a missing model');
    expect(tip).toMatch(/Started .* · last active /);
    expect(tip).not.toMatch(/^[0-9a-f-]{36}$/);
    await failed.locator('.session-open').click();
    await expect.poll(() => page.getByTestId('user-message').count(), { timeout: 30_000 }).toBe(1);
    await banner.waitFor({ timeout: 10_000 });

    // A good run there ends it.
    w.model.push({ text: 'found it this time' });
    await page.locator('[data-testid="run-end"][data-reason="error"]').getByTestId('retry-run').click();
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText(), { timeout: 30_000 }).toContain('found it this time');
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
  });
});
