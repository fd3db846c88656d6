import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The MCP pane as an inspector of each server, in Debian Chromium against a real `glassbox web`
// and the real @modelcontextprotocol/server-everything over stdio: a tool called by hand from
// its schema's form, resources (read, templates, subscriptions), prompts with completion, the
// traffic log (filter, search, the link from a call), sampling approved and denied, and
// `/everything:prompt` and an attached resource from the composer.

const hosts = useChromiumAndWebHosts();
const SERVERS = { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } };

async function openInspector(page: Page): Promise<Locator> {
  await openTab(page, 'mcp');
  const card = page.getByTestId('mcp-pane').locator('[data-testid="mcp-server"][data-server="everything"]');
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
  return card;
}

async function callByHand(card: Locator, tool: string, fill: Record<string, string> = {}): Promise<Locator> {
  await card.getByTestId('mcp-tab-tools').click();
  const row = card.locator(`[data-testid="mcp-tool"][data-tool="${tool}"]`);
  if ((await row.getByTestId('mcp-tool-form').count()) === 0) await row.getByTestId('mcp-tool-call').click();
  const form = row.getByTestId('mcp-tool-form');
  for (const [name, value] of Object.entries(fill)) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByTestId('mcp-tool-run').click();
  return form;
}

describe('MCP inspector', () => {
  it('calls tools by hand from their schema, browses resources and prompts, and shows the traffic with filter, search and the link from a call', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' }, ...SERVERS });
    const page = await openPanesApp(hosts.browser(), w);
    const card = await openInspector(page);
    expect(await card.getByTestId('mcp-protocol-version').innerText()).toMatch(/^MCP \d{4}-\d{2}-\d{2}$/);

    // Tools: a required field is checked before anything is sent; then the call, as the model sees it.
    const sumRow = card.locator('[data-testid="mcp-tool"][data-tool="get-sum"]');
    await sumRow.getByTestId('mcp-tool-call').click();
    const sumForm = sumRow.getByTestId('mcp-tool-form');
    expect(await sumForm.locator('[data-field="a"] .req').count()).toBe(1);
    await sumForm.getByTestId('mcp-tool-run').click();
    expect(await sumForm.getByTestId('mcp-tool-form-errors').innerText()).toContain('a is required.');
    await sumForm.locator('[name="a"]').fill('2');
    await sumForm.locator('[name="b"]').fill('3.5');
    await sumForm.getByTestId('mcp-tool-run').click();
    await expect.poll(() => sumForm.getByTestId('mcp-tool-result-text').count(), { timeout: 30_000 }).toBe(1);
    expect(await sumForm.getByTestId('mcp-tool-result-text').innerText()).toContain('5.5');

    const echo = await callByHand(card, 'echo', { message: 'hello from the form' });
    await expect.poll(() => echo.getByTestId('mcp-tool-result-text').count(), { timeout: 30_000 }).toBe(1);
    expect(await echo.getByTestId('mcp-tool-result-text').innerText()).toBe('Echo: hello from the form');
    // Recorded in the session like the model's calls: a card in the chat.
    const chatCard = page.locator('[data-testid="tool-call-card"]', { hasText: 'mcp_everything_echo' });
    await expect.poll(() => chatCard.getAttribute('data-status'), { timeout: 30_000 }).toBe('ok');
    await paneShot(page, 'mcp-inspector-tools');

    // The result's Traffic link: the Traffic tab with only that call's exchange.
    await echo.getByTestId('show-mcp-traffic').click();
    const traffic = card.getByTestId('mcp-traffic-tab');
    await traffic.waitFor();
    expect(await traffic.getByTestId('mcp-traffic-call').count()).toBe(1);
    await expect.poll(() => traffic.getByTestId('mcp-traffic-row').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const methods = await traffic.getByTestId('mcp-traffic-row-method').allInnerTexts();
    expect(methods).toContain('tools/call');
    await traffic.locator('[data-testid="mcp-traffic-row"][data-kind="request"]').first().click();
    const detail = JSON.parse(await traffic.getByTestId('mcp-traffic-json').innerText()) as { method: string; params: { name: string; arguments: unknown } };
    expect(detail).toMatchObject({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello from the form' } } });
    await traffic.getByRole('button', { name: 'Show every call' }).click();
    // The whole log: the handshake and the lists are there, each with its era.
    await expect.poll(async () => (await traffic.getByTestId('mcp-traffic-row-method').allInnerTexts()).includes('tools/list'), { timeout: 10_000 }).toBe(true);
    const all = await traffic.getByTestId('mcp-traffic-row').count();
    await traffic.getByTestId('mcp-traffic-method').selectOption('tools/call');
    await expect.poll(() => traffic.getByTestId('mcp-traffic-row').count()).toBeLessThan(all);
    // Answers are named after their request.
    expect(new Set(await traffic.getByTestId('mcp-traffic-row-method').allInnerTexts())).toEqual(new Set(['tools/call']));
    await traffic.getByTestId('mcp-traffic-method').selectOption('');
    await traffic.getByTestId('mcp-traffic-search').fill('hello from the form');
    await expect.poll(() => traffic.getByTestId('mcp-traffic-row').count()).toBe(2);
    await traffic.getByTestId('mcp-traffic-search').fill('no such text anywhere');
    await expect.poll(() => traffic.getByTestId('mcp-traffic-row').count()).toBe(0);
    await traffic.getByTestId('mcp-traffic-search').fill('');
    await traffic.getByTestId('mcp-traffic-kind').selectOption('notifications');
    await expect.poll(async () => new Set(await traffic.locator('[data-testid="mcp-traffic-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')))), { timeout: 10_000 }).toEqual(new Set(['notification']));
    await traffic.getByTestId('mcp-traffic-kind').selectOption('all');

    // Log level: logging/setLevel goes out (a 2025 server) and shows up live in the open tab.
    await card.getByTestId('mcp-log-level').selectOption('debug');
    await expect.poll(async () => (await traffic.getByTestId('mcp-traffic-row-method').allInnerTexts()).includes('logging/setLevel'), { timeout: 10_000 }).toBe(true);
    await paneShot(page, 'mcp-inspector-traffic');

    // Resources: listed, a text one read as text, a binary one as its size and type.
    await card.getByTestId('mcp-tab-resources').click();
    const res = card.getByTestId('mcp-resources-tab');
    await expect.poll(() => res.getByTestId('mcp-resource').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const firstText = res.getByTestId('mcp-resource').first();
    const textUri = (await firstText.getAttribute('data-uri'))!;
    await firstText.getByTestId('mcp-resource-read').click();
    await expect.poll(() => res.getByTestId('mcp-resource-text').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await res.getByTestId('mcp-read-uri').innerText()).toBe(textUri);
    // Templates: fill the variable in and read the resource it names.
    await expect.poll(() => res.getByTestId('mcp-template').count()).toBeGreaterThan(0);
    const blobTemplate = res.locator('[data-testid="mcp-template"]', { hasText: 'blob' }).first();
    await blobTemplate.getByTestId('mcp-template-open').click();
    const tform = blobTemplate.getByTestId('mcp-template-form');
    await tform.locator('input').first().fill('7');
    expect(await tform.getByTestId('mcp-template-uri').innerText()).toMatch(/blob\/7$/);
    await tform.getByTestId('mcp-template-read').click();
    await expect.poll(() => res.getByTestId('mcp-resource-binary').count(), { timeout: 30_000 }).toBe(1);
    expect(await res.getByTestId('mcp-resource-binary').innerText()).toMatch(/Binary: \d+ bytes, /);
    await paneShot(page, 'mcp-inspector-resources');

    // Prompts: arguments with completion (department narrows name), then the messages.
    await card.getByTestId('mcp-tab-prompts').click();
    const prompts = card.getByTestId('mcp-prompts-tab');
    const completable = prompts.locator('[data-testid="mcp-prompt"][data-prompt="completable-prompt"]');
    await completable.waitFor({ timeout: 30_000 });
    await completable.getByTestId('mcp-prompt-open').click();
    await completable.getByTestId('mcp-prompt-arg-department').fill('Eng');
    const options = completable.getByTestId('mcp-prompt-arg-department-suggestions').getByTestId('completion-option');
    await expect.poll(() => options.allInnerTexts(), { timeout: 10_000 }).toContain('Engineering');
    await options.filter({ hasText: 'Engineering' }).click();
    expect(await completable.getByTestId('mcp-prompt-arg-department').inputValue()).toBe('Engineering');
    await completable.getByTestId('mcp-prompt-arg-name').fill('');
    await completable.getByTestId('mcp-prompt-arg-name').focus();
    await expect.poll(() => completable.getByTestId('mcp-prompt-arg-name-suggestions').getByTestId('completion-option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const name = (await completable.getByTestId('mcp-prompt-arg-name-suggestions').getByTestId('completion-option').first().innerText()).trim();
    await completable.getByTestId('mcp-prompt-arg-name').fill(name);
    await completable.getByTestId('mcp-prompt-submit').click();
    await expect.poll(() => prompts.getByTestId('mcp-prompt-message-text').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const text = (await prompts.getByTestId('mcp-prompt-message-text').allInnerTexts()).join('\n');
    expect(text).toContain('Engineering');
    expect(text).toContain(name);
    await paneShot(page, 'mcp-inspector-prompts');
  }, 300_000);
});
