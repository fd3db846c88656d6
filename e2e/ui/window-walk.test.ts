import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lowContrast } from './contrast';
import { sendTask, useChromiumAndWebHosts, WINDOW_SIZES } from './ui-harness';

// What a walk through the window at 1400×900, 1000×700 and 800×600 (light and dark) found cut
// or out of place, each checked where a user meets it.

const hosts = useChromiumAndWebHosts();

/** Whether the message box's placeholder is shown whole (laid out in a twin of the box). */
function placeholderFits(page: Page) {
  return page.getByTestId('composer-input').evaluate((box: HTMLTextAreaElement) => {
    const cs = getComputedStyle(box);
    const twin = document.createElement('div');
    for (const p of ['font', 'letterSpacing', 'lineHeight', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom', 'borderLeftWidth', 'borderRightWidth', 'boxSizing', 'wordSpacing'] as const) twin.style[p] = cs[p];
    Object.assign(twin.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'pre-wrap', overflowWrap: 'break-word', width: `${box.getBoundingClientRect().width}px`, borderStyle: 'solid', borderTopWidth: '0', borderBottomWidth: '0' });
    twin.textContent = box.placeholder;
    document.body.append(twin);
    const need = twin.getBoundingClientRect().height;
    twin.remove();
    const has = box.clientHeight;
    return { fits: need <= has + 1, need, has, text: box.placeholder };
  });
}

/** Parts of the waiting bar outside it or cut. */
function waitingBarProblems(page: Page) {
  return page.getByTestId('approval-waiting').evaluate((bar) => {
    const b = bar.getBoundingClientRect();
    const out: string[] = [];
    for (const el of bar.children) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > b.right + 1) out.push(`${el.className || el.tagName} past the bar's edge by ${Math.round(r.right - b.right)} px`);
    }
    const what = bar.querySelector<HTMLElement>('.waiting-what')!;
    if (what.scrollWidth > what.clientWidth + 1 && b.width > 560) out.push(`the waiting call is cut with room to spare: ${what.textContent}`);
    return out;
  });
}

describe('the window at every size', { timeout: 240_000 }, () => {
  it("the message box's placeholder is whole, idle, running and while an approval waits; the waiting bar keeps to its width", async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'touch approved.txt' } }] }, { text: 'done' }], { approvals: { mode: 'ask' } });
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    const check = async (state: string): Promise<void> => {
      for (const [width, height] of WINDOW_SIZES) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: scheme });
          const where = `${state} at ${width}×${height} ${scheme}`;
          await expect.poll(async () => (await placeholderFits(page)).fits, { message: `${where}: ${JSON.stringify(await placeholderFits(page))}` }).toBe(true);
          if (state === 'approval') await expect.poll(() => waitingBarProblems(page), { message: where }).toEqual([]);
        }
      }
      await page.setViewportSize({ width: 1400, height: 900 });
    };
    await check('idle');
    await sendTask(page, 'touch a file');
    await page.getByTestId('approval-request').waitFor({ timeout: 60_000 });
    await check('approval');
    // The keys are in the bar where it has room, and always in the request.
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await page.getByTestId('approval-request').innerText()).toContain('Alt+Shift+A allow');
    await page.getByTestId('approve-once').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await context.close();
  });
});

describe('the editors follow light and dark', { timeout: 180_000 }, () => {
  it("an Edits diff opened in light turns dark when the OS does (and back)", async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: 'notes.md', file_text: '# Notes\nfirst line\n' } }] }, { text: 'done' }]);
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await sendTask(page, 'write notes');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await page.getByTestId('tab-edits').click();
    await page.getByTestId('edited-file').first().click();
    const editor = page.getByTestId('edits-pane').locator('.monaco-editor-background').first();
    await editor.waitFor({ state: 'attached', timeout: 60_000 });
    // The editor's own background: light, then dark with the OS, then light again.
    const luminance = () =>
      editor.evaluate((el) => {
        const bg = getComputedStyle(el).backgroundColor;
        const [r, g, b] = (bg.match(/\d+/g) ?? ['0', '0', '0']).map(Number);
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      });
    await expect.poll(luminance).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(luminance).toBeLessThan(0.25);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(luminance).toBeGreaterThan(0.8);
    await context.close();
  });
});

describe('contrast, light and dark', { timeout: 240_000 }, () => {
  it('every text on screen keeps 4.5:1 (3:1 when large) with a dangerous request waiting, calls done and failed, a session that needs you', async () => {
    const w = await hosts.web(
      [
        { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: 'a.py', file_text: 'print(1)\n' } }] },
        { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: 'a.py', old_str: 'nope', new_str: 'x' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'git reset --hard' } }] },
        { text: 'done' },
      ],
      { approvals: { mode: 'ask', rules: [{ tool: 'str_replace_editor', decision: 'allow' }] } },
    );
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await sendTask(page, 'edit, fail, then reset');
    await page.getByTestId('approval-danger').waitFor({ timeout: 60_000 });
    await page.getByTestId('call-row').first().click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The session's "needs you", the cards' statuses, the dangerous request, filled buttons, the diff.
      expect(await lowContrast(page, 'body'), scheme).toEqual([]);
    }
    await page.getByTestId('deny').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await lowContrast(page, 'body'), `${scheme}, after the run`).toEqual([]);
    }
    await context.close();
  });
});

describe('keyboard', { timeout: 180_000 }, () => {
  it("a session row's buttons are reached with Tab and named; Export's popup takes the focus and Esc closes it", async () => {
    const w = await hosts.web([{ text: 'Hello.' }]);
    const context = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await sendTask(page, 'say hello');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const active = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { label: el?.getAttribute('aria-label') ?? el?.textContent ?? '', testid: el?.dataset.testid ?? '', shown: !!el && el.getBoundingClientRect().width > 0 };
    });
    // The row's own actions (shown on hover) come in sight and in reach from the keyboard.
    await page.getByTestId('session-item').first().locator('.session-open').focus();
    await page.keyboard.press('Tab');
    expect(await active()).toEqual({ label: 'Rename “say hello”', testid: '', shown: true });
    await page.keyboard.press('Tab');
    expect(await active()).toMatchObject({ label: 'Export “say hello” as JSONL', shown: true });
    await page.keyboard.press('Tab');
    expect(await active()).toMatchObject({ label: 'Delete “say hello”', shown: true });

    // Export: the popup takes the focus; Esc closes it and gives the focus back.
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-menu').waitFor();
    await expect.poll(async () => (await active()).testid).toBe('export-html');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('export-menu').count()).toBe(0);
    expect((await active()).testid).toBe('export-open');
    // A press elsewhere closes it too.
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-menu').waitFor();
    await page.getByTestId('chat-center').click({ position: { x: 200, y: 300 } });
    await expect.poll(() => page.getByTestId('export-menu').count()).toBe(0);
    await context.close();
  });

  it('a dialog stands out from the window in dark as in light: a veil over the window, its own face', async () => {
    const w = await hosts.web([]);
    const page = await hosts.browser().newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByTestId('open-settings').click();
      const look = await page.locator('.dialog-backdrop').evaluate((veil) => {
        const alpha = (c: string) => Number(/rgba?\([^)]*[,/]\s*([\d.]+)\)/.exec(c)?.[1] ?? 1);
        const face = getComputedStyle(veil.querySelector('.dialog')!).backgroundColor;
        return { veil: alpha(getComputedStyle(veil).backgroundColor), face, window: getComputedStyle(document.body).backgroundColor };
      });
      if (scheme === 'dark') {
        // Black at 0.35 over #16181c left the dialog looking like part of the window.
        expect(look.veil, scheme).toBeGreaterThanOrEqual(0.55);
        expect(look.face, scheme).not.toBe(look.window);
      } else expect(look.veil, scheme).toBeGreaterThanOrEqual(0.3);
      await page.screenshot({ path: `test-results/dialog-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.locator('.dialog-backdrop').waitFor({ state: 'detached', timeout: 10_000 });
    }
  });
});
