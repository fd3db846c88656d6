import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The MCP servers page in Debian Chromium against a real `glassbox web` and the real
// @modelcontextprotocol/server-everything over stdio, with the scripted model recording
// exactly what the model is sent.

const hosts = useChromiumAndWebHosts();
const SLOW = join(import.meta.dirname, '..', 'mcp', 'fixtures', 'slow-server.mjs');

const SECRET = 'sk-page-secret-9d8c7b';
const INSTRUCTIONS_HEADER = "Instructions from MCP server 'everything'";

describe('MCP servers page', () => {
  it('adds server-everything through the page: connects, lists tools, shows instructions; switching them off removes them from the next model request', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' } });
    const page = await openPanesApp(hosts.browser(), w);
    // Every frame the page receives, to prove no secret ever reaches it.
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });

    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');
    await pane.getByTestId('mcp-add').click();
    const form = pane.getByTestId('mcp-server-form');
    await form.getByTestId('mcp-form-id').fill('everything');
    await form.getByTestId('mcp-form-command').fill(process.execPath);
    await form.getByTestId('mcp-form-args').fill(`${EVERYTHING}\nstdio`);
    await form.getByTestId('mcp-form-env-add').click();
    await form.getByLabel('variable name').fill('EVERYTHING_API_TOKEN');
    await form.getByLabel('variable value').fill(SECRET);
    await form.getByTestId('mcp-form-save').click();

    const card = pane.locator('[data-testid="mcp-server"][data-server="everything"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await expect.poll(() => form.count()).toBe(0);
    expect(await card.getByTestId('mcp-transport').innerText()).toBe('stdio');
    const toolCount = Number((await card.getByTestId('mcp-tool-count').innerText()).split(' ')[0]);
    expect(toolCount).toBeGreaterThan(3);
    expect(await card.locator('[data-testid="mcp-tool"][data-tool="echo"]').count()).toBe(1);
    expect(await card.getByTestId('mcp-instructions-text').innerText()).toContain('Everything Server');
    expect(await pane.getByTestId('mcp-model-message').first().innerText()).toContain(INSTRUCTIONS_HEADER);
    await paneShot(page, 'mcp-server-added');

    // Saved to the user config, secret and all (the user typed it), but never shown back.
    const saved = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
    expect(saved.mcpServers.everything?.env?.EVERYTHING_API_TOKEN).toBe(SECRET);
    await card.getByTestId('mcp-edit').click();
    const masked = pane.getByTestId('mcp-server-form').getByLabel('variable value');
    expect(await masked.getAttribute('data-masked')).toBe('true');
    expect(await masked.inputValue()).toBe('');
    await pane.getByTestId('mcp-server-form').getByRole('button', { name: 'Cancel' }).click();

    // The model receives the instructions and the server's tools.
    w.model.push({ text: 'First answer.' });
    await sendTask(page, 'first question');
    await waitRunEnd(page, 1);
    const first = JSON.stringify(w.model.requests.at(-1)!.body);
    expect(first).toContain(INSTRUCTIONS_HEADER);
    expect(first).toContain('mcp_everything_echo');

    // Switch the instructions off, and the echo tool too.
    await card.getByTestId('mcp-include-instructions').click();
    await expect.poll(() => pane.getByTestId('mcp-model-instructions-none').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await card.locator('[data-testid="mcp-tool"][data-tool="echo"]').getByTestId('mcp-tool-enabled').click();
    await expect.poll(async () => Number((await card.getByTestId('mcp-tool-count').innerText()).split(' ')[0]), { timeout: 30_000 }).toBe(toolCount - 1);
    const cfg = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')) as { mcpServers: Record<string, { includeInstructions?: boolean; disabledTools?: string[] }> };
    expect(cfg.mcpServers.everything).toMatchObject({ includeInstructions: false, disabledTools: ['echo'] });

    w.model.push({ text: 'Second answer.' });
    await sendTask(page, 'second question');
    await waitRunEnd(page, 2);
    const second = JSON.stringify(w.model.requests.at(-1)!.body);
    expect(second).toContain('second question');
    expect(second).not.toContain(INSTRUCTIONS_HEADER);
    const toolNames = (body: { tools?: unknown[] }): string[] => (body.tools ?? []).map((t) => (t as { function: { name: string } }).function.name);
    expect(toolNames(w.model.requests[0]!.body)).toContain('mcp_everything_echo');
    const secondTools = toolNames(w.model.requests.at(-1)!.body);
    expect(secondTools).not.toContain('mcp_everything_echo');
    expect(secondTools.filter((n) => n.startsWith('mcp_everything_'))).toHaveLength(toolCount - 1);

    // Not a byte of the secret ever reached the page.
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.some((f) => f.includes(SECRET))).toBe(false);
    expect(await page.content()).not.toContain(SECRET);
  }, 300_000);

  it('imports a VS Code config by paste, restarts, disables and removes a server', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' } });
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'mcp');
    const pane = page.getByTestId('mcp-pane');
    await pane.getByTestId('mcp-import-open').click();
    await pane.getByTestId('mcp-import-text').fill(JSON.stringify({ servers: { imported: { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] } } }));
    await pane.getByTestId('mcp-import-run').click();
    const card = pane.locator('[data-testid="mcp-server"][data-server="imported"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');

    await card.getByTestId('mcp-toggle').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('disabled');
    expect(await card.getByTestId('mcp-toggle').innerText()).toBe('Enable');
    await card.getByTestId('mcp-toggle').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await card.getByTestId('mcp-restart').click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');

    page.once('dialog', (d) => void d.accept());
    await card.getByTestId('mcp-remove').click();
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    const cfg = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')) as { mcpServers?: Record<string, unknown> };
    expect(cfg.mcpServers?.imported).toBeUndefined();
  }, 300_000);

  it('a slow MCP server does not hold up the window; a message sent while it starts waits for its tools', async () => {
    // The server starts only once this test has seen the window keep working meanwhile (a
    // fixed delay either wastes time or runs out on a loaded machine before the checks).
    const gate = join(mkdtempSync(join(tmpdir(), 'glassbox-slow-gate-')), 'go');
    const slow = { command: process.execPath, args: [SLOW], env: { SLOW_START_MS: '1000', SLOW_START_UNTIL: gate } };
    const w = await hosts.web([{ text: 'Answered with every tool.' }], { approvals: { mode: 'auto' }, mcpServers: { slow } });
    const page = await openPanesApp(hosts.browser(), w);
    await openTab(page, 'mcp');
    const card = page.getByTestId('mcp-pane').locator('[data-testid="mcp-server"][data-server="slow"]');
    expect(await card.getAttribute('data-status')).toBe('connecting');

    await sendTask(page, 'use the slow tools');
    // The message shows at once; the run waits for the server.
    await page.getByTestId('user-message').filter({ hasText: 'use the slow tools' }).waitFor({ timeout: 10_000 });
    expect(await card.getAttribute('data-status')).toBe('connecting');
    expect(w.model.requests).toHaveLength(0);
    await paneShot(page, 'mcp-server-starting');
    expect(await card.getAttribute('data-status')).toBe('connecting');
    expect(w.model.requests).toHaveLength(0);
    writeFileSync(gate, '');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    await waitRunEnd(page, 1);
    expect(w.model.requests).toHaveLength(1);
    const tools = (w.model.requests[0]!.body as { tools?: Array<{ function: { name: string } }> }).tools ?? [];
    expect(tools.map((t) => t.function.name)).toContain('mcp_slow_sleep');
  }, 300_000);
});
