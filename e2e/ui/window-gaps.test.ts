import { describe, expect, it } from 'vitest';
import { writeBashSession } from '../fixtures/saved-session';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { openPanesApp, openTab, paneShot, waitRunEnd } from '../panes/panes-harness';
import { shot, useChromiumAndWebHosts } from './ui-harness';

// Smaller gaps of the window as a daily tool, met as a user meets them in Debian Chromium against
// a real `glassbox web`: a page load with no failed request; a prompt's "Use in message" puts
// its text in the message box (real server-everything); the Timeline shows the session on the
// first click; a long saved session opened by clicking it in the sidebar never shows the
// inspector's count of what happens to be loaded as the session's.

const hosts = useChromiumAndWebHosts();

describe('the window: smaller gaps', () => {
  it('loads with no failed request, puts a prompt in the message box, and shows the Timeline on the first click', async () => {
    const w = await hosts.web([{ text: 'It is sunny in Lisbon.' }], { approvals: { mode: 'auto' }, mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const browser = hosts.browser();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    // Chromium's own requests (the icon) are not page requests: they show only as console errors.
    page.on('console', (m) => {
      if (m.type() === 'error') failed.push(`console: ${m.text()}`);
    });
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
    // Everything the page asks for at load, the icon included, has been answered.
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);

    // A prompt's Use…: its text goes to the message box, ready to edit and send.
    await openTab(page, 'mcp');
    const card = page.getByTestId('mcp-pane').locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await card.getByTestId('mcp-tab-prompts').click();
    const prompt = card.locator('[data-testid="mcp-prompt"][data-prompt="args-prompt"]');
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByTestId('mcp-prompt-open').click();
    await prompt.getByTestId('mcp-prompt-arg-city').fill('Lisbon');
    await page.getByTestId('composer-input').fill('Please answer briefly.');
    await prompt.getByTestId('mcp-prompt-submit').click();
    const box = page.getByTestId('composer-input');
    await expect.poll(() => box.inputValue(), { timeout: 30_000 }).toBe("Please answer briefly.\n\nWhat's weather in Lisbon?");
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await prompt.getByTestId('mcp-prompt-used').innerText()).toContain('message box');
    await paneShot(page, 'mcp-prompt-used');
    await box.press('Enter');
    await waitRunEnd(page, 1);
    expect(JSON.stringify(w.model.requests.at(-1)!.body)).toContain("What's weather in Lisbon?");

    // The Timeline: one click on its tab shows this session, no Open needed.
    await openTab(page, 'timeline');
    const timeline = page.getByTestId('timeline-pane');
    await expect.poll(() => timeline.getByTestId('timeline-entry').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await timeline.getByTestId('timeline-current').waitFor({ timeout: 10_000 });
    await shot(page, 'timeline-first-click');
    expect(failed).toEqual([]);
    await page.close();
  }, 300_000);

  it('a long saved session clicked in the sidebar: its chat opens at the end and the inspector never gives the loaded part as the count', async () => {
    const STEPS = 2_000;
    const w = await hosts.web([], undefined, [], { prepare: (home) => writeBashSession(home, 'long-saved', { task: 'a long saved session', steps: STEPS }) });
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'inspector');
    // Every count the inspector shows, from before the click on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { counts: string[] }).counts = seen;
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid="call-count"]')?.textContent;
        if (t && t !== seen.at(-1)) seen.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const row = page.getByTestId('session-item').filter({ hasText: 'a long saved session' }).locator('.session-open');
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    // Its last call is on screen, the title is the session's, and the whole session arrives.
    await expect.poll(() => page.locator(`[data-call-id="call_${STEPS - 1}"]`).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.getByTestId('session-title').innerText()).toContain('a long saved session');
    await expect.poll(() => page.getByTestId('call-count').innerText(), { timeout: 120_000 }).toBe('2,000 calls');
    const counts = await page.evaluate(() => (window as unknown as { counts: string[] }).counts);
    // Before the session: the fresh one's count. After the click: only the true count, or a count
    // saying it is still loading — never "100 calls" for a session of 2,000.
    const afterClick = counts.slice(counts.findIndex((c) => c !== '0 calls'));
    expect(afterClick.length).toBeGreaterThan(0);
    for (const c of afterClick) expect(c === '2,000 calls' || /loading…$/.test(c), `count shown: ${c}`).toBe(true);
    // It did go through the loading state (the first screen is the session's tail, pushed with the switch).
    expect(afterClick.some((c) => /^(about )?[\d,]+ calls, loading…$/.test(c)), afterClick.join(' | ')).toBe(true);
    await shot(page, 'long-session-from-sidebar');
    await page.close();
  }, 300_000);
});
