import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';

// Issue 26: Settings has a Spend limits section (config `limits`: per session, per day, warning
// share) that saves to the config and applies to the next run; Save closes the dialog.

const hosts = useChromiumAndWebHosts();
const config = (home: string) => JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { limits?: Record<string, number> };

describe('spend limits in Settings', { timeout: 240_000 }, () => {
  it('saves per-session and per-day limits and the warning share; Save closes the dialog; the next run is metered against them', async () => {
    const w = await hosts.web([{ text: 'Done.', usage: { inputTokens: 1000, outputTokens: 750 } }], { prices: { scripted: { input: 1, output: 4 } } });
    const page = await openApp(hosts.browser(), w);
    await page.getByTestId('open-settings').click();
    const section = page.getByTestId('settings-limits');
    await section.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('settings-limit-session').inputValue()).toBe('');
    expect(await page.getByTestId('settings-limit-warn').inputValue()).toBe('80');
    await shotsAllSizes(page, 'settings-limits');

    // A bad amount is refused in the form: the dialog stays and nothing is written.
    await page.getByTestId('settings-limit-session').fill('ten dollars');
    await page.getByTestId('settings-save').click();
    expect(await page.getByTestId('settings-limits-error').innerText()).toContain('Per session must be an amount in US dollars above 0');
    expect(await page.getByTestId('settings-panel').isVisible()).toBe(true);
    expect(config(w.home).limits).toBeUndefined();

    await page.getByTestId('settings-limit-session').fill('0.05');
    await page.getByTestId('settings-limit-daily').fill('$2');
    await page.getByTestId('settings-limit-warn').fill('50');
    await page.getByTestId('settings-save').click();
    // Save closes the dialog and says so.
    await expect.poll(() => page.getByTestId('settings-panel').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('settings-saved').innerText()).toBe('Settings saved. New runs use them.');
    expect(config(w.home).limits).toEqual({ sessionUsd: 0.05, dailyUsd: 2, warnAt: 0.5 });

    // Opened again, the form shows what was saved.
    await page.getByTestId('open-settings').click();
    expect(await page.getByTestId('settings-limit-session').inputValue()).toBe('0.05');
    expect(await page.getByTestId('settings-limit-daily').inputValue()).toBe('2');
    expect(await page.getByTestId('settings-limit-warn').inputValue()).toBe('50');
    await page.keyboard.press('Escape');

    // The next run is metered against the new session limit.
    await sendTask(page, 'say done');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('spend-meter-text').innerText(), { timeout: 30_000 }).toBe('$0.0040 of $0.0500');

    // Emptied, a limit is removed from the config.
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-limit-session').fill('');
    await page.getByTestId('settings-limit-daily').fill('');
    await page.getByTestId('settings-limit-warn').fill('80');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-panel').count(), { timeout: 30_000 }).toBe(0);
    expect(config(w.home).limits).toBeUndefined();
  });
});
