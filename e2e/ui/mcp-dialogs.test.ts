import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { launchChromium, openApp, sendTask, shot, startWeb, type WebFixture } from './ui-harness';

// A real MCP server (server-everything over stdio) behind `glassbox web`: the inspector shows
// the raw JSON-RPC of an MCP call, and the server's elicitation request becomes a form.

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
let browser: Browser;
let web: WebFixture;
beforeAll(async () => {
  browser = await launchChromium();
  web = await startWeb(
    [
      { toolCalls: [{ name: 'mcp_everything_echo', arguments: { message: 'raw traffic please' } }] },
      { toolCalls: [{ name: 'mcp_everything_trigger-elicitation-request', arguments: {} }] },
      { text: 'Thanks for the form.' },
    ],
    { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } },
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (web) expect(await web.close()).toBe(0);
});

describe('MCP in the window', { timeout: 180_000 }, () => {
  it('shows the raw JSON-RPC of an MCP call and answers an elicitation form; keyboard moves between calls', async () => {
    const page = await openApp(browser, web);
    await sendTask(page, 'echo something, then ask me');

    const echo = page.locator('[data-testid="tool-call-card"]', { hasText: 'mcp_everything_echo' });
    await expect.poll(() => echo.getAttribute('data-status'), { timeout: 90_000 }).toBe('ok');
    expect(await echo.innerText()).toContain('MCP everything');
    expect(await echo.getByTestId('result-output').innerText()).toContain('raw traffic please');

    const form = page.getByTestId('elicitation-dialog');
    await form.waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('elicitation-server').innerText()).toBe('everything');
    await shot(page, 'dialog-elicitation');
    await form.locator('input[name="name"]').fill('Ada Lovelace');
    await page.getByTestId('elicitation-accept').click();

    const elicit = page.locator('[data-testid="tool-call-card"]', { hasText: 'trigger-elicitation-request' });
    await expect.poll(() => elicit.getAttribute('data-status'), { timeout: 60_000 }).toBe('ok');
    expect(await elicit.getByTestId('result-output').innerText()).toContain('Name: Ada Lovelace');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);

    // Keyboard: Alt+↓ selects the first call in the inspector, which shows its raw MCP traffic.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+ArrowDown');
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('mcp_everything_echo');
    const request = JSON.parse(await page.getByTestId('mcp-request').innerText()) as { method: string; params: { name: string; arguments: unknown } };
    expect(request).toMatchObject({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'raw traffic please' } } });
    expect(await page.getByTestId('mcp-response').innerText()).toContain('raw traffic please');
    await shot(page, 'inspector-mcp-traffic');
    await page.keyboard.press('Alt+ArrowDown');
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('mcp_everything_trigger-elicitation-request');
    await page.keyboard.press('Alt+ArrowUp');
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('mcp_everything_echo');
    // Ctrl+K focuses the session search.
    await page.keyboard.press('Control+k');
    expect(await page.evaluate('document.activeElement && document.activeElement.dataset.testid')).toBe('session-search');
  });
});
