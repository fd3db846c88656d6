import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { sendTask, SHOTS, useChromiumAndWebHosts, type WebFixture, WINDOW_SIZES } from './ui-harness';

// Issue 26, item 5: resizable, collapsible columns that keep tool names whole from 800×600 up.
// A real MCP server (server-everything, whose tool names are long) behind `glassbox web`.

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const MCP = { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } };
const LONG = ['mcp_everything_get-structured-content', 'mcp_everything_get-annotated-message', 'mcp_everything_trigger-long-running-operation'];
const SCRIPT = [
  { toolCalls: [{ name: LONG[0]!, arguments: { location: 'Chicago' } }] },
  { toolCalls: [{ name: LONG[1]!, arguments: { messageType: 'success' } }] },
  { toolCalls: [{ name: LONG[2]!, arguments: { duration: 0.2, steps: 2 } }] },
  { text: 'Done.' },
];

const hosts = useChromiumAndWebHosts();

/** A fresh browser context (its own storage) at this size, the app open and ready. */
async function open(browser: Browser, web: WebFixture, width: number, height: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(web.url);
  await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
  return page;
}

/** Width of an element on screen, 0 when it is not shown. */
async function widthOf(page: Page, testId: string): Promise<number> {
  return (await page.getByTestId(testId).boundingBox())?.width ?? 0;
}

/** Everything a user would call clipped or cut, at the current size. */
function clipped(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
    for (const b of document.querySelectorAll<HTMLElement>('.column-toggle')) {
      const r = b.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth) out.push(`${b.getAttribute('aria-label')} button past the window's edge`);
    }
    // A column whose content is wider than itself hides the rest (it clips, overflow: hidden).
    for (const sel of ['.sidebar', '.center', '.right', '.call-list', '.call-detail', '.filters', '.topbar']) {
      for (const el of document.querySelectorAll<HTMLElement>(sel)) {
        if (el.offsetParent === null || el.scrollWidth <= el.clientWidth + 1) continue;
        // Name the widest thing inside, to say what is cut.
        const edge = el.getBoundingClientRect().right;
        let worst: Element | undefined;
        for (const d of el.querySelectorAll('*')) if (d.getBoundingClientRect().right > edge + 1 && (!worst || d.getBoundingClientRect().right > worst.getBoundingClientRect().right)) worst = d;
        out.push(`${sel} clips: ${el.scrollWidth} > ${el.clientWidth} (${worst ? `${worst.tagName.toLowerCase()}.${worst.className}: ${worst.textContent?.slice(0, 40)}` : '?'})`);
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid="tool-call-card"]')) {
      const card = el.getBoundingClientRect();
      if (card.right > window.innerWidth) out.push(`card past the window: ${card.right}`);
      for (const part of el.querySelectorAll<HTMLElement>('.call-head > *, .call-name > *, .call-meta > *, .call-actions > *')) {
        const r = part.getBoundingClientRect();
        if (r.width === 0) continue;
        if (part.scrollWidth > part.clientWidth + 1 && getComputedStyle(part).display !== 'inline') out.push(`${part.className} cut: ${part.textContent}`);
        if (r.right > card.right + 1 || r.left < card.left - 1) out.push(`${part.className} outside its card: ${part.textContent}`);
      }
    }
    return out;
  });
}

describe('columns and tool names at 800×600 to 1400×900', { timeout: 300_000 }, () => {
  it('long MCP tool names and their server stay whole and nothing is clipped, at every size, light and dark', async () => {
    const web = await hosts.web(SCRIPT, MCP);
    const first = await open(hosts.browser(), web, 1400, 900);
    await sendTask(first, 'call the long tools');
    await expect.poll(() => first.getByTestId('run-end').count(), { timeout: 90_000 }).toBe(1);
    await first.context().close();

    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of WINDOW_SIZES) {
      for (const scheme of ['light', 'dark'] as const) {
        // A user opening the window at this size for the first time (no stored widths): a new
        // tab shows the session the host showed last.
        const page = await open(hosts.browser(), web, w, h, scheme);
        await expect.poll(() => page.getByTestId('tool-call-card').count(), { timeout: 30_000 }).toBe(3);
        const card = page.getByTestId('tool-call-card').filter({ hasText: LONG[0]! });
        await card.getByTestId('inspect-call').click();
        await expect.poll(() => page.getByTestId('inspector-tool').textContent()).toBe(LONG[0]);

        const where = `${w}×${h} ${scheme}`;
        for (const name of LONG) {
          const c = page.getByTestId('tool-call-card').filter({ hasText: name });
          const tool = c.getByTestId('call-tool');
          // The whole name is there, as text, and shown whole (wrapped, never cut with an ellipsis).
          expect(await tool.textContent(), where).toBe(name);
          expect(await tool.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'), where).toBe(true);
          expect(await c.getByTestId('call-source').textContent(), where).toBe('MCP everything');
          expect(await c.getByTestId('call-source').evaluate((el) => el.scrollWidth <= el.clientWidth), where).toBe(true);
          expect(await c.locator('.call-name').getAttribute('title'), where).toBe(`${name} — MCP everything`);
          expect(await c.getAttribute('aria-label'), where).toBe(`${name}, MCP everything, done`);
        }
        expect(await page.getByTestId('inspector-tool').evaluate((el) => el.scrollWidth <= el.clientWidth), where).toBe(true);
        // The inspector's list keeps each row's status in sight; the row's tooltip has the name whole.
        for (const row of await page.getByTestId('call-row').all()) {
          const box = (await row.boundingBox())!;
          const badge = (await row.locator('[class^="badge-"]').boundingBox())!;
          expect(badge.x + badge.width, where).toBeLessThanOrEqual(box.x + box.width + 1);
          const title = (await row.getAttribute('title')) ?? '';
          expect(LONG.some((n) => title === `${n} — MCP everything — done`), title).toBe(true);
          // With the room of a 1400 px window the list shows the names whole as well.
          if (w === 1400) expect(await row.getByTestId('call-row-tool').evaluate((el) => el.scrollWidth <= el.clientWidth), where).toBe(true);
        }
        expect(await clipped(page), where).toEqual([]);
        // From 1000 px both sides show; at 800 px one side fits, and the sessions fold first.
        expect(await widthOf(page, 'right-column'), where).toBeGreaterThanOrEqual(300);
        expect(await widthOf(page, 'sessions-sidebar'), where).toBe(w >= 1000 ? (w >= 1200 ? 240 : 190) : 0);
        await page.screenshot({ path: join(SHOTS, `layout-${w}x${h}-${scheme}.png`) });
        await page.context().close();
      }
    }
    // Two of them illustrate docs/window.md.
    copyFileSync(join(SHOTS, 'layout-1000x700-light.png'), join(ROOT, 'docs', 'screenshots', 'window-layout-1000.png'));
    copyFileSync(join(SHOTS, 'layout-800x600-dark.png'), join(ROOT, 'docs', 'screenshots', 'window-layout-800.png'));
  });

  it('a column resized by dragging, by keys and by double-click, hidden and shown by button and shortcut, is kept across a reload', async () => {
    const web = await hosts.web([{ text: 'Hello.' }]);
    const page = await open(hosts.browser(), web, 1400, 900);
    const right0 = await widthOf(page, 'right-column');
    const center0 = await widthOf(page, 'chat-center');

    // Drag the right splitter 150 px to the left: the panes grow by that much, the conversation shrinks.
    const splitter = (await page.getByTestId('splitter-right').boundingBox())!;
    const y = splitter.y + splitter.height / 4;
    await page.mouse.move(splitter.x + splitter.width / 2, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 150; dx += 10) await page.mouse.move(splitter.x + splitter.width / 2 - dx, y);
    await page.mouse.up();
    expect(Math.round(await widthOf(page, 'right-column'))).toBe(Math.round(right0 + 150));
    expect(Math.round(await widthOf(page, 'chat-center'))).toBe(Math.round(center0 - 150));
    expect(await clipped(page)).toEqual([]);

    // Keys on the focused sessions splitter: → widens by 24 px, Home is the narrowest, a double-click the default.
    await page.getByTestId('splitter-sidebar').focus();
    await page.keyboard.press('ArrowRight');
    expect(await widthOf(page, 'sessions-sidebar')).toBe(240 + 24);
    await page.keyboard.press('Home');
    expect(await widthOf(page, 'sessions-sidebar')).toBe(160);
    expect(await page.getByTestId('splitter-sidebar').getAttribute('aria-valuenow')).toBe('160');
    await page.getByTestId('splitter-sidebar').dblclick({ position: { x: 4, y: 40 } });
    expect(await widthOf(page, 'sessions-sidebar')).toBe(240);
    await page.keyboard.press('ArrowLeft');
    expect(await widthOf(page, 'sessions-sidebar')).toBe(216);

    // Reload: the widths are kept.
    await page.reload();
    await page.getByTestId('composer-input').waitFor();
    expect(Math.round(await widthOf(page, 'right-column'))).toBe(Math.round(right0 + 150));
    expect(await widthOf(page, 'sessions-sidebar')).toBe(216);

    // Hide the panes with the button: the conversation takes the room; the shortcut brings them back.
    await page.getByTestId('toggle-right').click();
    expect(await widthOf(page, 'right-column')).toBe(0);
    expect(await page.getByTestId('toggle-right').getAttribute('aria-expanded')).toBe('false');
    expect(Math.round(await widthOf(page, 'chat-center'))).toBe(1400 - 216 - 16);
    await page.locator('body').click({ position: { x: 700, y: 300 } });
    await page.keyboard.press('Control+Alt+b');
    expect(Math.round(await widthOf(page, 'right-column'))).toBe(Math.round(right0 + 150));
    // Ctrl+B from the message box hides the sessions; that is kept too.
    await page.getByTestId('composer-input').focus();
    await page.keyboard.press('Control+b');
    expect(await widthOf(page, 'sessions-sidebar')).toBe(0);
    expect(await page.getByTestId('composer-input').inputValue()).toBe('');
    await page.reload();
    await page.getByTestId('composer-input').waitFor();
    expect(await widthOf(page, 'sessions-sidebar')).toBe(0);
    expect(Math.round(await widthOf(page, 'right-column'))).toBe(Math.round(right0 + 150));
    await page.getByTestId('toggle-sidebar').click();
    expect(await widthOf(page, 'sessions-sidebar')).toBe(216);

    // Narrowed to 800 px: the sessions fold (the conversation keeps 400 px, nothing clipped);
    // showing them folds the panes instead; back at 1400 px both return at their widths.
    await page.setViewportSize({ width: 800, height: 600 });
    await expect.poll(() => widthOf(page, 'sessions-sidebar')).toBe(0);
    expect(await widthOf(page, 'chat-center')).toBeGreaterThanOrEqual(400);
    expect(await clipped(page)).toEqual([]);
    await page.getByTestId('toggle-sidebar').click();
    expect(await widthOf(page, 'sessions-sidebar')).toBe(216);
    expect(await widthOf(page, 'right-column')).toBe(0);
    expect(await clipped(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'layout-800x600-sessions-shown.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(() => widthOf(page, 'right-column')).toBe(Math.round(right0 + 150));
    expect(await widthOf(page, 'sessions-sidebar')).toBe(216);
  });

  it('a resized window is drawn fitted from its first frame: no frame of the old columns or of tabs past the column\'s edge', async () => {
    const web = await hosts.web([{ text: 'Hello.' }]);
    const page = await open(hosts.browser(), web, 1400, 900);
    type Seen = { frames: Array<[number, string]>; tabs: string[] };
    await page.evaluate(() => {
      const seen: Seen = { frames: [], tabs: [] };
      (window as unknown as { seen: Seen }).seen = seen;
      // Before each frame is drawn (a requestAnimationFrame callback runs after the resize event
      // and before paint): the window's width and the columns the page would show.
      const record = (): void => {
        const app = document.querySelector<HTMLElement>('[data-testid="app-columns"]')!;
        seen.frames.push([window.innerWidth, app.style.getPropertyValue('--columns')]);
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
      // The tabs as they will be painted: this observer was made after the strip's own, so it
      // is told of a size change after the strip fitted its tabs to it.
      const tabs = document.querySelector<HTMLElement>('[data-testid="right-tabs"]')!;
      new ResizeObserver(() => {
        if (tabs.clientWidth === 0) return;
        const tops = new Set([...tabs.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().width > 0).map((b) => Math.round(b.getBoundingClientRect().top)));
        if (tops.size > 1 || tabs.scrollWidth > tabs.clientWidth + 1) seen.tabs.push(`${window.innerWidth}: the tabs on ${tops.size} rows, ${tabs.scrollWidth} wide in ${tabs.clientWidth}`);
      }).observe(tabs);
    });
    const seen = (): Promise<Seen> => page.evaluate(() => (window as unknown as { seen: Seen }).seen);
    for (const [width, height] of [[800, 600], [1400, 900], [1000, 700], [800, 600]] as const) {
      await page.setViewportSize({ width, height });
      // A few frames at the new width, then every one of them must show the columns it settled on.
      await expect.poll(async () => (await seen()).frames.filter(([w]) => w === width).length).toBeGreaterThan(5);
      const shown = (await seen()).frames.filter(([w]) => w === width).map(([, c]) => c);
      const settled = await page.getByTestId('app-columns').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--columns'));
      expect(shown, `${width}x${height}: each frame's columns`).toEqual(shown.map(() => settled));
      await page.evaluate(() => ((window as unknown as { seen: Seen }).seen.frames.length = 0));
    }
    const { tabs } = await seen();
    expect(tabs, tabs.join('; ')).toEqual([]);
  });

  it('a name with no separator and a long server name from a crafted session file wrap too, at 800×600', async () => {
    const id = 'crafted-names';
    const tool = 'x'.repeat(64);
    const server = 'a-server-whose-name-goes-on-and-on-and-on-forever';
    const t0 = Date.now() - 60_000;
    const events = [
      { ts: t0, type: 'agent_start', task: 'crafted names' },
      { ts: t0 + 10, type: 'tool_execution_start', callId: 'c1', tool, args: { path: 'a' }, source: `mcp:${server}` },
      { ts: t0 + 20, type: 'tool_execution_end', callId: 'c1', tool, result: { output: 'ok', error: null, images: [], system: null }, durationMs: 10 },
      { ts: t0 + 30, type: 'agent_end', reason: 'finished' },
    ];
    const web = await hosts.web([{ text: 'unused' }], undefined, [], {
      prepare: (home) => {
        mkdirSync(join(home, 'sessions'), { recursive: true, mode: 0o700 });
        writeFileSync(join(home, 'sessions', `${id}.jsonl`), events.map((e, i) => JSON.stringify({ seq: i + 1, session: id, ...e })).join('\n') + '\n', { mode: 0o600 });
      },
    });
    const page = await open(hosts.browser(), web, 800, 600);
    await page.getByTestId('toggle-sidebar').click();
    await page.getByTestId('session-item').filter({ hasText: 'crafted names' }).locator('.session-open').click();
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getByTestId('call-tool').textContent(), { timeout: 30_000 }).toBe(tool);
    expect(await card.getByTestId('call-source').textContent()).toBe(`MCP ${server}`);
    // The panes back (the sessions fold): the card is narrower than the name, which wraps.
    await page.getByTestId('toggle-right').click();
    expect(await widthOf(page, 'sessions-sidebar')).toBe(0);
    expect(await card.getByTestId('call-tool').evaluate((el) => el.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(el).fontSize))).toBe(true);
    for (const t of ['call-tool', 'call-source']) expect(await card.getByTestId(t).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await clipped(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'layout-800x600-crafted-names.png') });
  });
});
