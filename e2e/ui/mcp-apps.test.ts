import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { launchChromium, openApp, sendTask, shot, shotsAllSizes, startWeb, type WebFixture } from './ui-harness';

// MCP Apps in the window, with the official example servers from npm over stdio behind
// `glassbox web` and the scripted model: the view renders under its card in a sandbox on
// another origin, its button calls a server tool through the approval path, its ui/message
// reaches the conversation after the user sends it, its messages are in the server's Traffic,
// and from inside the view the page's cookie, the bridge and hosts outside its CSP are out of reach.

const pkg = (name: string): string => join(ROOT, `node_modules/@modelcontextprotocol/${name}/dist/index.js`);
let browser: Browser;
let web: WebFixture;

beforeAll(async () => {
  browser = await launchChromium();
  web = await startWeb(
    [
      { toolCalls: [{ name: 'mcp_basic_get-time', arguments: {} }] },
      { toolCalls: [{ name: 'mcp_budget_get-budget-data', arguments: {} }] },
      { text: 'Here are the views.' },
      { text: 'Got your message from the view.' },
    ],
    {
      approvals: { mode: 'ask' },
      mcpServers: {
        basic: { command: process.execPath, args: [pkg('server-basic-vanillajs'), '--stdio'] },
        budget: { command: process.execPath, args: [pkg('server-budget-allocator'), '--stdio'] },
        monitor: { command: process.execPath, args: [pkg('server-system-monitor'), '--stdio'] },
      },
    },
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (web) expect(await web.close()).toBe(0);
});

/** The view's own document (the inner frame of the sandbox proxy under the card). */
async function viewFrame(page: Page, server: string): Promise<Frame> {
  // A view runs only while it is in sight: bring its place into view first.
  await page.locator(`.app-view-slot:has([data-server="${server}"])`).first().scrollIntoViewIfNeeded();
  const handle = await page.locator(`[data-testid="app-view"][data-server="${server}"] iframe`).elementHandle();
  const proxy = await handle!.contentFrame();
  let inner: Frame | undefined;
  await expect.poll(() => (inner = proxy!.childFrames()[0]) !== undefined, { timeout: 30_000 }).toBe(true);
  return inner!;
}

async function approve(page: Page): Promise<void> {
  await page.getByTestId('approve-once').click({ timeout: 60_000 });
}

describe('MCP Apps in the window', { timeout: 240_000 }, () => {
  it('renders views under their cards, runs a view button through the approval path, and sends its message after the user does', async () => {
    const page = await openApp(browser, web);
    await sendTask(page, 'show me the time and the budget');
    await approve(page);
    const card = page.locator('[data-testid="tool-call-card"]', { hasText: 'mcp_basic_get-time' }).first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('ok');
    let view = await viewFrame(page, 'basic');
    await expect.poll(() => view.locator('#server-time').innerText(), { timeout: 30_000 }).not.toBe('Loading...');
    await approve(page);
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    // The budget example's view is 437 KB: the card says it is starting until its handshake.
    await expect.poll(() => page.locator('[data-testid="app-view"][data-server="budget"]').getAttribute('data-phase'), { timeout: 30_000 }).toBe('running');
    await shot(page, 'mcp-apps-views');

    // App-only tools never reach the model.
    const tools = JSON.stringify(web.model.requests[0]!.body.tools ?? []);
    expect(tools).toContain('mcp_monitor_get-system-info');
    expect(tools).not.toContain('poll-system-stats');

    // The view's button calls a server tool: a card of its own (by the app), through the approval.
    // (The budget card below pushed the basic view out of sight, which tore it down: bring it back.)
    view = await viewFrame(page, 'basic');
    await view.locator('#get-time-btn').click();
    await approve(page);
    const appCard = page.locator('[data-testid="tool-call-card"][data-origin="app"]');
    await expect.poll(() => appCard.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => appCard.getAttribute('data-status'), { timeout: 30_000 }).toBe('ok');
    expect(await appCard.getByTestId('call-by-app').innerText()).toBe('app');

    // ui/message: shown first; in the conversation (and to the model) only after Send.
    view = await viewFrame(page, 'basic');
    await view.locator('#message-text').fill('Please summarise the time.');
    await view.locator('#send-message-btn').click();
    await expect.poll(() => page.getByTestId('app-message-text').innerText(), { timeout: 30_000 }).toBe('Please summarise the time.');
    await shotsAllSizes(page, 'mcp-apps-message');
    expect(web.model.requests.length).toBe(3);
    await page.getByTestId('app-message-send').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(2);
    expect(JSON.stringify(web.model.requests[3]!.body.messages)).toContain('Please summarise the time.');

    // ui/open-link asks first; "Don't open" answers the view with an error and opens nothing.
    view = await viewFrame(page, 'basic');
    await view.locator('#open-link-btn').click();
    await expect.poll(() => page.getByTestId('app-link-url').innerText(), { timeout: 30_000 }).toBe('https://modelcontextprotocol.io/');
    await page.getByTestId('app-link-deny').click();
    expect(await page.getByTestId('app-link-request').count()).toBe(0);

    // Every view↔window message is in the server's Traffic, beside its JSON-RPC.
    await card.getByTestId('show-mcp-traffic').click();
    const viewRows = page.locator('[data-testid="mcp-traffic-row"][data-channel="view"]');
    await expect.poll(() => viewRows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    await page.getByTestId('mcp-traffic-search').fill('ui/initialize');
    await expect.poll(() => page.locator('[data-testid="mcp-traffic-row"][data-channel="view"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot(page, 'mcp-apps-traffic');
  });

  it('keeps the view away from the page: no cookie, no bridge, no host outside its CSP, no reach into the window', async () => {
    const page = await openApp(browser, web);
    const view = await viewFrame(page, 'basic');
    const probe = (await view.evaluate(async (origin: string) => {
      const out: Record<string, string> = {};
      try {
        out.cookie = `read:${document.cookie}`;
      } catch (e) {
        out.cookie = `blocked:${(e as Error).name}`;
      }
      try {
        out.parent = `read:${window.parent.document.title}`;
      } catch (e) {
        out.parent = `blocked:${(e as Error).name}`;
      }
      try {
        out.top = `read:${window.top!.location.href}`;
      } catch (e) {
        out.top = `blocked:${(e as Error).name}`;
      }
      out.origin = window.origin;
      out.ws = await new Promise<string>((done) => {
        try {
          const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge`);
          ws.onopen = () => done('open');
          ws.onerror = () => done('error');
          setTimeout(() => done('no answer'), 5000);
        } catch (e) {
          done(`blocked:${(e as Error).name}`);
        }
      });
      out.fetchOut = await fetch('https://example.com/').then(() => 'fetched', (e: Error) => `blocked:${e.name}`);
      out.fetchPage = await fetch(`${origin}/`).then(() => 'fetched', (e: Error) => `blocked:${e.name}`);
      return out;
    }, web.origin)) as Record<string, string>;
    expect(probe.cookie).toMatch(/^blocked:|^read:$/);
    expect(probe.parent).toMatch(/^blocked:/);
    expect(probe.top).toMatch(/^blocked:/);
    expect(probe.origin).toBe('null');
    expect(probe.ws).not.toBe('open');
    expect(probe.fetchOut).toMatch(/^blocked:/);
    expect(probe.fetchPage).toMatch(/^blocked:/);
    // The view of a reopened window is shown from the recording behind a cover until clicked.
    expect(await page.getByTestId('app-view-cover').count()).toBeGreaterThan(0);
  });
});
