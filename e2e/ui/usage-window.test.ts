import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp, openTopBarMore, sendTask, shot, useChromiumAndWebHosts } from './ui-harness';

// Issue 18 in the window: tokens and cost per turn and per session, the context meter, the exact
// wire exchange, search across sessions with every filter, Export to HTML, notifications.

const hosts = useChromiumAndWebHosts();
// USD per 1M tokens for the scripted model: 2 in, 8 out, 0.5 cached.
const PRICES = { prices: { scripted: { input: 2, output: 8, cachedInput: 0.5 } } };
const DIGITS = 'printf "%0.s0123456789" $(seq 1 400)';

/** A saved session written as a file: an MCP call that failed slowly and a costly model turn, on 2026-11-01. */
function seedSession(home: string): void {
  const day = Date.parse('2026-11-01T10:00:00Z');
  let seq = 0;
  const ev = (type: string, extra: Record<string, unknown>) => JSON.stringify({ seq: ++seq, ts: day + seq * 1000, session: 'seeded01', type, ...extra });
  mkdirSync(join(home, 'sessions'), { recursive: true });
  writeFileSync(
    join(home, 'sessions', 'seeded01.jsonl'),
    [
      ev('agent_start', { task: 'seeded session about echoes' }),
      ev('message_end', { messageId: 'u1', role: 'user', content: 'seeded session about echoes' }),
      ev('model_request', { step: 1, request: { model: 'gpt-4o' } }),
      ev('model_response', { step: 1, response: { text: '' }, model: 'gpt-4o', usage: { inputTokens: 20000, outputTokens: 500, costUsd: 0.055, ttftMs: 300, durationMs: 900 } }),
      ev('tool_execution_start', { callId: 'call_echo1', tool: 'mcp_everything_echo', args: { message: 'ping' }, source: 'mcp:everything' }),
      ev('tool_execution_end', { callId: 'call_echo1', tool: 'mcp_everything_echo', result: { output: '', error: 'server exploded mid-echo', images: [] }, durationMs: 900 }),
      ev('agent_end', { reason: 'finished' }),
    ].join('\n') + '\n',
  );
}

describe('usage, context and wire in the window', { timeout: 240_000 }, () => {
  it('shows tokens and cost per turn and for the session, the context meter that adds up, and the exact wire request', async () => {
    const w = await hosts.web(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: DIGITS } }], usage: { inputTokens: 1_000_000, outputTokens: 1000, cachedInputTokens: 500_000 } },
        { text: 'Done, printed the digits.', usage: null },
      ],
      PRICES,
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'print the digits');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);

    // Each model turn has its line in the chat: the first as reported, the second estimated.
    const lines = page.getByTestId('turn-usage');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).innerText()).toMatch(/^1,000,000 tokens in · 1,000 out · 500,000 cached · \$1\.26 · first token [\d.]+ m?s · [\d.]+ m?s$/);
    expect(await lines.nth(1).innerText()).toMatch(/^~[\d,]+ tokens in · ~[\d,]+ out · \$0\.\d{4} · first token/);
    // The top bar names the model and the session's totals (estimated turns make them "~").
    expect(await page.getByTestId('session-model').innerText()).toBe('scripted');
    // 500,000 of ≈1,003,000 input tokens were read from the cache: the header says the share
    // (in the line, or under ⋯ where the bar has no room for it).
    await openTopBarMore(page);
    expect(await page.getByTestId('session-usage-totals').innerText()).toMatch(/^~1,00\d,\d{3} tokens in \(50% cached\) · ~1,\d{3} out · \$1\.2\d{3}$/);

    if (await page.getByTestId('topbar-more-menu').count()) await page.keyboard.press('Escape');
    // Inspector → Model turns: every field of a turn.
    await page.getByTestId('tab-model-turns').click();
    const turns = page.getByTestId('model-turn');
    await expect.poll(() => turns.count()).toBe(2);
    await turns.nth(0).locator('.turn-head').click();
    const table = page.getByTestId('turn-usage-table');
    expect(await table.locator('[data-field="Cached input"]').innerText()).toBe('500,000 tokens (50% of input)');
    expect(await table.locator('[data-field="Cost"]').innerText()).toBe('$1.26');
    expect(await table.locator('[data-field="Model"]').innerText()).toBe('scripted');
    await turns.nth(1).locator('.turn-head').click();
    expect(await page.getByTestId('turn-usage-table').locator('[data-field="Input tokens"]').innerText()).toMatch(/estimated/);
    expect(await page.getByTestId('turn-response').innerText()).toContain('Done, printed the digits.');
    expect(await page.getByTestId('turn-detail').innerText()).not.toContain('undefined');

    // The context meter of the second request: its parts add up to its total, the tool result is the largest item.
    const meter = page.getByTestId('turn-detail').getByTestId('context-meter');
    const parts = await meter.getByTestId('context-part').evaluateAll((els) => els.map((e) => [e.getAttribute('data-kind'), Number(e.getAttribute('data-tokens'))] as const));
    const total = Number((await meter.getByTestId('context-total').innerText()).match(/~([\d,]+)/)![1]!.replace(/,/g, ''));
    expect(parts.map(([k]) => k)).toEqual(expect.arrayContaining(['system', 'tools', 'conversation', 'tool-results']));
    expect(parts.reduce((n, [, t]) => n + t, 0)).toBe(total);
    const request = w.model.requests[1]!.body as { messages: unknown[] };

    // The exact wire body, its messages put back from the earlier turn: what the server received.
    await page.getByTestId('wire-request-block').locator('summary').click({ position: { x: 8, y: 8 } });
    await expect.poll(() => page.getByTestId('wire-request-block').getAttribute('open')).not.toBeNull();
    const wire = JSON.parse((await page.getByTestId('wire-request').textContent()) ?? '') as { messages: unknown[]; model: string };
    expect(wire.model).toBe('scripted');
    expect(wire.messages).toEqual(request.messages);
    await shot(page, 'usage-model-turn');

    // A largest item links to its call: the card and the inspector.
    await meter.getByTestId('context-item-link').first().click();
    await expect.poll(() => page.getByTestId('inspector-tool').innerText()).toBe('bash');
    await shot(page, 'usage-context-link');
  });

  it('searches every session by content and by each filter; a hit opens the session at its call', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo check 3 ok' } }] }, { text: 'All checks passed.' }], undefined, [], { prepare: seedSession });
    const page = await openApp(hosts.browser(), w);
    page.on('pageerror', (e) => console.error('[stack]', e.stack));
    await sendTask(page, 'run the check');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const box = page.getByTestId('session-search');
    const hits = page.getByTestId('search-hit');
    const search = async (q: string): Promise<string[]> => {
      await box.fill(q);
      // The hits shown answer this query (not the one typed before).
      await expect.poll(() => page.getByTestId('search-hits').getAttribute('data-query'), { timeout: 10_000 }).toBe(q);
      return hits.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-session')}:${e.getAttribute('data-call-id')}`));
    };
    // Content: a word of a tool result (the title search alone finds nothing).
    const ok = await search('"check 3 ok"');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.every((h) => !h.startsWith('seeded01'))).toBe(true);
    // dur: the seeded call took 900 ms; today's bash call may take long too (a sandbox starting), so only "included" is sure.
    expect(await search('dur:>500ms')).toContain('seeded01:call_echo1');
    expect(await search('dur:<500ms')).not.toContain('seeded01:call_echo1');
    for (const q of ['exploded tool:mcp_*', 'server:everything', 'status:error', 'cost:>0.01', 'before:2026-11-15']) {
      const found = await search(q);
      expect(found.length, q).toBeGreaterThanOrEqual(1);
      expect(found.every((h) => h.startsWith('seeded01')), `${q}: ${found.join(' ')}`).toBe(true);
    }
    expect((await search('check after:2026-11-15')).every((h) => !h.startsWith('seeded01'))).toBe(true);
    await box.fill('status:maybe');
    await expect.poll(() => page.getByTestId('search-error').innerText()).toMatch(/ok, error or blocked/);

    // Ctrl+K reaches the box; a hit opens its session and selects its call.
    await page.getByTestId('composer-input').click();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('session-search');
    await search('exploded');
    await shot(page, 'search-hits');
    await hits.first().click();
    await expect.poll(() => page.getByTestId('session-title').innerText(), { timeout: 30_000 }).toContain('seeded session');
    await expect.poll(() => page.getByTestId('inspector-tool').innerText(), { timeout: 30_000 }).toBe('mcp_everything_echo');
    // Its card is selected and on screen.
    await expect.poll(() => page.locator('.call-card.selected[data-call-id="call_echo1"]').isVisible()).toBe(true);

    // Usage across sessions: the seeded turn's cost counts under its model.
    expect(await page.getByTestId('usage-summary').innerText()).toMatch(/gpt-4o[\s\S]*\$0\.0550/);
  });

  it('exports the session as HTML that Chromium opens from file:// with the network blocked, with and without tool outputs', async () => {
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo secret-free-output-42' } }] }, { text: 'Exported answer.' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'make something to export');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    const save = async (lean: boolean): Promise<string> => {
      await page.getByTestId('export-open').click();
      if (lean) await page.getByTestId('export-without-outputs').check();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-html').click()]);
      expect(download.suggestedFilename()).toMatch(/^glassbox-make-something-to-export-[0-9a-f]{8}\.html$/);
      const path = join(w.home, `export-${lean ? 'lean' : 'full'}.html`);
      await download.saveAs(path);
      return path;
    };
    const full = await save(false);
    const lean = await save(true);
    expect(readFileSync(full, 'utf8')).toContain('secret-free-output-42');
    expect(readFileSync(lean, 'utf8')).not.toContain('secret-free-output-42\n');

    const ctx = await hosts.browser().newContext({ offline: true, colorScheme: 'dark', viewport: { width: 1000, height: 700 } });
    const asked: string[] = [];
    await ctx.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file://')) return route.continue();
      asked.push(url);
      return route.abort();
    });
    const viewer = await ctx.newPage();
    await viewer.goto(`file://${full}`);
    const text = await viewer.locator('body').innerText();
    expect(text).toContain('make something to export');
    expect(text).toContain('Exported answer.');
    expect(await viewer.locator('[data-call]').count()).toBeGreaterThanOrEqual(1);
    await viewer.screenshot({ path: join(w.home, 'x.png') });
    await shot(viewer, 'export-html-dark');
    expect(asked).toEqual([]);
    await ctx.close();
  });

  it('notifies and badges the title when a run finishes while the tab is in the background', async () => {
    const w = await hosts.web([{ text: 'finished in the background' }]);
    const ctx = await hosts.browser().newContext({ viewport: { width: 1400, height: 900 } });
    await ctx.grantPermissions(['notifications'], { origin: w.origin });
    await ctx.addInitScript(() => {
      const win = window as unknown as { __focused: boolean; __notes: Array<{ title: string; body: string }> };
      win.__focused = true;
      win.__notes = [];
      Object.defineProperty(document, 'hasFocus', { value: () => win.__focused });
      Object.defineProperty(document, 'visibilityState', { get: () => (win.__focused ? 'visible' : 'hidden') });
      const Real = window.Notification;
      class Observed extends Real {
        constructor(title: string, opts?: NotificationOptions) {
          super(title, opts);
          win.__notes.push({ title, body: opts?.body ?? '' });
        }
      }
      window.Notification = Observed as typeof Notification;
    });
    const page = await ctx.newPage();
    await page.goto(w.url);
    await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await sendTask(page, 'work while I am away');
    await page.evaluate(() => ((window as unknown as { __focused: boolean }).__focused = false));
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes), { timeout: 10_000 }).toEqual([
      { title: 'Run finished', body: 'work while I am away' },
    ]);
    expect(await page.title()).toBe('(1) work while I am away — Glassbox');
    // Back in front: the badge goes.
    await page.evaluate(() => {
      (window as unknown as { __focused: boolean }).__focused = true;
      window.dispatchEvent(new Event('focus'));
    });
    await expect.poll(() => page.title()).toBe('work while I am away — Glassbox');
    await ctx.close();
  });
});
