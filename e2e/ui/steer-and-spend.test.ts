import { describe, expect, it } from 'vitest';
import { openApp, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';

// Issue 26, items 11 and 12 in the window: a session spend limit pauses the run before the
// request that would pass it and asks; a message typed during a run is queued (shown, editable,
// removable) and reaches the next model request.

const hosts = useChromiumAndWebHosts();
// USD per 1M tokens: 1 in, 4 out; each scripted turn reports 1,000 in and 750 out: $0.004.
const PRICES = { prices: { scripted: { input: 1, output: 4 } } };
const plan = (i: number) => ({ text: `step ${i}`, toolCalls: [{ name: 'planning', arguments: { command: 'list' } }], usage: { inputTokens: 1000, outputTokens: 750 } });
type Body = { messages?: Array<{ role: string; content: unknown }> };
const userTexts = (body: unknown): string[] =>
  ((body as Body).messages ?? []).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

describe('spend limits and steering in the window', { timeout: 240_000 }, () => {
  it('a $0.01 session limit pauses before the request that would pass it and asks; a new limit goes on', async () => {
    const w = await hosts.web([plan(1), plan(2), plan(3), { text: 'All planned.', usage: { inputTokens: 1000, outputTokens: 750 } }], {
      ...PRICES,
      limits: { sessionUsd: 0.01 },
    });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'plan the work');
    // $0.008 spent after two turns; the third (≈ $0.004) would pass $0.01: the window asks.
    const dialog = page.getByTestId('question-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('question-text').innerText()).toMatch(/^Budget reached: the next model request \(≈ \$0\.00\d+\) would pass this session's spend limit of \$0\.0100 \(spent \$0\.0080\)/);
    expect(w.model.requests).toHaveLength(2);
    // The meter and the warning banner (80% reached).
    await expect.poll(() => page.getByTestId('spend-meter-text').innerText(), { timeout: 30_000 }).toBe('$0.0080 of $0.0100');
    expect(await page.getByTestId('spend-warning').innerText()).toContain("80% of this session's spend limit of $0.0100");
    await shotsAllSizes(page, 'spend-limit-asks');
    await page.getByTestId('question-answer').fill('0.05');
    await page.getByTestId('question-submit').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(w.model.requests).toHaveLength(4);
    await expect.poll(() => page.getByTestId('spend-meter-text').innerText(), { timeout: 30_000 }).toBe('$0.0160 of $0.0500');
    await expect.poll(() => page.getByTestId('spend-warning').count()).toBe(0);
  });

  it('answering "stop" ends the run with the budget reason and sends nothing more', async () => {
    const w = await hosts.web([plan(1), plan(2), plan(3)], { ...PRICES, limits: { sessionUsd: 0.005 } });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'plan the work');
    await page.getByTestId('question-dialog').waitFor({ timeout: 60_000 });
    await page.getByTestId('question-answer').fill('stop');
    await page.getByTestId('question-submit').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('run-end').innerText()).toContain('Budget reached');
    expect(w.model.requests).toHaveLength(1);
  });

  it('a message typed during a run is queued, editable and removable, and reaches the next model request', async () => {
    let release!: () => void;
    const w = await hosts.web([
      // The first answer is held until the queue has been edited: the run stays at its first turn.
      { hold: new Promise<void>((r) => (release = r)), toolCalls: [{ name: 'planning', arguments: { command: 'list' } }] },
      { text: 'Done, and I used folder b/.' },
    ]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'list the files');
    await page.getByTestId('stop-after-step').waitFor({ timeout: 60_000 });
    // The window says "running" as soon as the host took the task, but on a loaded machine the run
    // reaches its first model request later (checkpoint, MCP start): a message queued before that
    // rightly goes in with the first request. Steering the *next* request starts once it is out.
    await expect.poll(() => w.model.requests.length, { timeout: 60_000 }).toBe(1);
    const box = page.getByTestId('composer-input');
    await box.fill('use folder a/');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('queued-text').allInnerTexts(), { timeout: 30_000 }).toEqual(['use folder a/']);
    await box.fill('ignore this one');
    await page.getByTestId('queue-button').click();
    const queued = page.locator('li.queued-message');
    await expect.poll(() => page.getByTestId('queued-text').count(), { timeout: 30_000 }).toBe(2);
    // The box empties once the host answered that it queued the message (the list can show it a moment earlier).
    await expect.poll(() => box.inputValue(), { timeout: 30_000 }).toBe('');
    // Edit the first, remove the second.
    await queued.nth(0).getByTestId('queued-edit-button').click();
    await page.getByTestId('queued-edit').fill('use folder b/ instead');
    await page.getByTestId('queued-edit').press('Enter');
    await queued.nth(1).getByTestId('queued-remove').click();
    await expect.poll(() => page.getByTestId('queued-text').allInnerTexts(), { timeout: 30_000 }).toEqual(['use folder b/ instead']);
    await shotsAllSizes(page, 'steer-queued');
    expect(w.model.requests).toHaveLength(1);
    release();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(w.model.requests).toHaveLength(2);
    expect(userTexts(w.model.requests[0]!.body)).toEqual(['list the files']);
    expect(userTexts(w.model.requests[1]!.body)).toEqual(['list the files', 'use folder b/ instead']);
    // Gone from the queue once it went in.
    await expect.poll(() => queued.count(), { timeout: 30_000 }).toBe(0);
  });
});
