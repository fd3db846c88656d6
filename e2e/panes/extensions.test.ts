import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot } from './panes-harness';

// The extensions page in Debian Chromium against a real `glassbox web` loading real extension folders.

const hosts = useChromiumAndWebHosts();

function writeExtension(home: string, name: string, body: string): void {
  const dir = join(home, 'extensions', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'extension.mjs'), body);
}

const GOOD = (tool: string) => `export default {
  onLoad(api) {
    api.registerTool({ name: '${tool}', description: 'Says hi.', inputSchema: { type: 'object', properties: {} }, execute: () => 'hi' });
    api.addBeforeToolHook(() => undefined);
    api.subscribe('tool_execution_end', () => {});
  },
};
`;

describe('extensions page', () => {
  it('shows each extension’s status, the reason it failed and what it registered, and reloads after a fix', async () => {
    const w = await hosts.web([]);
    // The web host is already running: write the extensions, then reload them from the page.
    writeExtension(w.home, 'greeter', GOOD('greet_hi'));
    writeExtension(w.home, 'broken', `export default { onLoad() { throw new Error('missing API_TOKEN for broken'); } };\n`);
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'extensions');
    const pane = page.getByTestId('extensions-pane');
    await pane.getByTestId('extensions-reload-all').click();

    const greeter = pane.locator('[data-testid="extension"][data-name="greeter"]');
    const broken = pane.locator('[data-testid="extension"][data-name="broken"]');
    await expect.poll(() => greeter.getAttribute('data-status'), { timeout: 30_000 }).toBe('loaded');
    expect(await greeter.getByTestId('extension-registered').innerText()).toBe('Registered: tools: greet_hi · 1 before-hook · subscribed to tool_execution_end');
    expect(await broken.getAttribute('data-status')).toBe('failed');
    expect(await broken.getByTestId('extension-reason').innerText()).toContain('missing API_TOKEN for broken');
    await paneShot(page, 'extensions', true);

    // Fix the broken one and reload just it.
    writeExtension(w.home, 'broken', GOOD('fixed_tool'));
    await broken.getByTestId('extension-reload').click();
    await expect.poll(() => broken.getAttribute('data-status'), { timeout: 30_000 }).toBe('loaded');
    expect(await broken.getByTestId('extension-registered').innerText()).toContain('tools: fixed_tool');
    expect(await broken.getByTestId('extension-reason').count()).toBe(0);
  }, 180_000);
});
