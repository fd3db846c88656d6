import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openTab } from '../panes/panes-harness';
import { launchChromium, openApp, startWeb, type WebFixture } from '../ui/ui-harness';

/**
 * While `glassbox web` runs, editing an extension's files reloads it: the extensions page in
 * real Chromium shows the new version, then the failure when the module breaks, then the fix.
 */
let web: WebFixture | undefined;
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  await web?.close();
  web = undefined;
});

function writeLive(home: string, version: string, body: string): void {
  const dir = join(home, 'extensions', 'live');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'live.mjs'), body);
  writeFileSync(join(dir, 'plugin.yaml'), `name: live\nversion: ${version}\n`);
}

const tool = (name: string) =>
  `export default { onLoad(api) { api.registerTool({ name: '${name}', description: 'd', execute: () => '${name}' }); } };\n`;

describe('extensions reload on file change in the web host', { timeout: 240_000 }, () => {
  it('shows the new version, a failure, and the fix without a restart', async () => {
    web = await startWeb([]);
    writeLive(web.home, '1.0.0', tool('live_one'));
    browser = await launchChromium();
    const page = await openApp(browser, web);
    await openTab(page, 'extensions');
    const card = page.locator('[data-testid="extension"][data-name="live"]');
    // The first version may be picked up at session start or by the folder watcher.
    await card.filter({ hasText: '1.0.0' }).waitFor({ timeout: 60_000 });
    await expect(card.getByTestId('extension-registered').innerText()).resolves.toContain('live_one');

    writeLive(web.home, '2.0.0', tool('live_two'));
    await card.filter({ hasText: '2.0.0' }).waitFor({ timeout: 60_000 });
    await expect(card.getByTestId('extension-registered').innerText()).resolves.toContain('live_two');

    writeLive(web.home, '2.0.1', 'export default {{ broken');
    await page.locator('[data-testid="extension"][data-name="live"][data-status="failed"]').waitFor({ timeout: 60_000 });
    await expect(card.getByTestId('extension-reason').innerText()).resolves.toMatch(/^cannot load live\.mjs: /);

    writeLive(web.home, '2.0.2', tool('live_fixed'));
    await page.locator('[data-testid="extension"][data-name="live"][data-status="loaded"]').filter({ hasText: '2.0.2' }).waitFor({ timeout: 60_000 });
    await expect(card.getByTestId('extension-registered').innerText()).resolves.toContain('live_fixed');
  });
});
