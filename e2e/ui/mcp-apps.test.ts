import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { launchChromium, openApp, sendTask, shot, startWeb, type WebFixture } from './ui-harness';

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
    const view = await viewFrame(page, 'basic');
    await expect.poll(() => view.locator('#server-time').innerText(), { timeout: 30_000 }).not.toBe('Loading...');
    await approve(page);
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await shot(page, 'mcp-apps-views');
  });
});
