import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendTask, useChromiumAndWebHosts } from './ui-harness';

// The inspector's call list / details split is a splitter like the columns': drag, keys,
// double-click for the default, kept per browser.

const SCRIPT = [
  { toolCalls: [{ name: 'bash', arguments: { command: 'echo one' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'echo two' } }] },
  { text: 'Done.' },
];

const hosts = useChromiumAndWebHosts();

/** The list's and the details' heights on screen. */
async function heights(page: Page): Promise<{ list: number; detail: number; total: number }> {
  const box = async (sel: string): Promise<number> => (await page.locator(sel).boundingBox())?.height ?? 0;
  return { list: await box('#inspector-list'), detail: await box('[data-testid="inspector-calls"] > :last-child'), total: await box('[data-testid="inspector-calls"]') };
}

describe('the inspector split', { timeout: 180_000 }, () => {
  it('drags, answers the keys, resets on double-click and is kept across a reload', async () => {
    const web = await hosts.web(SCRIPT);
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[page error]', e.message));
    await page.goto(web.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await sendTask(page, 'two commands');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 90_000 }).toBe(1);
    await page.getByTestId('call-row').first().click();

    const splitter = page.getByTestId('splitter-inspector');
    expect(await splitter.getAttribute('role')).toBe('separator');
    expect(await splitter.getAttribute('aria-orientation')).toBe('horizontal');
    expect(await splitter.getAttribute('aria-label')).toBe('Resize call list');
    const start = await heights(page);
    // 40% of the room by default (the splitter's 8 px row aside).
    expect(Math.abs(start.list - (start.total - 8) * 0.4)).toBeLessThanOrEqual(1);

    // Drag it 150 px down: the list grows by that, the details give it up.
    const b = (await splitter.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 75, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 150, { steps: 3 });
    await page.mouse.up();
    const dragged = await heights(page);
    expect(Math.abs(dragged.list - (start.list + 150))).toBeLessThanOrEqual(2);
    expect(Math.abs(dragged.detail - (start.detail - 150))).toBeLessThanOrEqual(2);
    expect(Number(await splitter.getAttribute('aria-valuenow'))).toBe(Math.round(dragged.list));

    // Kept per browser: a reload shows the same split.
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await expect.poll(async () => Math.round((await heights(page)).list)).toBe(Math.round(dragged.list));

    // Keys, as on the columns' splitters: ↑/↓ by 24 px, Home the smallest, End the biggest.
    await splitter.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Math.round((await heights(page)).list)).toBe(Math.round(dragged.list) - 24);
    await page.keyboard.press('Home');
    await expect.poll(async () => Math.round((await heights(page)).list)).toBe(96);
    await page.keyboard.press('End');
    await expect.poll(async () => Math.round((await heights(page)).detail)).toBe(140);
    // The details never go below their minimum, however far it is dragged.
    const s2 = (await splitter.boundingBox())!;
    await page.mouse.move(s2.x + 20, s2.y + 4);
    await page.mouse.down();
    await page.mouse.move(s2.x + 20, 890, { steps: 4 });
    await page.mouse.up();
    expect(Math.round((await heights(page)).detail)).toBe(140);

    // A double-click gives the default back.
    await splitter.dblclick({ position: { x: 40, y: 4 } });
    await expect.poll(async () => Math.round((await heights(page)).list)).toBe(Math.round(start.list));

    // The share is kept, not the pixels: a shorter window keeps the list at 40% of its room.
    await page.setViewportSize({ width: 1000, height: 700 });
    await expect.poll(async () => {
      const h = await heights(page);
      return Math.abs(h.list - (h.total - 8) * 0.4) <= 1;
    }).toBe(true);
    await context.close();
  });
});
