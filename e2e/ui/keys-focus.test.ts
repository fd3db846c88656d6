import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useChromiumAndWebHosts } from './ui-harness';

// Keys do what they say: a new session takes what you type next as its task, and the model
// picker never turns typed text into a model by Enter alone.

const hosts = useChromiumAndWebHosts();
const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName ?? null);

describe('focus and keys', { timeout: 180_000 }, () => {
  it('Ctrl+Shift+O then typing sends a task, even right after using the model picker', async () => {
    const w = await hosts.web([{ text: 'first answer' }, { text: 'second answer' }]);
    const page = await openApp(hosts.browser(), w);
    // A first session with a conversation, so a message that went to it instead of the new one shows.
    await page.getByTestId('composer-input').fill('a task in the first session');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    // Leave the focus on the model picker's button (the picker opened and closed with Escape).
    await page.getByTestId('model-picker-open').click();
    await page.getByTestId('model-picker').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('model-picker-open');
    await page.keyboard.press('Control+Shift+O');
    await expect.poll(() => focused(page)).toBe('composer-input');
    await page.keyboard.type('typed straight after a new session');
    await page.keyboard.press('Enter');
    // The message went to the new session (typed before it was built or not): the model saw a
    // conversation of that message alone, and the window shows it with its run.
    await expect.poll(() => w.model.requests.length, { timeout: 60_000 }).toBe(2);
    const asked = JSON.stringify(w.model.requests[1]!.body.messages);
    expect(asked).toContain('typed straight after a new session');
    expect(asked).not.toContain('a task in the first session');
    await expect.poll(() => page.getByTestId('user-message').allInnerTexts(), { timeout: 30_000 }).toEqual(['typed straight after a new session']);
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('session-model').innerText()).toBe('scripted');
    expect(w.model.requests[1]!.body.model).toBe('scripted');
    // The New session button does the same.
    await page.getByTestId('new-session').click();
    await expect.poll(() => focused(page)).toBe('composer-input');
  });

  it('Enter in the model picker takes a listed model only', async () => {
    const w = await hosts.web([]);
    const page = await openApp(hosts.browser(), w);
    await page.getByTestId('model-picker-open').click();
    await expect.poll(() => page.getByTestId('model-picker-item').allInnerTexts(), { timeout: 30_000 }).toEqual(['scripted']);
    await page.keyboard.type('fix the failing test please');
    await page.keyboard.press('Enter');
    await page.getByTestId('model-picker-unlisted').waitFor();
    expect(await page.getByTestId('session-model').innerText()).toBe('scripted');
    // The only listed match is taken by Enter.
    await page.getByTestId('model-picker-input').fill('scrip');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('model-picker').count(), { timeout: 30_000 }).toBe(0);
    expect(await page.getByTestId('session-model').innerText()).toBe('scripted');
    await expect.poll(() => focused(page)).toBe('model-picker-open');
  });
});
