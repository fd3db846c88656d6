import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendTask, SHOTS, useChromiumAndWebHosts, WINDOW_SIZES } from './ui-harness';

// The conversation's top bar stays one tidy line from 800×600 up: the title gives way, what
// does not fit folds into ⋯, and each part in the line is whole and named.

const hosts = useChromiumAndWebHosts();

/** The bar's height and every visible part that is cut, out of the bar, or on another row. */
function barProblems(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('[data-testid="topbar"]')!;
    const b = bar.getBoundingClientRect();
    const out: string[] = [];
    if (bar.scrollWidth > bar.clientWidth + 1) out.push(`bar overflows: ${bar.scrollWidth} > ${bar.clientWidth}`);
    const parts = [...bar.children].filter((el) => el.getBoundingClientRect().width > 0);
    const mid = (el: Element): number => {
      const r = el.getBoundingClientRect();
      return (r.top + r.bottom) / 2;
    };
    const row = mid(bar.querySelector('[data-testid="session-title"]')!);
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      const name = (el as HTMLElement).dataset.testid ?? el.className;
      if (r.left < b.left - 1 || r.right > b.right + 1) out.push(`${name} outside the bar (${r.left}–${r.right} of ${b.left}–${b.right})`);
      if (Math.abs(mid(el) - row) > 6) out.push(`${name} on another row`);
      // Only the title (and the model's name) may give way, with an ellipsis and a tooltip.
      if (name !== 'session-title' && name !== 'session-usage' && el.scrollWidth > el.clientWidth + 1) out.push(`${name} cut: ${el.textContent}`);
    }
    for (const el of bar.querySelectorAll<HTMLElement>('button, a')) {
      const named = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      if (el.getBoundingClientRect().width > 0 && !/[a-z]{3}/i.test(named)) out.push(`a control without a name: ${el.outerHTML.slice(0, 80)}`);
    }
    return { height: b.height, out };
  });
}

describe('the top bar', { timeout: 300_000 }, () => {
  it('is one line at 1400×900, 1000×700 and 800×600, light and dark, with everything in it or under ⋯', async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const web = await hosts.web(
      [{ text: 'One moment.', toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] }, { text: 'Done.', hold }],
      // Everything the bar can show at once: a spend limit and its burn rate, a trace link, the
      // unsandboxed warning, Notify me, a long title and model name.
      { limits: { sessionUsd: 1, dailyUsd: 5 }, prices: { 'scripted-model-with-a-rather-long-name-2026-12-01': { input: 3, output: 15 } }, telemetry: { traceUrl: 'https://traces.example/{traceId}' }, sandbox: { mode: 'off' } },
      [],
      { env: () => ({ GLASSBOX_LLM_MODEL: 'scripted-model-with-a-rather-long-name-2026-12-01' }) },
    );
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[page error]', e.message));
    await page.goto(web.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await sendTask(page, 'Refactor the payment module so that retries are idempotent and every failure is logged with its request id');
    // Mid-run: working…, the spend meter with its burn rate.
    await page.getByTestId('spend-meter').waitFor({ timeout: 60_000 });
    // The first model turn has ended (priced: the burn rate shows) and its call ran.
    await expect.poll(() => page.getByTestId('tool-call-card').first().getAttribute('aria-label').catch(() => ''), { timeout: 60_000 }).toMatch(/done$/);
    await expect.poll(() => page.getByTestId('spend-meter').getAttribute('title'), { timeout: 60_000 }).toMatch(/burn rate/);
    await page.getByTestId('unsandboxed').waitFor({ timeout: 30_000 });
    mkdirSync(SHOTS, { recursive: true });

    for (const [w, h] of WINDOW_SIZES) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.emulateMedia({ colorScheme: scheme });
        const where = `${w}×${h} ${scheme}`;
        await expect.poll(async () => (await barProblems(page)).out, { message: where }).toEqual([]);
        const { height } = await barProblems(page);
        // One line of controls and the bar's padding (two lines were 60 px and more).
        expect(height, where).toBeLessThanOrEqual(44);
        await page.screenshot({ path: join(SHOTS, `topbar-${w}x${h}-${scheme}.png`), clip: { x: 0, y: 0, width: w, height: 120 } });

        // What folded is under ⋯, named: the totals, the burn rate, the trace, Notify me.
        const more = page.getByTestId('topbar-more');
        const inline = async (id: string): Promise<boolean> => (await page.getByTestId('topbar').getByTestId(id).count()) > 0;
        const IDS = ['session-usage-totals', 'trace-link', 'notify-permission'];
        const before: Record<string, boolean> = {};
        for (const id of IDS) before[id] = await inline(id);
        if ((await more.count()) > 0) {
          expect(await more.getAttribute('aria-label'), where).toBe('More: usage, trace and notifications');
          await more.click();
          const menu = page.getByTestId('topbar-more-menu');
          await menu.waitFor();
          const items: Record<string, boolean> = {};
          // Each is in the line or in the menu, never in neither (nor both).
          for (const id of IDS) items[id] = before[id] !== ((await menu.getByTestId(id).count()) > 0);
          expect(items, where).toEqual({ 'session-usage-totals': true, 'trace-link': true, 'notify-permission': true });
          expect(await menu.innerText(), where).toMatch(/tokens in/);
          if (!(await page.getByTestId('topbar').getByTestId('spend-rate').count())) expect(await menu.getByTestId('spend-summary').innerText(), where).toMatch(/burn rate \$[\d.]+\/h/);
          // The menu is inside the window and Esc gives the focus back to ⋯.
          const box = (await menu.boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= w && box.y + box.height <= h, where).toBe(true);
          await page.screenshot({ path: join(SHOTS, `topbar-more-${w}x${h}-${scheme}.png`) });
          await page.keyboard.press('Escape');
          await expect.poll(() => menu.count()).toBe(0);
          expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('topbar-more');
          // Esc closed the menu only: the run goes on.
          expect(await page.getByTestId('run-state').innerText()).toBe('working…');
        } else {
          for (const id of IDS) expect(before[id], `${where} ${id}`).toBe(true);
        }
        // Settings and Export keep their names (shown, or for screen readers and the tooltip as icons).
        expect(await page.getByRole('button', { name: 'Settings', exact: true }).count(), where).toBe(1);
        expect(await page.getByRole('button', { name: 'Export', exact: true }).count(), where).toBe(1);
      }
    }
    // Both sides hidden, the bar has the whole window: at 1400 px it folds nothing (the trace's
    // link in the line is named, not just its id), and narrowed it folds again.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId('toggle-sidebar').click();
    await page.getByTestId('toggle-right').click();
    expect(await page.getByTestId('topbar').evaluate((el) => el.clientWidth)).toBe(1400 - 16);
    await expect.poll(() => page.getByTestId('topbar').getAttribute('data-fold')).toBe('none');
    for (const [w, h] of [[1400, 900], [800, 600], [1000, 700]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await expect.poll(async () => (await barProblems(page)).out, { message: `${w}×${h}, both sides hidden` }).toEqual([]);
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    // The title gives way with an ellipsis and its tooltip has it whole.
    const title = page.getByTestId('session-title');
    expect(await title.getAttribute('title')).toMatch(/^Refactor the payment module/);
    release();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await context.close();
  });
});
