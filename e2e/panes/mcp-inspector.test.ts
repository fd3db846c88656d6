import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERYTHING, startTwoEra } from '../mcp/mcp-test-helpers';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The MCP pane as an inspector of each server, in Debian Chromium against a real `glassbox web`
// and the real @modelcontextprotocol/server-everything over stdio: a tool called by hand from
// its schema's form, resources (read, templates, subscriptions), prompts with completion, the
// traffic log (filter, search, the link from a call), sampling approved and denied, and
// `/everything:prompt` and an attached resource from the composer.

const hosts = useChromiumAndWebHosts();
const SECRET = 'sk-inspector-secret-5a4b3c';
const SERVERS = { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { EVERYTHING_TOKEN: SECRET } } } };

/** The screen at 1400×900 and 1000×700, light and dark (test-results/panes/<name>-<size>-<scheme>.png). */
async function looks(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1400, 900],
    [1000, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await paneShot(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

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
    // Every frame the page receives, to prove the server's secret never reaches it.
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.reload();
    await page.getByTestId('composer-input').waitFor({ timeout: 90_000 });
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
    await looks(page, 'mcp-inspector-tools');

    // The result's Traffic link: the Traffic tab with only that call's exchange.
    await echo.getByTestId('show-mcp-traffic').click();
    const traffic = card.getByTestId('mcp-traffic-tab');
    await traffic.waitFor();
    await expect.poll(() => traffic.getByTestId('mcp-traffic-call').count(), { timeout: 10_000 }).toBe(1);
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
    // Saved to the server's config, and shown from there.
    const saved = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8')) as { mcpServers: Record<string, { logLevel?: string }> };
    expect(saved.mcpServers.everything?.logLevel).toBe('debug');
    expect(await card.getByTestId('mcp-log-level').inputValue()).toBe('debug');
    await looks(page, 'mcp-inspector-traffic');
    // The docs' picture of the pane (docs/window.md) is this one: the inspector on its Traffic tab.
    await traffic.locator('[data-testid="mcp-traffic-row"][data-kind="request"]').last().click();
    await paneShot(page, 'mcp-servers', true);

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
    await looks(page, 'mcp-inspector-resources');

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
    await completable.getByTestId('mcp-prompt-preview').click();
    await expect.poll(() => prompts.getByTestId('mcp-prompt-message-text').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const text = (await prompts.getByTestId('mcp-prompt-message-text').allInnerTexts()).join('\n');
    expect(text).toContain('Engineering');
    expect(text).toContain(name);
    await looks(page, 'mcp-inspector-prompts');

    // A tool that prints the server's environment: its secret is masked in the result, the traffic and the chat.
    const env = await callByHand(card, 'get-env');
    await expect.poll(() => env.getByTestId('mcp-tool-result-text').count(), { timeout: 30_000 }).toBe(1);
    const printed = await env.getByTestId('mcp-tool-result-text').innerText();
    expect(printed).toContain('EVERYTHING_TOKEN');
    expect(printed).not.toContain(SECRET);
    await card.getByTestId('mcp-tab-traffic').click();
    await card.getByTestId('mcp-traffic-search').fill('EVERYTHING_TOKEN');
    await expect.poll(() => card.getByTestId('mcp-traffic-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await card.getByTestId('mcp-traffic-row').last().click();
    expect(await card.getByTestId('mcp-traffic-json').innerText()).not.toContain(SECRET);
    expect(frames.length).toBeGreaterThan(5);
    expect(frames.filter((f) => f.includes(SECRET)).map((f) => f.slice(0, 200))).toEqual([]);
    expect(await page.content()).not.toContain(SECRET);
  }, 300_000);

  it('answers sampling requests (approve, then send the answer back; a denial), shows resource updates, and attaches /everything:prompt and a resource from the composer', async () => {
    const w = await hosts.web([{ text: 'A sampled answer from the session model.' }, { text: 'Answered with the prompt.' }], { approvals: { mode: 'auto' }, ...SERVERS });
    const page = await openPanesApp(hosts.browser(), w);
    const card = await openInspector(page);

    // Sampling from the server's own tool, called by hand: the request is shown first…
    const sampling = await callByHand(card, 'trigger-sampling-request', { prompt: 'Write one line about glass boxes', maxTokens: '64' });
    const ask = page.getByTestId('sampling-dialog');
    await ask.waitFor({ timeout: 60_000 });
    expect(await ask.getByTestId('sampling-server').innerText()).toBe('everything');
    expect(await ask.getByTestId('sampling-messages').innerText()).toContain('Write one line about glass boxes');
    expect(await ask.getByTestId('sampling-max-tokens').innerText()).toContain('64');
    expect(w.model.requests).toHaveLength(0);
    await looks(page, 'mcp-sampling-request');
    await ask.getByTestId('sampling-approve').click();
    // …then the model's answer and its cost, before it goes back.
    const answer = page.getByTestId('sampling-result-dialog');
    await answer.waitFor({ timeout: 60_000 });
    expect(w.model.requests).toHaveLength(1);
    expect(JSON.stringify(w.model.requests[0]!.body)).toContain('Write one line about glass boxes');
    expect(await answer.getByTestId('sampling-answer').innerText()).toContain('A sampled answer from the session model.');
    expect(await answer.getByTestId('sampling-cost').innerText()).toMatch(/tokens/);
    await looks(page, 'mcp-sampling-answer');
    await answer.getByTestId('sampling-send').click();
    await expect.poll(() => sampling.getByTestId('mcp-tool-result-text').count(), { timeout: 60_000 }).toBe(1);
    expect(await sampling.getByTestId('mcp-tool-result-text').innerText()).toContain('A sampled answer from the session model.');

    // A denial: nothing reaches the model, the server hears "rejected".
    await sampling.getByTestId('mcp-tool-run').click();
    await ask.waitFor({ timeout: 60_000 });
    await ask.getByTestId('sampling-deny').click();
    await expect.poll(async () => (await sampling.getByTestId('mcp-tool-result-text').innerText()).toLowerCase(), { timeout: 60_000 }).toContain('reject');
    expect(w.model.requests).toHaveLength(1);

    // Resources: subscribe, let the server send updates, see them counted.
    await card.getByTestId('mcp-tab-resources').click();
    const res = card.getByTestId('mcp-resources-tab');
    const first = res.getByTestId('mcp-resource').first();
    await first.waitFor({ timeout: 30_000 });
    const uri = (await first.getAttribute('data-uri'))!;
    await first.getByTestId('mcp-resource-subscribe').click();
    await expect.poll(() => first.getByTestId('mcp-resource-subscribe').innerText(), { timeout: 30_000 }).toBe('Unsubscribe');
    await callByHand(card, 'toggle-subscriber-updates');
    await card.getByTestId('mcp-tab-resources').click();
    await expect.poll(() => res.locator(`[data-uri="${uri}"]`).getByTestId('mcp-resource-updates').count(), { timeout: 30_000 }).toBe(1);
    // The resource goes to the next message as a chip.
    await res.locator(`[data-uri="${uri}"]`).getByTestId('mcp-resource-attach').click();

    // The composer: /everything: lists the server's prompts; one with arguments asks for them.
    const input = page.getByTestId('composer-input');
    await input.fill('/everything:args');
    const popup = page.getByTestId('prompt-popup');
    await expect.poll(() => popup.getByTestId('prompt-option').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await popup.getByTestId('prompt-option').first().getAttribute('data-prompt')).toBe('everything:args-prompt');
    await looks(page, 'mcp-composer-prompts');
    await input.press('Enter');
    const city = popup.getByTestId('mcp-prompt-arg-city');
    await city.waitFor();
    await city.fill('Lisbon');
    await popup.getByTestId('mcp-prompt-submit').click();
    const chips = page.getByTestId('composer-attachment');
    await expect.poll(() => chips.getByTestId('composer-attachment-label').allInnerTexts()).toEqual([`everything: ${uri}`, '/everything:args-prompt city=Lisbon']);
    expect(await input.inputValue()).toBe('');
    await input.fill('and then tell me more');
    await looks(page, 'mcp-composer-attachments');
    await sendTask(page, 'and then tell me more');
    await waitRunEnd(page, 1);
    const sent = JSON.stringify(w.model.requests.at(-1)!.body);
    expect(sent).toContain('Lisbon');
    expect(sent).toContain(`everything:resource ${uri}`);
    expect(sent).toContain('and then tell me more');
    await expect.poll(() => chips.count()).toBe(0);

    // A call card in the chat links to its exchange in the Traffic tab.
    await openTab(page, 'inspector');
    const chatCard = page.locator('[data-testid="tool-call-card"]', { hasText: 'trigger-sampling-request' }).first();
    await chatCard.getByTestId('show-mcp-traffic').click();
    const traffic = card.getByTestId('mcp-traffic-tab');
    await traffic.waitFor();
    await expect.poll(async () => (await traffic.getByTestId('mcp-traffic-row-method').allInnerTexts()).includes('sampling/createMessage'), { timeout: 10_000 }).toBe(true);
  }, 300_000);

  it('puts elicitation forms (defaults, enums, multi-select) and URL consent in the dialog, and shows an HTTP server of the 2026 era with its status and Mcp-* headers', async () => {
    const two = await startTwoEra();
    try {
      const w = await hosts.web([], { approvals: { mode: 'auto' }, mcpServers: { ...SERVERS.mcpServers, two: { url: two.url } } });
      const page = await openPanesApp(hosts.browser(), w);
      const card = await openInspector(page);

      // A form with defaults filled in, a titled enum and two multi-selects.
      const elicit = await callByHand(card, 'trigger-elicitation-request');
      const dialog = page.getByTestId('elicitation-dialog');
      await dialog.waitFor({ timeout: 60_000 });
      const multi = dialog.getByRole('group', { name: 'Untitled Multiple Select Enum' });
      expect(await multi.locator('input[value="Guitar"]').isChecked()).toBe(true);
      expect(await multi.locator('input[value="Piano"]').isChecked()).toBe(false);
      await multi.locator('input[value="Piano"]').check();
      const titled = dialog.getByRole('group', { name: 'Titled Multiple Select Enum' });
      expect(await titled.getByText('Salmon').count()).toBe(1);
      await titled.locator('input[value="fish-2"]').check();
      expect(await dialog.locator('input[name="integer"]').inputValue()).toBe('42');
      await dialog.locator('input[name="name"]').fill('Grace');
      await looks(page, 'mcp-elicitation-form');
      await dialog.getByTestId('elicitation-accept').click();
      await expect.poll(() => elicit.getByTestId('mcp-tool-result-text').count(), { timeout: 60_000 }).toBe(1);
      const answered = await elicit.getByTestId('mcp-tool-result-text').innerText();
      for (const want of ['Grace', 'Guitar', 'Piano', 'fish-1', 'fish-2', '42']) expect(answered).toContain(want);

      // URL mode: the address in full and its site; declining opens nothing.
      const url = await callByHand(card, 'trigger-url-elicitation', { url: 'https://example.com/authorize?step=1', message: 'Open the example page' });
      const consent = page.getByTestId('url-elicitation-dialog');
      await consent.waitFor({ timeout: 60_000 });
      expect(await consent.getByTestId('url-elicitation-url').innerText()).toBe('https://example.com/authorize?step=1');
      expect(await consent.getByTestId('url-elicitation-host').innerText()).toBe('example.com');
      await looks(page, 'mcp-url-elicitation');
      await consent.getByTestId('url-elicitation-decline').click();
      await expect.poll(async () => (await url.getByTestId('mcp-tool-result-text').count()) > 0, { timeout: 60_000 }).toBe(true);
      expect((await url.getByTestId('mcp-tool-result-text').innerText()).toLowerCase()).toContain('decline');

      // The HTTP server: its era on the card, and in its traffic each HTTP exchange with its status and Mcp-* headers.
      const httpCard = page.getByTestId('mcp-pane').locator('[data-testid="mcp-server"][data-server="two"]');
      await expect.poll(() => httpCard.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
      expect(await httpCard.getByTestId('mcp-protocol-version').innerText()).toBe('MCP 2026-07-28');
      await callByHand(httpCard, 'echo', { text: 'over http' });
      await expect.poll(() => httpCard.getByTestId('mcp-tool-result-text').count(), { timeout: 30_000 }).toBe(1);
      await httpCard.getByTestId('mcp-tab-traffic').click();
      await httpCard.getByTestId('mcp-traffic-kind').selectOption('http');
      const rows = httpCard.locator('[data-testid="mcp-traffic-row"][data-kind="http"]');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await httpCard.getByTestId('mcp-traffic-kind').selectOption('all');
      await httpCard.getByTestId('mcp-traffic-search').fill('tools/call');
      await expect.poll(() => httpCard.locator('[data-testid="mcp-traffic-row"][data-kind="http"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await httpCard.locator('[data-testid="mcp-traffic-row"][data-kind="http"]').first().click();
      const detail = httpCard.getByTestId('mcp-traffic-detail');
      expect(await detail.getByTestId('mcp-traffic-status').innerText()).toBe('200');
      expect((await detail.innerText()).toLowerCase()).toContain('mcp-method');
      expect(await detail.innerText()).toContain('2026-07-28');
      await looks(page, 'mcp-inspector-http-traffic');
    } finally {
      two.child.kill('SIGTERM');
    }
  }, 300_000);
});
