import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { WebFixture } from '../ui/ui-harness';
import { ROOT } from '../helpers/cli';

/** Screenshot artifacts of the workbench panes (gitignored). */
export const PANE_SHOTS = join(ROOT, 'test-results', 'panes');
/** The few screenshots the docs show (committed). */
export const DOC_SHOTS = join(ROOT, 'docs', 'screenshots');

/** Saves a screenshot under test-results/panes; `doc` also copies it to docs/screenshots for the docs. */
export async function paneShot(page: Page, name: string, doc = false): Promise<void> {
  mkdirSync(PANE_SHOTS, { recursive: true });
  const path = join(PANE_SHOTS, `${name}.png`);
  await page.screenshot({ path });
  if (doc && process.env.GLASSBOX_UPDATE_DOC_SHOTS === '1') {
    mkdirSync(DOC_SHOTS, { recursive: true });
    copyFileSync(path, join(DOC_SHOTS, `${name}.png`));
  }
}

/** Opens a right-hand tab (edits, terminal, replay, timeline, mcp, extensions, inspector). */
export async function openTab(page: Page, id: string): Promise<void> {
  await page.getByTestId(`tab-${id}`).click();
}

/** Visible text of a Monaco editor or diff editor, with its non-breaking spaces made plain. */
export async function monacoText(editor: Locator): Promise<string> {
  const text = await editor.locator('.view-lines').allInnerTexts();
  return text.join('\n').replace(/\u00a0/g, ' ');
}

/** Waits until the current run has ended (the chat shows its end). */
export async function waitRunEnd(page: Page, count = 1): Promise<void> {
  await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 120_000, message: `run ${count} did not end` }).toBeGreaterThanOrEqual(count);
}

/**
 * Opens the printed URL and waits for the app (as ui-harness's openApp, with more patience:
 * on this shared machine a fresh session with its shell and MCP servers can take a while).
 * On failure the page is saved as a screenshot to say why.
 */
export async function openPanesApp(browser: Browser, web: WebFixture): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(web.url);
  try {
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
  } catch (err) {
    await paneShot(page, `open-failed-${Date.now()}`);
    throw new Error(`the app did not open: ${(err as Error).message}\npage: ${(await page.locator('body').innerText()).slice(0, 500)}\nstderr: ${web.output().stderr.slice(-1000)}`);
  }
  return page;
}
