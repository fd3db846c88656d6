import { describe, expect, it } from 'vitest';
import { openRightTab, sendTask, shot, useChromiumAndWebHosts } from './ui-harness';

// Screenshots of every screen issue 18 changed, light and dark, at 1400×900 and 1000×700
// (test-results/ui/usage-*.png), for a person to look at; the checks are that each screen shows.

const hosts = useChromiumAndWebHosts();

describe('usage screens', { timeout: 300_000 }, () => {
  it('renders the top bar, turn lines, inspector turn, context meter, search, export and time axis in both schemes and sizes', async () => {
    const w = await hosts.web(
      [
        { text: 'Looking.', toolCalls: [{ name: 'bash', arguments: { command: 'printf "%0.s0123456789" $(seq 1 200)' } }], usage: { inputTokens: 12_000, outputTokens: 300, cachedInputTokens: 8000 } },
        { text: 'Printed 2,000 digits; everything is in order.', usage: null },
      ],
      { prices: { scripted: { input: 2, output: 8, cachedInput: 0.5 } } },
    );
    const first = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await first.goto(w.url);
    await sendTask(first, 'print the digits and tell me');
    await expect.poll(() => first.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await first.close();
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [width, height] of [[1400, 900], [1000, 700]] as const) {
        const ctx = await hosts.browser().newContext({ colorScheme, viewport: { width, height } });
        const page = await ctx.newPage();
        await page.goto(w.url);
        await page.getByTestId('turn-usage').first().waitFor({ timeout: 30_000 });
        const tag = `${colorScheme}-${width}`;
        await shot(page, `usage-chat-${tag}`);
        await openRightTab(page, 'model-turns');
        await page.getByTestId('model-turn').nth(1).locator('.turn-head').click();
        await page.getByTestId('turn-detail').waitFor();
        await shot(page, `usage-turn-${tag}`);
        await page.getByTestId('session-search').fill('0123456789 tool:bash');
        await page.getByTestId('search-hit').first().waitFor({ timeout: 10_000 });
        await page.getByTestId('export-open').click();
        await shot(page, `usage-search-export-${tag}`);
        await page.getByTestId('export-open').click();
        await openRightTab(page, 'timeline');
        await page.getByTestId('timeline-open').click();
        await page.getByTestId('time-axis').waitFor({ timeout: 30_000 });
        await page.waitForTimeout(300);
        await shot(page, `usage-timeline-${tag}`);
        await ctx.close();
      }
    }
  });
});
