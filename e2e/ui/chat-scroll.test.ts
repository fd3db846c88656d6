import { describe, expect, it } from 'vitest';
import { writeBashSession } from '../fixtures/saved-session';
import { shot, useChromiumAndWebHosts } from './ui-harness';

// What keeps scrolling a long conversation cheap (docs/benchmarks.md, "Scrolling a long session"),
// as the window shows it: the scroller is opaque (Chromium then scrolls it on the compositor),
// a row's fork icon is drawn only while its button shows (nothing moves when it appears), and a
// plain one-line answer is the paragraph its Markdown would make.

const hosts = useChromiumAndWebHosts();

describe('scrolling the conversation', { timeout: 120_000 }, () => {
  it('scrolls an opaque box, draws a fork icon only while its button shows, and renders plain answers as paragraphs', async () => {
    const w = await hosts.web([], undefined, ['--session', 'scroll'], { prepare: (home) => writeBashSession(home, 'scroll', { task: 'scroll me', steps: 40, say: (i) => `Step ${i}: it's "done".` }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(w.url);
    const card = page.locator('[data-call-id="call_39"]');
    await card.waitFor({ timeout: 30_000 });

    // Opaque: an alpha of 1 in the scroller's own background colour.
    const bg = await page.getByTestId('chat').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toMatch(/^rgb\(/); // rgba(…, 0) would be transparent

    // Away from the row, the button is hidden and so is its icon; its place is kept.
    await page.mouse.move(5, 5);
    const button = card.getByTestId('fork-from-here');
    const icon = button.locator('svg.fork-icon');
    const hidden = await button.evaluate((b) => ({ width: b.getBoundingClientRect().width, x: b.getBoundingClientRect().x }));
    await expect.poll(() => icon.evaluate((el) => getComputedStyle(el).display)).toBe('none');
    // Over the row, the icon is drawn, and the button keeps its size and place.
    await card.hover();
    await expect.poll(() => icon.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
    const shown = await button.evaluate((b) => ({ width: b.getBoundingClientRect().width, x: b.getBoundingClientRect().x }));
    expect(Math.abs(shown.width - hidden.width)).toBeLessThan(0.5);
    expect(Math.abs(shown.x - hidden.x)).toBeLessThan(0.5);
    expect(await icon.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(8);
    await shot(page, 'chat-scroll-fork-hover');

    // A plain one-line answer: one paragraph with the text as written (quotes unescaped).
    const answer = page.getByTestId('assistant-message').last();
    expect(await answer.locator('.markdown > p').count()).toBe(1);
    expect(await answer.locator('.markdown > p').innerText()).toBe('Step 39: it\'s "done".');
    await page.close();
  });
});
