import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../helpers/cli';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { useChromiumAndWebHosts } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot } from './panes-harness';

// Where things land in the MCP pane, in Debian Chromium against a real `glassbox web` with the
// real @playwright/mcp (the built-in browser server, 25 tools), server-everything and a server
// whose start the test holds: a server added through the page comes into view and flashes; a
// resource's Read output opens under its row; the browser server starts folded and the user's
// choice is kept; a session opened again from the sidebar says "connecting…" per server.

const hosts = useChromiumAndWebHosts();
const SLOW = join(import.meta.dirname, '..', 'mcp', 'fixtures', 'slow-server.mjs');

/** The web host with the built-in browser server switched on (the harness switches it off). */
const withBrowser = (): NodeJS.ProcessEnv => ({ GLASSBOX_DISABLE_BROWSER: undefined, CHROMIUM_PATH });

/** The screen at 1400×900 and 1000×700, light and dark (test-results/panes/<name>-<width>-<scheme>.png). */
async function looks(page: Page, name: string, settle: () => Promise<void> = async () => undefined): Promise<void> {
  for (const [width, height] of [
    [1400, 900],
    [1000, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settle();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await paneShot(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Where an element sits in the MCP pane's visible area: its top inside it, and its box. */
function placement(el: Locator): Promise<{ topInView: boolean; top: number; bottom: number }> {
  return el.evaluate((node) => {
    const pane = document.querySelector('[data-testid="mcp-pane"]')!.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    const top = Math.max(pane.top, 0);
    const bottom = Math.min(pane.bottom, window.innerHeight);
    return { topInView: r.top >= top - 1 && r.top < bottom - 20, top: r.top, bottom: r.bottom };
  });
}

/** A saved conversation to open again: one task, one answer. */
function writeSession(home: string, id: string, task: string): void {
  const base = 1_700_000_000_000;
  const lines = [
    { type: 'agent_start', task },
    { type: 'message_end', messageId: 'm1', role: 'assistant', content: 'Done.', toolCalls: [] },
    { type: 'agent_end', reason: 'finished' },
  ].map((e, i) => JSON.stringify({ seq: i + 1, ts: base + i, session: id, ...e }));
  mkdirSync(join(home, 'sessions'), { recursive: true });
  writeFileSync(join(home, 'sessions', `${id}.jsonl`), lines.join('\n') + '\n');
}

describe('MCP pane: where things land', () => {
  it('folds the browser server, brings an added server into view with a flash, and opens Read output under its row', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' } }, [], { env: withBrowser });
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');
    const browser = pane.locator('[data-testid="mcp-server"][data-server="browser"]');
    await expect.poll(async () => Number((await browser.getByTestId('mcp-tool-count').innerText()).split(' ')[0]), { timeout: 120_000 }).toBeGreaterThanOrEqual(20);
    // Folded by default: its 25 tools do not push everything else down.
    expect(await browser.getAttribute('data-open')).toBe('false');
    expect(await browser.getByTestId('mcp-tools').count()).toBe(0);
    await looks(page, 'mcp-browser-folded');
    // Opened on click, and remembered across a reload.
    await browser.getByTestId('mcp-card-expand').click();
    await expect.poll(() => browser.getByTestId('mcp-tool').count()).toBeGreaterThanOrEqual(20);
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
    await openTab(page, 'mcp');
    await expect.poll(() => browser.getAttribute('data-open'), { timeout: 30_000 }).toBe('true');

    // Added through the page: the new card goes last, below the browser's 25 tools, far out of
    // sight — and is brought into view and flashed, again once it has connected.
    await pane.getByTestId('mcp-add').click();
    const form = pane.getByTestId('mcp-server-form');
    await form.getByTestId('mcp-form-id').fill('everything');
    await form.getByTestId('mcp-form-command').fill(process.execPath);
    await form.getByTestId('mcp-form-args').fill(`${EVERYTHING}\nstdio`);
    await form.getByTestId('mcp-form-save').click();
    const card = pane.locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await expect.poll(async () => (await placement(card)).topInView, { timeout: 10_000 }).toBe(true);
    expect(Number(await card.getAttribute('data-flashes'))).toBeGreaterThanOrEqual(1);
    // It really was out of sight: it lies below the pane's first screen, so the pane scrolled to it.
    expect(await card.evaluate((el) => {
      const pane = el.closest('[data-testid="mcp-pane"]') as HTMLElement;
      return { below: el.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop > pane.clientHeight, scrolled: pane.scrollTop > 0 };
    })).toEqual({ below: true, scrolled: true });
    await looks(page, 'mcp-server-added-in-view', async () => {
      await card.scrollIntoViewIfNeeded();
    });

    // Read on a resource: its output opens right under the row that was clicked, in view.
    await card.getByTestId('mcp-tab-resources').click();
    const res = card.getByTestId('mcp-resources-tab');
    await expect.poll(() => res.getByTestId('mcp-resource').count(), { timeout: 30_000 }).toBeGreaterThan(5);
    const row = res.getByTestId('mcp-resource').nth(4);
    const uri = (await row.getAttribute('data-uri'))!;
    await row.getByTestId('mcp-resource-read').click();
    const output = res.getByTestId('mcp-read-output');
    await expect.poll(() => output.locator('[data-testid="mcp-resource-text"], [data-testid="mcp-resource-binary"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await output.getAttribute('data-uri')).toBe(uri);
    // Adjacent: the output is the row's next sibling, starting where the row ends.
    expect(await row.evaluate((r) => (r.nextElementSibling as HTMLElement | null)?.dataset.testid)).toBe('mcp-read-output');
    const [rowBox, outBox] = [await row.boundingBox(), await output.boundingBox()];
    expect(Math.abs(outBox!.y - (rowBox!.y + rowBox!.height))).toBeLessThan(4);
    await expect.poll(async () => (await placement(output)).topInView, { timeout: 10_000 }).toBe(true);
    // The next row comes after the output, not before it.
    const next = res.getByTestId('mcp-resource').nth(5);
    expect((await next.boundingBox())!.y).toBeGreaterThanOrEqual(outBox!.y + outBox!.height - 1);
    await looks(page, 'mcp-read-under-row', async () => {
      await output.scrollIntoViewIfNeeded();
    });

    // Fold the browser server again: kept folded after a reload.
    await browser.getByTestId('mcp-card-toggle').click();
    expect(await browser.getAttribute('data-open')).toBe('false');
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
    await openTab(page, 'mcp');
    await expect.poll(() => browser.getAttribute('data-status'), { timeout: 60_000 }).not.toBeNull();
    expect(await browser.getAttribute('data-open')).toBe('false');
  }, 400_000);

  it('a session opened again from the sidebar says "connecting…" per server while they start, never "no connected server"', async () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'glassbox-slow-gate-')), 'go');
    const slow = { command: process.execPath, args: [SLOW], env: { SLOW_START_MS: '200', SLOW_START_UNTIL: gate } };
    const w = await hosts.web([], { approvals: { mode: 'auto' }, mcpServers: { slow } }, [], { prepare: (home) => writeSession(home, 'saved-one', 'an earlier task') });
    const page = await openPanesApp(hosts.browser(), w);
    // Everything the pane ever says, from the first moment, to catch a passing "no connected server".
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { mcpSeen: string[] }).mcpSeen = seen;
      const note = (): void => {
        const pane = document.querySelector('[data-testid="mcp-pane"]');
        if (pane) seen.push((pane as HTMLElement).innerText);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');
    const card = pane.locator('[data-testid="mcp-server"][data-server="slow"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('connecting');

    // The saved session, opened the way a user does: its row in the sidebar.
    await page.getByTestId('session-item').filter({ hasText: 'an earlier task' }).locator('.session-open').click();
    await page.getByTestId('user-message').filter({ hasText: 'an earlier task' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('connecting');
    expect(await card.getByTestId('mcp-status').innerText()).toBe('connecting…');
    expect(await pane.getByTestId('mcp-model-instructions-waiting').innerText()).toBe('Waiting for slow to connect…');
    await looks(page, 'mcp-reopened-connecting');

    writeFileSync(gate, '');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    await expect.poll(() => card.getByTestId('mcp-tool').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => pane.getByTestId('mcp-model-message').count(), { timeout: 30_000 }).toBe(1);
    const seen = await page.evaluate(() => (window as unknown as { mcpSeen: string[] }).mcpSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((t) => /no connected server/i.test(t))).toEqual([]);
    // "connecting…" came before the tools did.
    const firstConnecting = seen.findIndex((t) => t.includes('connecting…'));
    const firstTools = seen.findIndex((t) => t.includes('add_tool'));
    expect(firstConnecting).toBeGreaterThanOrEqual(0);
    expect(firstTools).toBeGreaterThan(firstConnecting);
  }, 300_000);
});
