import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeBashSession } from '../fixtures/saved-session';
import { shot, useChromiumAndWebHosts, WINDOW_SIZES } from './ui-harness';

// What a walk through the window found and left open (issue 26): the right column's tabs on two
// rows, the conversation leaving its bottom on a resize, a short message in a column-wide bubble,
// the time axis' last label cut, Alt+↓ onto a sketched card landing nowhere.

const hosts = useChromiumAndWebHosts();

/** A long assistant text: rows that wrap to other heights when the column's width changes. */
const LONG = (i: number): string => `Step ${i}: ${'the agent looked at the output, compared it with what the task asked for and decided what to run next; '.repeat(3)}`;

/** The right column's tab strip: its rows of tabs and whether it overflows. */
function strip(page: Page) {
  return page.getByTestId('right-tabs').evaluate((nav) => {
    const shown = [...nav.querySelectorAll<HTMLElement>('button')].filter((b) => b.getBoundingClientRect().width > 0);
    const tops = new Set(shown.map((b) => Math.round(b.getBoundingClientRect().top)));
    const cut = shown.filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > nav.getBoundingClientRect().right + 1).map((b) => b.textContent);
    return { rows: tops.size, overflows: nav.scrollWidth > nav.clientWidth + 1, cut, inline: shown.map((b) => b.dataset.testid ?? '') };
  });
}

/**
 * A saved 30-step session of long rows opened in a 1400×900 page, every row loaded and the view at
 * its bottom; `fromBottom` is how far the conversation's view is from its end.
 */
async function openLongSessionAtBottom(id: string) {
  const w = await hosts.web([], undefined, ['--session', id], { prepare: (home) => writeBashSession(home, id, { task: id, steps: 30, say: LONG }) });
  const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(w.url);
  await page.locator('[data-call-id="call_29"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 30_000 });
  const chat = page.getByTestId('chat');
  const fromBottom = () => chat.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await expect.poll(fromBottom, { timeout: 10_000 }).toBeLessThan(2);
  return { page, chat, fromBottom };
}

const TABS = ['inspector', 'edits', 'terminal', 'replay', 'timeline', 'mcp', 'extensions'];

describe('the right column\'s tabs', { timeout: 240_000 }, () => {
  it('stay one line at every size, light and dark; what does not fit is under ⋯, reached by mouse and keyboard', async () => {
    const w = await hosts.web([]);
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    for (const [width, height] of WINDOW_SIZES) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        const where = `${width}×${height} ${scheme}`;
        await expect.poll(async () => { const s = await strip(page); return { rows: s.rows, overflows: s.overflows, cut: s.cut }; }, { message: where }).toEqual({ rows: 1, overflows: false, cut: [] });
        await shot(page, `right-tabs-${width}x${height}-${scheme}`);
      }
      // Every tab is in the line or under ⋯ (never neither, never both).
      const { inline } = await strip(page);
      const more = page.getByTestId('right-tabs-more');
      let folded: string[] = [];
      if (await more.count()) {
        await more.click();
        const menu = page.getByTestId('right-tabs-menu');
        await menu.waitFor();
        folded = (await menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid!))).map((t) => t.replace('tab-menu-', 'tab-'));
        const box = (await menu.boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= width && box.y + box.height <= height, `${width}: menu inside the window`).toBe(true);
        await shot(page, `right-tabs-menu-${width}x${height}`);
        await page.keyboard.press('Escape');
        await expect.poll(() => menu.count()).toBe(0);
        expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('right-tabs-more');
      }
      expect([...inline.filter((t) => t !== 'right-tabs-more'), ...folded].sort(), `${width}`).toEqual(TABS.map((t) => `tab-${t}`).sort());
      if (width < 1400) expect(folded.length, `${width}: something folds`).toBeGreaterThan(0);
    }

    // At 800×600 the last pane is under ⋯: by mouse, it opens and its tab shows in the line.
    await page.setViewportSize({ width: 800, height: 600 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('right-tabs-more').click();
    await page.getByTestId('tab-menu-extensions').click();
    await page.getByTestId('tab-extensions').waitFor();
    expect(await page.getByTestId('tab-extensions').getAttribute('aria-current')).toBe('page');
    expect((await strip(page)).rows).toBe(1);
    // By keyboard: Tab to ⋯, Enter opens the menu on its first pane, ↓ and Enter open the next.
    await page.getByTestId('tab-inspector').click();
    await page.getByTestId('right-tabs-more').focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('right-tabs-menu');
    await menu.waitFor();
    const items = await menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid!));
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const picked = items[1]!.replace('tab-menu-', 'tab-');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(picked);
    expect(await page.getByTestId(picked).getAttribute('aria-current')).toBe('page');
    expect((await strip(page)).rows).toBe(1);
  });
});

describe('the conversation in a resized window', { timeout: 240_000 }, () => {
  it('stays at the bottom when it was there; a short message has a bubble its size', async () => {
    const { page, chat, fromBottom } = await openLongSessionAtBottom('ok');
    const lastShown = () =>
      page.getByTestId('run-end').evaluate((end) => {
        const r = end.getBoundingClientRect();
        const v = end.closest('[data-testid="chat"]')!.getBoundingClientRect();
        return r.bottom <= v.bottom + 1 && r.top >= v.top - 1;
      });
    // 1400 → 1000 → 800 → 1400 wide: the newest row stays in view, at the bottom.
    for (const [width, height] of [[1000, 700], [800, 600], [1400, 900]] as const) {
      await page.setViewportSize({ width, height });
      // A failure prints where the view was and whether it followed the bottom (the chat's data-stuck).
      const where = async () => {
        const d = await fromBottom();
        return `${width}: ${d < 2 ? 'at the bottom' : `${d} px above the bottom`}, stuck=${await chat.getAttribute('data-stuck')}`;
      };
      await expect.poll(where).toMatch(/: at the bottom/);
      await expect.poll(lastShown, { message: `${width}` }).toBe(true);
    }

    // The task "ok": a bubble as wide as its text, at the right of the column.
    await chat.evaluate((el) => el.scrollTo(0, 0));
    const bubble = page.getByTestId('user-message').first();
    await bubble.waitFor();
    const look = await bubble.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const row = b.closest('.chat-row')!.getBoundingClientRect();
      return { width: r.width, column: row.width, right: row.right - r.right };
    });
    expect(look.width).toBeLessThan(80);
    expect(look.right).toBeLessThan(2);
    await shot(page, 'short-bubble');
  });
});

describe('the conversation at its bottom', { timeout: 240_000 }, () => {
  it('stays there when rows grow between a scroll down and its event; a scroll up lets go', async () => {
    const { page, chat, fromBottom } = await openLongSessionAtBottom('grow');
    // 10 px up (still at the bottom), then, in one task, back down and the rows 300 px taller, as
    // when rows are measured to their heights after the view scrolled to the end: the scroll's
    // event sees the view 300 px from the bottom, though nobody left it. The view is near its
    // bottom, so a row measured anew meanwhile pins it back there: the 10 px are taken again until
    // they hold for two frames (their scroll event handled), and the rest follows in one task.
    const grown = await chat.evaluate(async (el) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      for (let attempt = 0; attempt < 50; attempt++) {
        el.scrollTop = el.scrollHeight - el.clientHeight - 10;
        await frame();
        await frame();
        // Out of the frame's rendering steps, so the next frame runs the scroll event before it
        // looks at sizes, as it does after a user's scroll.
        await new Promise((r) => setTimeout(r, 0));
        if (el.scrollHeight - el.scrollTop - el.clientHeight < 5) continue;
        el.scrollTop = el.scrollHeight - el.clientHeight;
        const content = el.querySelector<HTMLElement>(':scope > div[style*="height"]')!;
        content.style.height = `${content.offsetHeight + 300}px`;
        // Whether the view reaches the new end. (The virtualizer does not know of these 300 px: a
        // later jump of its own to the last row may put the view back at its end, 300 px short.)
        el.addEventListener('scroll', () => {
          if (el.scrollHeight - el.scrollTop - el.clientHeight < 2) el.dataset.testReachedEnd = 'yes';
        });
        return true;
      }
      return false;
    });
    expect(grown).toBe(true);
    // A failure prints where the view is and whether it follows the bottom (the chat's data-stuck).
    const reached = async () => `${await chat.getAttribute('data-test-reached-end')}: ${await fromBottom()} px above the bottom, stuck=${await chat.getAttribute('data-stuck')}`;
    await expect.poll(reached, { timeout: 10_000 }).toMatch(/^yes/);
    // A scroll up is the user leaving the bottom: rows growing then leave the view where it is.
    const box = (await chat.boundingBox())!;
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await expect.poll(fromBottom).toBeGreaterThan(500);
    const top = await chat.evaluate((el) => el.scrollTop);
    await chat.evaluate((el) => {
      const content = el.querySelector<HTMLElement>(':scope > div[style*="height"]')!;
      content.style.height = `${content.offsetHeight + 300}px`;
    });
    await page.waitForTimeout(300);
    expect(await chat.evaluate((el) => el.scrollTop)).toBe(top);
  });
});

describe('the conversation held at its bottom by the window', { timeout: 240_000 }, () => {
  it('stays there when rows shrink under it, then grow again before its scroll event', async () => {
    const { chat, fromBottom } = await openLongSessionAtBottom('shrink');
    // As when a narrower window re-wraps the rows: within one frame the rows shrink (the browser
    // moves the view up to the new end, and the window pins it there), then, before the scroll
    // event of that move, rows measured to their new heights make them far taller. The scroll
    // event then finds the view higher than before and far from the end; nobody scrolled.
    const shrunk = await chat.evaluate(async (el) => {
      const content = el.querySelector<HTMLElement>(':scope > div[style*="height"]')!;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const settle = async () => {
        await frame();
        await frame();
        await new Promise((r) => setTimeout(r, 0));
      };
      // 300 px the rows will lose (the rows are placed absolutely: their box cannot shrink by hand).
      const spacer = el.appendChild(document.createElement('div'));
      spacer.style.height = '300px';
      el.scrollTop = el.scrollHeight;
      await settle();
      const before = el.scrollTop;
      const height = parseFloat(content.style.height);
      // Made after the window's own observer, so it runs after it in the frame.
      const regrow = new ResizeObserver(() => {
        regrow.disconnect();
        content.style.height = `${height + 1000}px`;
      });
      requestAnimationFrame(() => {
        spacer.style.height = '0px';
        content.style.height = `${height + 1}px`;
        regrow.observe(content);
      });
      await frame();
      return { before, after: el.scrollTop };
    });
    expect(shrunk.after).toBeLessThan(shrunk.before);
    await expect.poll(fromBottom, { timeout: 10_000 }).toBeLessThan(2);
  });
});

describe('the time axis', { timeout: 300_000 }, () => {
  it('keeps its last tick label inside the axis at any width', async () => {
    const w = await hosts.web([], undefined, ['--session', 'axis'], { prepare: (home) => writeBashSession(home, 'axis', { task: 'axis', steps: 40 }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    await page.locator('[data-call-id="call_39"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('tab-timeline').click();
    await page.getByTestId('timeline-open').click();
    const canvas = page.getByTestId('time-canvas');
    await canvas.waitFor({ timeout: 30_000 });
    /**
     * The ruler's ink (its tick labels: grey, where the cursor is red) in the canvas as shown:
     * whether the first label is drawn (the frame is there) and whether any reaches the last column.
     */
    const ruler = async () => {
      const png = (await canvas.screenshot()).toString('base64');
      return page.evaluate(async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext('2d')!;
        ctx.drawImage(bmp, 0, 0);
        const { data, width } = ctx.getImageData(0, 0, bmp.width, 14);
        const px = (x: number, y: number) => data.slice((y * width + x) * 4, (y * width + x) * 4 + 3);
        const bg = px(Math.floor(width / 2) - 20, 1);
        const ink = (x: number, y: number): boolean => {
          const [r, g, b] = px(x, y);
          const grey = Math.abs(r! - g!) < 40 && Math.abs(g! - b!) < 40;
          return grey && Math.abs(r! - bg[0]!) + Math.abs(g! - bg[1]!) + Math.abs(b! - bg[2]!) > 90;
        };
        let first = false;
        let edge = false;
        for (let y = 2; y < 13; y++) {
          for (let x = 3; x < 20; x++) first ||= ink(x, y);
          edge ||= ink(width - 1, y);
        }
        return { first, edge, width };
      }, png);
    };
    // Widths of the column in 9 px steps: wherever a tick falls near the end, its label stays in.
    for (let width = 1000; width <= 1400; width += 9) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => { const r = await ruler(); return r.first && !r.edge; }, { message: `window ${width} px wide` }).toBe(true);
    }
    await shot(page, 'time-axis-labels');
  });
});

describe('Alt+↑/↓ onto a card', { timeout: 300_000 }, () => {
  it('lands on the card drawn in full, whether it was off the page or still a sketch', async () => {
    const w = await hosts.web([], undefined, ['--session', 'steps'], { prepare: (home) => writeBashSession(home, 'steps', { task: 'step me', steps: 400 }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    const last = page.locator('[data-call-id="call_399"]');
    await last.waitFor({ timeout: 30_000 });
    await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 30_000 });
    const chat = page.getByTestId('chat');
    /** Whether the card of `id` is on the page in full (not a sketch) and in view. */
    const cardShown = (id: string) =>
      chat.evaluate((el, id) => {
        const card = el.querySelector<HTMLElement>(`[data-call-id="${id}"]`);
        if (!card || card.closest('[data-sketch]')) return false;
        const r = card.getBoundingClientRect();
        const v = el.getBoundingClientRect();
        return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
      }, id);

    // Off the page: call_399 selected, the view at the top; Alt+↑ brings call_398 in, whole.
    await last.getByTestId('inspect-call').click();
    await chat.evaluate((el) => el.scrollTo(0, 0));
    await page.locator('[data-call-id="call_0"]').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => page.getByTestId('inspector-tool').count()).toBe(1);
    await expect.poll(() => cardShown('call_398'), { timeout: 30_000 }).toBe(true);

    // A sketch: a fling (700 px a frame) stops with sketches in view; with the call after one of
    // them selected, Alt+↑ in that frame shows that card in full in the next frame. (Which rows a
    // fling leaves in view is learnt from a first fling; the call after one is then selected.)
    const from = await chat.evaluate((el) => Math.max(0, el.scrollHeight - el.clientHeight - 16_000));
    const flingThenKey = (target: number) =>
      chat.evaluate(
        (el, [from, target]) =>
          new Promise<{ got: string; inView: number[] }>((res) => {
            el.scrollTop = from;
            let n = 0;
            const step = () => {
              el.scrollTop += 700;
              if (++n < 16) return requestAnimationFrame(step);
              const v = el.getBoundingClientRect();
              const inView = [...el.querySelectorAll<HTMLElement>('[data-sketch]')]
                .filter((s) => s.getBoundingClientRect().bottom > v.top && s.getBoundingClientRect().top < v.bottom)
                .map((s) => Number(/^echo (\d+)$/.exec(s.querySelector('pre')?.textContent ?? '')?.[1] ?? NaN))
                .filter((k) => !Number.isNaN(k))
                .sort((a, b) => a - b);
              if (!inView.includes(target)) return res({ got: 'no sketch', inView });
              document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
              requestAnimationFrame(() => {
                const card = el.querySelector<HTMLElement>(`[data-call-id="call_${target}"]`);
                res({ got: !card ? 'no card' : card.closest('[data-sketch]') ? 'sketch' : 'card', inView });
              });
            };
            // Two frames on the jump's full rows first (a jump never sketches), then the fling.
            requestAnimationFrame(() => requestAnimationFrame(step));
          }),
        [from, target] as const,
      );
    let target = -1;
    let got = '';
    await expect
      .poll(
        async () => {
          const fling = await flingThenKey(target);
          got = fling.got;
          if (got !== 'no sketch') return true;
          // On a machine too loaded to fling fast enough nothing is sketched: fling again. Else
          // select the call after the first sketch in view, for the next fling to land on it.
          if (fling.inView.length) {
            await expect.poll(() => page.locator('[data-sketch]').count(), { timeout: 30_000 }).toBe(0);
            target = fling.inView[0]!;
            await page.locator(`[data-call-id="call_${target + 1}"]`).getByTestId('inspect-call').click();
          }
          return false;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(true);
    expect(got).toBe('card');
    await shot(page, 'alt-arrow-onto-sketch');
    await expect.poll(() => cardShown(`call_${target}`)).toBe(true);
  });
});
