import { describe, expect, it } from 'vitest';
import { writeBashSession } from '../fixtures/saved-session';
import { shot, useChromiumAndWebHosts } from './ui-harness';

// What keeps scrolling a long conversation cheap (docs/benchmarks.md, "Scrolling a long session"),
// as the window shows it: the scroller is opaque (Chromium then scrolls it on the compositor),
// a row's fork icon is CSS drawn only while its button shows (nothing moves when it appears), and a
// plain one-line answer is the paragraph its Markdown would make; rows scrolled past too fast to
// read are sketches of their own height, filled in once the scrolling slows, with nothing moving.

const hosts = useChromiumAndWebHosts();

describe('scrolling the conversation', { timeout: 120_000 }, () => {
  it('scrolls an opaque box, draws a fork icon (no SVG element) only while its button shows, and renders plain answers as paragraphs', async () => {
    const w = await hosts.web([], undefined, ['--session', 'scroll'], { prepare: (home) => writeBashSession(home, 'scroll', { task: 'scroll me', steps: 40, say: (i) => `Step ${i}: it's "done".` }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    const card = page.locator('[data-call-id="call_39"]');
    await card.waitFor({ timeout: 30_000 });

    // Opaque: an alpha of 1 in the scroller's own background colour.
    const bg = await page.getByTestId('chat').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toMatch(/^rgb\(/); // rgba(…, 0) would be transparent

    // Away from the row, the button is hidden and its icon (the button's ::before, a mask of the
    // fork mark) is not painted; its place is kept.
    await page.mouse.move(5, 5);
    const button = card.getByTestId('fork-from-here');
    const icon = () => button.evaluate((b) => ({ mask: getComputedStyle(b, '::before').maskImage, width: parseFloat(getComputedStyle(b, '::before').width) }));
    const hidden = await button.evaluate((b) => ({ width: b.getBoundingClientRect().width, x: b.getBoundingClientRect().x }));
    await expect.poll(async () => (await icon()).mask).toBe('none');
    // Over the row, the icon is drawn, and the button keeps its size and place.
    await card.hover();
    await expect.poll(async () => (await icon()).mask).toMatch(/^url\("data:image\/svg\+xml/);
    const shown = await button.evaluate((b) => ({ width: b.getBoundingClientRect().width, x: b.getBoundingClientRect().x }));
    expect(Math.abs(shown.width - hidden.width)).toBeLessThan(0.5);
    expect(Math.abs(shown.x - hidden.x)).toBeLessThan(0.5);
    expect((await icon()).width).toBeGreaterThan(8);
    // Nothing but its text inside the button: no SVG in any row.
    expect(await page.getByTestId('chat').locator('svg').count()).toBe(0);
    await shot(page, 'chat-scroll-fork-hover');

    // A plain one-line answer: one paragraph with the text as written (quotes unescaped).
    const answer = page.getByTestId('assistant-message').last();
    expect(await answer.locator('.markdown > p').count()).toBe(1);
    expect(await answer.locator('.markdown > p').innerText()).toBe('Step 39: it\'s "done".');
    await page.close();
  });

  it('draws rows as sketches during a fling and fills them in, in place, once it stops; a readable pace or a jump never sketches', async () => {
    const w = await hosts.web([], undefined, ['--session', 'fling'], { prepare: (home) => writeBashSession(home, 'fling', { task: 'fling me', steps: 400 }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    await page.locator('[data-call-id="call_399"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 30_000 });
    const chat = page.getByTestId('chat');

    /** What the view shows: its scroll offset and its rows in order, the sketches among them. */
    type Face = { top: number; sketch: boolean; text: string | undefined };
    type Seen = { top: number; sketches: number; boxes: number[][]; faces: Face[]; sketchHead?: [string, string] };
    type Look = { lookAtRows: (el: Element) => Seen };
    // Installed in the page once, for the page functions below.
    await page.evaluate(() => {
      (window as unknown as Look).lookAtRows = (el) => {
        const view = el.getBoundingClientRect();
        const rows = [...el.querySelectorAll<HTMLElement>('.chat-row')]
          .map((r) => ({ box: r.getBoundingClientRect(), sketch: !!r.dataset.sketch }))
          .filter(({ box }) => box.height > 0 && box.bottom > view.top && box.top < view.bottom)
          .sort((a, b) => a.box.top - b.box.top);
        // What each row in view shows: a card's argument line, a message's text.
        const faces = [...el.querySelectorAll<HTMLElement>('.chat-row')]
          .filter((r) => {
            const box = r.getBoundingClientRect();
            return box.height > 0 && box.bottom > view.top + 1 && box.top < view.bottom - 1;
          })
          .map((r) => ({ top: Math.round(r.getBoundingClientRect().top), sketch: !!r.dataset.sketch, text: (r.querySelector('.call-args-preview, [data-testid="call-args"]') ?? r.querySelector('.msg'))?.textContent?.trim() }))
          .sort((a, b) => a.top - b.top);
        const head = el.querySelector('[data-sketch] .call-head');
        const sketchHead = head ? ([head.querySelector('.call-tool')?.textContent ?? '', head.querySelector('.call-source')?.textContent ?? ''] as [string, string]) : undefined;
        return { top: el.scrollTop, sketches: rows.filter((r) => r.sketch).length, boxes: rows.map((r) => [Math.round(r.box.top), Math.round(r.box.height)]), faces, ...(sketchHead ? { sketchHead } : {}) };
      };
    });
    /**
     * In the page: from where it is (or from the bottom), scrolls up `px` a frame for `frames`
     * frames; the most sketches seen in a frame, and the view in the frame after the last scroll.
     */
    const scrollUp = (px: number, frames: number, bottom: boolean) =>
      chat.evaluate(
        (el, [px, frames, bottom]) =>
          new Promise<{ most: number; end: Seen }>((res) => {
            const look = (window as unknown as Look).lookAtRows;
            if (bottom) el.scrollTop = el.scrollHeight;
            let most = 0;
            let n = 0;
            const step = () => {
              most = Math.max(most, el.querySelectorAll('[data-sketch]').length);
              el.scrollTop -= px;
              if (++n < frames) requestAnimationFrame(step);
              else requestAnimationFrame(() => res({ most: Math.max(most, el.querySelectorAll('[data-sketch]').length), end: look(el) }));
            };
            requestAnimationFrame(() => requestAnimationFrame(step));
          }),
        [px, frames, bottom] as const,
      );

    // A readable pace (60 px a frame): every row comes in full.
    expect((await scrollUp(60, 40, false)).most).toBe(0);

    // A fling (400 px a frame): rows come in as sketches, read in the frame after the last scroll
    // (they fill in soon after; a screenshot can take longer than that under load). On a machine
    // too loaded to draw three frames in 0.1 s no pace is fast: fling again from the bottom until
    // one is.
    const sketchedCards = (seen: Seen | undefined) => (seen?.faces ?? []).filter((f) => f.sketch && /^echo \d+$/.test(f.text ?? ''));
    let before: Seen | undefined;
    await expect
      .poll(
        async () => {
          await page.locator('[data-sketch]').first().waitFor({ state: 'detached' });
          before = (await scrollUp(400, 30, true)).end;
          return sketchedCards(before).length;
        },
        { timeout: 90_000 },
      )
      .toBeGreaterThan(0);
    // The sketches in view (written to the page by hand, slots reused from row to row) each show
    // their own row: a card's tool, source and argument line, a message's text.
    const sketched = before!.faces;
    expect(before!.sketchHead).toEqual(['bash', 'built-in']);
    // Once it stops, every sketch is filled in: full rows at the same places and heights; the
    // view did not move.
    await expect.poll(() => page.locator('[data-sketch]').count(), { timeout: 30_000 }).toBe(0);
    const after = await chat.evaluate((el) => (window as unknown as Look).lookAtRows(el));
    expect(after.sketches).toBe(0);
    expect(after.top).toBe(before!.top);
    expect(after.boxes).toEqual(before!.boxes);
    // Each filled row shows what its sketch showed, where the sketch was.
    const filled = after.faces;
    expect(filled.map((f) => [f.top, f.text])).toEqual(sketched.map((f) => [f.top, f.text]));
    const cards = page.getByTestId('tool-call-card');
    expect(await cards.count()).toBeGreaterThan(2);
    // A filled card shows what a card shows: tool, status, arguments, output, its buttons.
    const card = cards.nth(2);
    await expect.poll(() => card.getByTestId('call-status').innerText()).toBe('done');
    const n = /^echo (\d+)$/.exec(await card.getByTestId('call-args').innerText())?.[1];
    expect(n).toBeDefined();
    expect((await card.getByTestId('result-output').innerText()).trim()).toBe(n);
    expect(await card.getByTestId('inspect-call').isVisible()).toBe(true);
    await shot(page, 'chat-scroll-filled');

    // A jump (the top of the session at once) shows full rows straight away.
    const sketchesAfterJump = await chat.evaluate(
      (el) =>
        new Promise<number>((res) => {
          el.scrollTop = 0;
          requestAnimationFrame(() => requestAnimationFrame(() => res(el.querySelectorAll('[data-sketch]').length)));
        }),
    );
    expect(sketchesAfterJump).toBe(0);
    await expect.poll(() => page.locator('[data-call-id="call_0"]').isVisible()).toBe(true);
    await page.close();
  });

  it('the rest of a long session arriving above the view is not scrolling: a readable pace right then draws every row in full', async () => {
    // The moment the rest arrives, the view is kept on its row by moving it tens of thousands of
    // px down; the user scrolling up at a readable pace in the frames after that read as a fling
    // when that move counted as theirs (a CI run saw a sketch there).
    const w = await hosts.web([], undefined, ['--session', 'arrive'], { prepare: (home) => writeBashSession(home, 'arrive', { task: 'arrive', steps: 400 }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    type Watch = { __arrived?: { jump: number; most: number; frames: number } };
    await page.addInitScript(() => {
      let last: number | undefined;
      document.addEventListener(
        'scroll',
        (e) => {
          const el = e.target as HTMLElement;
          if (el.dataset?.testid !== 'chat') return;
          const jump = el.scrollTop - (last ?? el.scrollTop);
          last = el.scrollTop;
          const w = window as Watch;
          if (w.__arrived || jump < 10_000) return;
          // The rest arrived: scroll up 60 px a frame from the next frame on, counting sketches.
          const seen = (w.__arrived = { jump, most: 0, frames: 0 });
          const step = (): void => {
            seen.most = Math.max(seen.most, el.querySelectorAll('[data-sketch]').length);
            if (seen.frames++ === 12) return;
            el.scrollTop -= 60;
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        },
        true,
      );
    });
    await page.goto(w.url);
    const arrived = () => page.evaluate(() => (window as Watch).__arrived);
    await expect.poll(async () => (await arrived())?.frames ?? 0, { timeout: 30_000 }).toBeGreaterThan(12);
    const seen = (await arrived())!;
    expect(seen.jump).toBeGreaterThan(10_000);
    expect(seen.most).toBe(0);
    await page.close();
  });
});
