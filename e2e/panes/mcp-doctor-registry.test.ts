import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendTask, useChromiumAndWebHosts, shotsAllSizes } from '../ui/ui-harness';
import { startRegistry, type RegistryFixture } from '../mcp/fixtures/registry-server';
import { openPanesApp, openTab, waitRunEnd } from './panes-harness';

// The MCP pane in Debian Chromium against a real `glassbox web`: the Doctor button's ordered
// report on a broken server, the registry browser (search, entry, install with a required
// secret), "newer version available" on an installed server, and the skills list with its switch.

const hosts = useChromiumAndWebHosts();
const registries: RegistryFixture[] = [];
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
});

describe('MCP pane: doctor, registry, skills', () => {
  it('the doctor report names the failing step; the registry installs; skills can be switched off', async () => {
    const registry = await startRegistry();
    registries.push(registry);
    const w = await hosts.web([{ toolCalls: [{ name: 'load_skill', arguments: { name: 'release-notes' } }] }, { text: 'Loaded.' }], {
      mcp: { registries: [registry.url] },
      mcpServers: {
        dies: { command: process.execPath, args: ['-e', 'console.error("fatal: WEATHER_API_KEY is not set"); process.exit(2)'] },
        // Installed from the registry at an older version: the card says a newer one exists.
        everything: { command: process.execPath, args: [join(import.meta.dirname, '..', '..', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'], registry: { name: 'io.github.modelcontextprotocol/everything', version: '2026.1.26' } },
      },
    }, [], {
      prepare: (home) => {
        mkdirSync(join(home, 'skills', 'release-notes'), { recursive: true });
        writeFileSync(join(home, 'skills', 'release-notes', 'SKILL.md'), '---\nname: release-notes\ndescription: Write release notes from the git log.\n---\nSteps.\n');
      },
    });
    const page = await openPanesApp(hosts.browser(), w);
    // A loaded skill is a card: name, source, description.
    await sendTask(page, 'write the release notes');
    await waitRunEnd(page);
    const skillCard = page.locator('[data-testid="call-skill"][data-skill="release-notes"]');
    expect(await skillCard.innerText()).toContain('Skill release-notes');
    expect(await skillCard.innerText()).toContain('Write release notes from the git log.');
    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');

    // Doctor on the server that dies at start.
    const card = pane.locator('[data-testid="mcp-server"][data-server="dies"]');
    await card.getByTestId('mcp-doctor').click();
    const report = card.getByTestId('mcp-doctor-report');
    await expect.poll(() => report.getAttribute('data-failed-step'), { timeout: 60_000 }).toBe('start');
    const checks = report.getByTestId('mcp-doctor-check');
    expect(await checks.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-status')}`))).toEqual(['config:ok', 'command:ok', 'start:failed']);
    expect(await report.innerText()).toContain('fatal: WEATHER_API_KEY is not set');
    expect(await report.getByTestId('mcp-doctor-fix').innerText()).toContain('What to do');
    await report.scrollIntoViewIfNeeded();
    await shotsAllSizes(page, 'mcp-doctor-report');

    // Newer version available on the installed server.
    const ev = pane.locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => ev.getByTestId('mcp-newer-version').count(), { timeout: 60_000 }).toBe(1);
    expect(await ev.getByTestId('mcp-newer-version').innerText()).toBe('2026.8.31 available');

    // Skills: listed with their source, switched off (saved to the config).
    const skill = pane.locator('[data-testid="skill"][data-skill="release-notes"]');
    await expect.poll(() => skill.count(), { timeout: 30_000 }).toBe(1);
    expect(await skill.getByTestId('skill-source').innerText()).toBe('home');
    await skill.getByTestId('skill-toggle').click();
    await expect.poll(() => skill.getAttribute('data-enabled')).toBe('false');
    expect(JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')).skills).toEqual({ disabled: ['release-notes'] });

    // The registry browser: search, open an entry, install it with its required secret.
    await pane.getByTestId('mcp-browse-registry').click();
    await pane.getByTestId('registry-query').fill('weather');
    await pane.getByTestId('registry-search').click();
    await pane.locator('[data-testid="registry-hit"][data-name="io.github.user/local-weather"]').click();
    const entry = pane.getByTestId('registry-entry');
    expect(await entry.getByTestId('registry-input').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).toEqual(['API_KEY', 'UNITS', 'config_path']);
    await shotsAllSizes(page, 'mcp-registry-entry');
    // Without the required values: the reason is shown and nothing is written.
    await entry.getByTestId('registry-install').click();
    await expect.poll(() => entry.getByTestId('registry-error').count(), { timeout: 30_000 }).toBe(1);
    expect(await entry.getByTestId('registry-error').innerText()).toContain("needs 'API_KEY', 'config_path'");
    expect(JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')).mcpServers['local-weather']).toBeUndefined();
  });
});
