import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, openApp, sendTask, shot } from './ui-harness';

// A model that fails: the retry shown while it happens, one clear message after with Retry and
// Change model, the failed request and the response body in the inspector; a stopped run is
// "cancelled", not an error. (`startWeb` allows one retry: GLASSBOX_LLM_MAX_RETRIES=1.)

const hosts = useChromiumAndWebHosts();

/** Occurrences of `needle` in `hay`. */
const count = (hay: string, needle: string): number => hay.split(needle).length - 1;

describe('model failures in the window', { timeout: 180_000 }, () => {
  it('a 500 then a recovery shows "Retrying (1/1) in 3 s…", then the answer', async () => {
    const w = await hosts.web([{ status: 500, errorMessage: 'upstream exploded', retryAfter: 3 }, { text: 'recovered answer' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'try the flaky model');
    const retry = page.getByTestId('model-retry');
    // Read the notice in the page the moment it shows: it is gone when the retry goes out (3 s),
    // which a loaded machine can reach between a wait and a separate read.
    const shown = await page.waitForFunction(() => (document.querySelector('[data-testid="model-retry"]') as HTMLElement | null)?.innerText || null, undefined, { timeout: 30_000 });
    const notice = String(await shown.jsonValue());
    expect(notice).toMatch(/Retrying \(1\/1\) in [1-4] s…/);
    expect(notice).toContain('HTTP 500: upstream exploded');
    if (await retry.isVisible()) await shot(page, 'model-retrying');
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText(), { timeout: 30_000 }).toContain('recovered answer');
    // The notice goes once the retry is under way; the answer's first words can paint a frame before it does.
    await expect.poll(() => retry.count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByTestId('run-end').getAttribute('data-reason')).toBe('finished');
  });

  it('a final 500 says so once with Retry and Change model; Retry works; the inspector has the failed request and body', async () => {
    const w = await hosts.web([{ status: 500, errorMessage: 'upstream exploded' }, { status: 500, errorMessage: 'upstream exploded' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'task that meets a broken model');
    const end = page.locator('[data-testid="run-end"][data-reason="error"]');
    await end.waitFor({ timeout: 30_000 });
    const text = await end.innerText();
    expect(text).toContain(`Model request to ${w.model.openaiBaseURL}`);
    expect(text).toContain('failed after 2 attempts: HTTP 500: upstream exploded');
    // The status and the server's text once in the whole window (no "HTTP 500: 500 …", no second copy in a banner).
    const body = await page.locator('body').innerText();
    expect(count(body, 'upstream exploded')).toBe(1);
    expect(count(body, '500 upstream')).toBe(0);
    await shot(page, 'model-failed');

    // The inspector: the failed turn with its status, the request as sent, the body as received.
    await page.getByTestId('tab-model-turns').click();
    // (At its left: the middle of a short head is its Copy button.)
    await page.getByTestId('model-turn').last().locator('.turn-head').click({ position: { x: 10, y: 8 } });
    expect(await page.getByTestId('turn-error').innerText()).toContain('HTTP 500');
    expect(await page.getByTestId('wire-response').innerText()).toContain('upstream exploded');
    expect(await page.getByTestId('wire-request').textContent()).toContain('task that meets a broken model');
    await shot(page, 'model-failed-inspector');

    // Change model opens Settings (saved: the session is rebuilt from its file for the next run);
    // Retry sends the conversation again, once, and it goes through.
    await end.getByTestId('change-model').click();
    await page.getByTestId('settings-panel').waitFor();
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-saved').waitFor();
    // Save closes the panel.
    await expect.poll(() => page.getByTestId('settings-panel').count()).toBe(0);
    w.model.push({ text: 'answer after retry' });
    await end.getByTestId('retry-run').click();
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText(), { timeout: 30_000 }).toContain('answer after retry');
    const messages = (w.model.requests.at(-1)!.body.messages ?? w.model.requests.at(-1)!.body.input) as Array<{ role: string; content: unknown }>;
    // The user's message once, and no empty assistant message (was: user, assistant "", user).
    expect(messages.filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content))).toEqual([JSON.stringify('task that meets a broken model')]);
    expect(messages.filter((m) => m.role === 'assistant')).toEqual([]);
    // The conversation shows the message once, and says the run was retried.
    expect(await page.getByTestId('user-message').count()).toBe(1);
    expect(await page.locator('body').innerText()).toContain('Retried: the conversation as it was, sent again.');
  });

  it('Retry without a settings change also sends the message once', async () => {
    const w = await hosts.web([{ status: 400, errorMessage: 'bad request once' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'first try');
    const end = page.locator('[data-testid="run-end"][data-reason="error"]');
    await end.waitFor({ timeout: 30_000 });
    w.model.push({ text: 'fine now' });
    await end.getByTestId('retry-run').click();
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText(), { timeout: 30_000 }).toContain('fine now');
    const messages = w.model.requests.at(-1)!.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content])).toEqual([['user', 'first try']]);
    expect(await page.getByTestId('user-message').count()).toBe(1);
  });

  it('a stopped run is shown as cancelled, not as an error', async () => {
    const w = await hosts.web([{ text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '), chunkDelayMs: 100 }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'a long answer');
    await page.getByTestId('assistant-message').waitFor({ timeout: 30_000 });
    await page.getByTestId('stop-button').click();
    const end = page.getByTestId('run-end');
    await end.waitFor({ timeout: 30_000 });
    expect(await end.getAttribute('data-reason')).toBe('cancelled');
    expect(await end.innerText()).toContain('Cancelled');
    expect(await end.innerText()).not.toMatch(/error|failed/i);
    // Not painted as a failure.
    const color = await end.evaluate((el) => getComputedStyle(el).color);
    const danger = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--danger').trim());
    expect(color).not.toBe(danger);
    expect(await page.getByTestId('retry-run').count()).toBe(0);
  });
});
