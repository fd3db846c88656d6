import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdReplies, useChromiumAndWebHosts, openApp, sendTask, shot } from './ui-harness';

// The session header names the model in use and switches it for that session only: two tabs on
// one `glassbox web`, the scripted model server recording the `model` of every request.

const hosts = useChromiumAndWebHosts();

const headerModel = (page: Page) => page.getByTestId('session-model').innerText();

async function runTask(page: Page, text: string, ends: number): Promise<void> {
  await sendTask(page, text);
  await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(ends);
}

describe('the session model', { timeout: 240_000 }, () => {
  it('is named before the first turn, switches in one tab only, and stays switched after a reload', async () => {
    const w = await hosts.web([{ text: 'answer A1' }, { text: 'answer B1' }, { text: 'answer A2' }, { text: 'answer A3' }]);
    const a = await openApp(hosts.browser(), w);
    const b = await openApp(hosts.browser(), w);
    await b.getByTestId('new-session').click();
    // Named before any turn, from the session's resolved configuration.
    await expect.poll(() => headerModel(a), { timeout: 30_000 }).toBe('scripted');
    await expect.poll(() => headerModel(b), { timeout: 30_000 }).toBe('scripted');

    // The picker lists the server's /models; Enter takes only a listed one, Use this name any.
    await a.getByTestId('model-picker-open').click();
    await expect.poll(() => a.getByTestId('model-picker-item').allInnerTexts(), { timeout: 30_000 }).toEqual(['scripted']);
    expect(await a.getByTestId('model-picker-input').evaluate((el) => el === document.activeElement)).toBe(true);
    await a.getByTestId('model-picker-input').fill('switched-model');
    await shot(a, 'session-model-picker-1400-light');
    await a.getByTestId('model-picker-input').press('Enter');
    await a.getByTestId('model-picker-unlisted').waitFor();
    expect(await headerModel(a)).toBe('scripted');
    await a.getByTestId('model-picker-use').click();
    await expect.poll(() => headerModel(a), { timeout: 30_000 }).toBe('switched-model');
    // The header hears the switch (an event) a moment before the picker hears its own reply and closes.
    await expect.poll(() => a.getByTestId('model-picker').count(), { timeout: 10_000 }).toBe(0);
    // The other tab's session keeps its model.
    expect(await headerModel(b)).toBe('scripted');

    await runTask(a, 'task in tab A', 1);
    expect(w.model.requests.at(-1)!.body.model).toBe('switched-model');
    await runTask(b, 'task in tab B', 1);
    expect(w.model.requests.at(-1)!.body.model).toBe('scripted');
    expect(await headerModel(b)).toBe('scripted');
    expect(await headerModel(a)).toBe('switched-model');

    // A reload reopens the session with the model it was switched to.
    await a.reload();
    await a.getByTestId('composer-input').waitFor();
    await expect.poll(() => headerModel(a), { timeout: 30_000 }).toBe('switched-model');
    await runTask(a, 'again in tab A', 2);
    expect(w.model.requests.at(-1)!.body.model).toBe('switched-model');

    // Back to a listed model with one click.
    await a.getByTestId('model-picker-open').click();
    await a.getByTestId('model-picker-item').filter({ hasText: 'scripted' }).click();
    await expect.poll(() => headerModel(a), { timeout: 30_000 }).toBe('scripted');
    await runTask(a, 'third in tab A', 3);
    expect(w.model.requests.at(-1)!.body.model).toBe('scripted');

    // The session file records each switch, without the key.
    const dir = join(w.home, 'sessions');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(join(dir, f), 'utf8'));
    const switches = files.flatMap((t) => t.split('\n').filter((l) => l.includes('"model_changed"')).map((l) => (JSON.parse(l) as { model: string }).model));
    expect(switches).toEqual(['switched-model', 'scripted']);
    for (const t of files) expect(t).not.toContain('sk-ui-test');
  });

  it('opened before the settings reach the window, the picker lists the models once they do', async () => {
    const w = await hosts.web([]);
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    // Hold the host's answer to settings.get until the picker is open.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await holdReplies(page, 'settings.get', released);
    await page.goto(w.url);
    await expect.poll(() => headerModel(page), { timeout: 30_000 }).toBe('scripted');
    await page.getByTestId('model-picker-open').click();
    await page.getByTestId('model-picker').waitFor();
    expect(await page.getByTestId('model-picker-item').count()).toBe(0);
    release();
    await expect.poll(() => page.getByTestId('model-picker-item').allInnerTexts(), { timeout: 30_000 }).toEqual(['scripted']);
  });

  it('answered after the user went on to the message box, the switch leaves the focus there', async () => {
    const w = await hosts.web([{ text: 'answered' }]);
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    // Hold the host's answer to sessions.setModel until the user is typing in the message box.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await holdReplies(page, 'sessions.setModel', released);
    await page.goto(w.url);
    await expect.poll(() => headerModel(page), { timeout: 30_000 }).toBe('scripted');
    await page.getByTestId('model-picker-open').click();
    await page.getByTestId('model-picker-input').fill('other-model');
    await page.getByTestId('model-picker-use').click();
    const box = page.getByTestId('composer-input');
    await box.click();
    await box.pressSequentially('next task');
    release();
    await expect.poll(() => page.getByTestId('model-picker').count(), { timeout: 30_000 }).toBe(0);
    expect(await headerModel(page)).toBe('other-model');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter sends the task (it once opened the picker again, the focus on the model's button).
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('model-picker').count()).toBe(0);
    expect(w.model.requests.at(-1)!.body.model).toBe('other-model');
  });

  it('looks right at 1400×900 and 1000×700, light and dark', async () => {
    const w = await hosts.web([]);
    const page = await openApp(hosts.browser(), w);
    await expect.poll(() => headerModel(page), { timeout: 30_000 }).toBe('scripted');
    for (const [width, height] of [
      [1400, 900],
      [1000, 700],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByTestId('model-picker-open').click();
        await page.getByTestId('model-picker-item').first().waitFor({ timeout: 30_000 });
        // The picker fits in the window and the header's other controls stay reachable.
        const pop = (await page.getByTestId('model-picker').boundingBox())!;
        expect(pop.x + pop.width).toBeLessThanOrEqual(width);
        expect(await page.getByTestId('open-settings').isVisible()).toBe(true);
        await shot(page, `session-model-${width}-${scheme}`);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('model-picker').count()).toBe(0);
        // Escape hands the focus back to the header's model.
        expect(await page.getByTestId('model-picker-open').evaluate((el) => el === document.activeElement)).toBe(true);
      }
    }
  });
});
