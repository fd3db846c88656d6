import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { launchChromium, nextFrame, openApp, sendTask, shotsAllSizes, startWeb, type WebFixture } from './ui-harness';

// MCP App views beyond the first render, in Chromium against `glassbox web` with the scripted
// model: the official budget-allocator example's view draws (it was blank once), a view's size
// requests resize its box within bounds, the inspector's View tab shows the resource's HTML and
// the policy the sandbox applies, a view re-renders in place when its server says its resource
// changed (fixture server), and a tool called by hand from the MCP pane's form shows its view.

const pkg = (name: string): string => join(ROOT, `node_modules/@modelcontextprotocol/${name}/dist/index.js`);
const PANEL = join(ROOT, 'e2e/fixtures/app-view-server.mjs');
let browser: Browser;
let web: WebFixture;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  web = await startWeb(
    [
      { toolCalls: [{ name: 'mcp_budget_get-budget-data', arguments: {} }] },
      { toolCalls: [{ name: 'mcp_panel_show_panel', arguments: {} }] },
      { text: 'Both views are shown.' },
    ],
    {
      mcpServers: {
        budget: { command: process.execPath, args: [pkg('server-budget-allocator'), '--stdio'] },
        panel: { command: process.execPath, args: [PANEL] },
      },
    },
  );
  page = await openApp(browser, web);
  await sendTask(page, 'show the budget and the panel');
  await page.getByTestId('run-end').waitFor({ timeout: 90_000 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  if (web) expect(await web.close()).toBe(0);
});

/** The view's own document (the sandbox proxy's inner frame) inside `box`. */
async function innerFrame(box: Locator): Promise<Frame> {
  const proxy = await (await box.locator('iframe').elementHandle())!.contentFrame();
  let inner: Frame | undefined;
  await expect.poll(() => (inner = proxy!.childFrames()[0]) !== undefined, { timeout: 30_000 }).toBe(true);
  return inner!;
}

const chatView = (server: string): Locator => page.locator(`.chat-scroll [data-testid="app-view"][data-server="${server}"]`);

describe('MCP App views', { timeout: 240_000 }, () => {
  it("draws the budget-allocator example's view: its chart and its sliders from the tool's result", async () => {
    const box = chatView('budget');
    await box.scrollIntoViewIfNeeded();
    // Until its handshake the card says the view is starting (a 437 KB page parses for seconds).
    await expect.poll(() => box.getAttribute('data-phase'), { timeout: 30_000 }).toBe('running');
    expect(await box.getByTestId('app-view-starting').count()).toBe(0);
    const view = await innerFrame(box);
    await expect.poll(() => view.locator('body').innerText(), { timeout: 30_000 }).toContain('Allocated:');
    // Five categories from the result, and a chart canvas that has been drawn on.
    expect(await view.locator('input[type="range"]').count()).toBe(5);
    const painted = await view.evaluate(() => {
      const c = document.querySelector('canvas');
      if (!c || !c.width || !c.height) return 0;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(1000);
    await shotsAllSizes(page, 'mcp-apps-budget');
  });

  it("resizes a view's box to what it asks for, within 60 and 1600 pixels", async () => {
    const box = chatView('panel');
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => box.getAttribute('data-phase'), { timeout: 30_000 }).toBe('running');
    const view = await innerFrame(box);
    // The view asks for 200 px once it is initialized.
    await expect.poll(() => box.getAttribute('data-height'), { timeout: 30_000 }).toBe('200');
    await view.locator('#grow').click();
    await expect.poll(() => box.getAttribute('data-height')).toBe('1600');
    expect(Math.round((await box.boundingBox())!.height)).toBe(1600);
    await view.locator('#shrink').click();
    await expect.poll(() => box.getAttribute('data-height')).toBe('60');
    expect(Math.round((await box.boundingBox())!.height)).toBe(60);
    await view.locator('#fit').click();
    await expect.poll(() => box.getAttribute('data-height')).toBe('450');
    expect(Math.round((await box.boundingBox())!.height)).toBe(450);
  });

  it('keeps no view alive outside the viewport: a view scrolled out is torn down and starts again when back', async () => {
    const scroller = page.locator('.chat-scroll');
    const outside = (): Promise<number> =>
      page.evaluate(() => {
        const v = document.querySelector('.chat-scroll')!.getBoundingClientRect();
        return [...document.querySelectorAll('.chat-scroll [data-testid="app-view-frame"]')].filter((f) => {
          const r = f.getBoundingClientRect();
          return r.bottom <= v.top || r.top >= v.bottom;
        }).length;
      });
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => chatView('panel').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(outside, { timeout: 30_000 }).toBe(0);
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => chatView('panel').getAttribute('data-phase'), { timeout: 30_000 }).toBe('running');
    await expect.poll(outside, { timeout: 30_000 }).toBe(0);
    // A new view page: it shows the call's result again.
    const view = await innerFrame(chatView('panel'));
    await expect.poll(() => view.locator('#result').innerText(), { timeout: 30_000 }).toBe('result: panel shown');
  });

  it("shows the view's HTML source and applied policy in the inspector's View tab", async () => {
    const card = page.locator('[data-testid="tool-call-card"]', { hasText: 'mcp_panel_show_panel' }).first();
    await card.getByTestId('inspect-call').click();
    await page.getByTestId('inspector-tab-view').click();
    const csp = page.getByTestId('view-source-csp');
    await expect.poll(() => csp.count(), { timeout: 30_000 }).toBe(1);
    const text = await csp.innerText();
    expect(text).toContain('connect-src https://api.example.com;');
    expect(text).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com;");
    expect(text).toContain(`frame-ancestors ${web.origin}`);
    expect(text).not.toContain('unsafe-eval');
    expect(await page.getByTestId('view-source-refused').innerText()).toContain("'unsafe-eval'");
    expect(await page.getByTestId('view-source-uri').innerText()).toBe('ui://fixture/panel.html');
    expect(await page.getByTestId('view-source-html').innerText()).toContain('<span id="version">v1</span>');
    await shotsAllSizes(page, 'mcp-apps-view-tab');
  });

  it('re-renders a live view in place when its server says the resource changed', async () => {
    const box = chatView('panel');
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => box.getAttribute('data-phase'), { timeout: 30_000 }).toBe('running');
    const before = await box.getAttribute('data-read-at');
    const view = await innerFrame(box);
    expect(await view.locator('#version').innerText()).toBe('v1');
    // The view calls the server back; the server makes v2 and sends resources/updated.
    await view.locator('#bump').click();
    await expect.poll(() => box.getAttribute('data-read-at'), { timeout: 30_000 }).not.toBe(before);
    const fresh = await innerFrame(box);
    await expect.poll(() => fresh.locator('#version').innerText(), { timeout: 30_000 }).toBe('v2');
    // With the same input and result as before.
    await expect.poll(() => fresh.locator('#result').innerText(), { timeout: 30_000 }).toBe('result: panel shown');
    // The inspector's View tab (still open) follows the new source.
    await expect.poll(() => page.getByTestId('view-source-html').innerText(), { timeout: 30_000 }).toContain('<span id="version">v2</span>');
  });

  it('shows the view of a tool called by hand from the MCP pane', async () => {
    await page.getByTestId('tab-mcp').click();
    const server = page.getByTestId('mcp-pane').locator('[data-testid="mcp-server"][data-server="panel"]');
    await expect.poll(() => server.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    await server.getByTestId('mcp-tab-tools').click();
    const row = server.locator('[data-testid="mcp-tool"][data-tool="show_panel"]');
    if ((await row.getByTestId('mcp-tool-form').count()) === 0) await row.getByTestId('mcp-tool-call').click();
    const form = row.getByTestId('mcp-tool-form');
    await form.getByTestId('mcp-tool-run').click();
    const box = form.getByTestId('app-view');
    await expect.poll(() => box.count(), { timeout: 30_000 }).toBe(1);
    const view = await innerFrame(box);
    await expect.poll(() => view.locator('#result').innerText(), { timeout: 30_000 }).toBe('result: panel shown');
    expect(await view.locator('#version').innerText()).toBe('v2');
    // Same sandbox as under a card: another origin than the window's, and no fullscreen here.
    expect(new URL((await box.locator('iframe').getAttribute('src'))!).origin).not.toBe(web.origin);
    expect(await box.getByTestId('app-view-fullscreen').count()).toBe(0);
    await box.scrollIntoViewIfNeeded();
    // The view never widens the MCP pane (its title bar is cut instead).
    await page.setViewportSize({ width: 1000, height: 700 });
    await nextFrame(page);
    const pane = page.getByTestId('mcp-pane');
    expect(await pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await shotsAllSizes(page, 'mcp-apps-tool-form');
  });

  it("starts a reopened session's views once their server has connected (not 'not connected' for good)", async () => {
    const id = 'reopened-views';
    const ev = (seq: number, e: Record<string, unknown>): string => JSON.stringify({ seq, ts: Date.now() - 60_000 + seq, session: id, ...e });
    const meta = { mcpApp: { server: 'basic', resourceUri: 'ui://get-time/mcp-app.html', tool: 'get-time' } };
    const lines = [
      ev(1, { type: 'agent_start', task: 'the time, recorded' }),
      ev(2, { type: 'tool_execution_start', callId: 'c1', tool: 'mcp_basic_get-time', args: {}, source: 'mcp:basic' }),
      ev(3, { type: 'tool_execution_end', callId: 'c1', tool: 'mcp_basic_get-time', result: { output: '2026-01-01T00:00:00.000Z', error: null, images: [], system: null, metadata: { ...meta, structuredContent: { time: '2026-01-01T00:00:00.000Z' } } }, durationMs: 3 }),
      ev(4, { type: 'agent_end', reason: 'finished' }),
    ];
    const again = await startWeb([], { mcpServers: { basic: { command: process.execPath, args: [pkg('server-basic-vanillajs'), '--stdio'] } } }, ['--session', id], {
      prepare: (home) => {
        mkdirSync(join(home, 'sessions'), { recursive: true });
        writeFileSync(join(home, 'sessions', `${id}.jsonl`), lines.join('\n') + '\n');
      },
    });
    try {
      const p = await openApp(browser, again);
      const box = p.locator('[data-testid="app-view"][data-server="basic"]');
      await expect.poll(() => box.getAttribute('data-phase'), { timeout: 60_000 }).toBe('running');
      expect(await p.getByTestId('app-view-error').count()).toBe(0);
      const view = await innerFrame(box);
      await expect.poll(() => view.locator('#server-time').innerText(), { timeout: 30_000 }).toBe('2026-01-01T00:00:00.000Z');
      expect(await box.getByTestId('app-view-cover').count()).toBe(1);
      await p.close();
    } finally {
      expect(await again.close()).toBe(0);
    }
  });
});
