import { describe, expect, it } from 'vitest';
import { writeBashSession } from '../fixtures/saved-session';
import { shot, useChromiumAndWebHosts } from './ui-harness';

// A long session opens at its last screen first and the rest follows (first screen first).

const hosts = useChromiumAndWebHosts();
const STEPS = 300;

describe('a long session', { timeout: 180_000 }, () => {
  it('paints its last rows from a tail view, then loads every row above them', async () => {
    const w = await hosts.web([], undefined, ['--session', 'long'], { prepare: (home) => writeBashSession(home, 'long', { task: 'a long session', steps: STEPS }) });
    const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
    const sent: Array<{ method?: string; args?: unknown[] }> = [];
    const views: Array<{ chat: unknown[]; tail?: { rows: number; calls: number } }> = [];
    const switched: Array<{ name: string; payload: { chat?: unknown[]; tail?: unknown } }> = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)) as { method?: string; args?: unknown[] }));
      ws.on('framereceived', (f) => {
        const m = JSON.parse(String(f.payload)) as { kind: string; value?: { chat?: unknown[]; tail?: { rows: number; calls: number } } };
        if (m.kind === 'result' && m.value?.chat) views.push(m.value as (typeof views)[number]);
        else if (m.kind === 'event') switched.push(m as unknown as { name: string; payload: { chat?: unknown[]; tail?: unknown } });
      });
    });
    await page.goto(w.url);
    await page.getByTestId('tool-call-card').first().waitFor({ timeout: 30_000 });
    // The whole session arrives: every call listed, the "earlier rows" notice gone.
    await expect.poll(() => page.getByTestId('call-count').innerText(), { timeout: 30_000 }).toBe(`${STEPS} calls`);
    await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 30_000 });
    // Two answers: the first screen (a tail of the rows), then the whole session.
    const asked = sent.filter((m) => m.method === 'sessions.view').map((m) => m.args ?? []);
    expect(asked[0]![0]).toBeGreaterThan(0);
    expect(asked.length).toBe(2);
    expect(views[0]!.tail).toEqual({ rows: 2 * STEPS + 2, calls: STEPS });
    expect(views[0]!.chat.length).toBeLessThan(2 * STEPS);
    expect(views[1]!.tail).toBeUndefined();
    expect(views[1]!.chat.length).toBe(2 * STEPS + 2);
    // It opened at the end, and stayed there while the rows above arrived.
    await expect.poll(() => page.locator(`[data-call-id="call_${STEPS - 1}"]`).isVisible()).toBe(true);
    expect(await page.getByTestId('run-end').isVisible()).toBe(true);
    // Scrolling to the top reaches the first call, which only the whole view has.
    const chat = page.getByTestId('chat');
    // Each poll scrolls to the top again: rows arriving above push it down.
    await expect
      .poll(async () => {
        await chat.evaluate((el) => (el.scrollTop = 0));
        return page.locator('[data-call-id="call_0"]').isVisible();
      }, { timeout: 60_000 })
      .toBe(true);
    expect(await page.getByTestId('user-message').innerText()).toBe('a long session');
    await shot(page, 'long-session-top');

    // Opening it again from the sidebar goes the same way: a tail view pushed with the switch.
    await page.getByTestId('new-session').click();
    await expect.poll(() => page.getByTestId('tool-call-card').count()).toBe(0);
    views.length = 0;
    await page.getByTestId('session-item').filter({ hasText: 'a long session' }).locator('.session-open').click();
    await expect.poll(() => page.getByTestId('call-count').innerText(), { timeout: 30_000 }).toBe(`${STEPS} calls`);
    await expect.poll(() => page.locator(`[data-call-id="call_${STEPS - 1}"]`).isVisible()).toBe(true);
    expect(views.map((v) => v.chat.length)).toEqual([2 * STEPS + 2]); // the whole view, asked for after the pushed tail
    const pushed = switched.filter((m) => m.name === 'sessions.switched').at(-1)!.payload;
    expect(pushed.tail).toEqual({ rows: 2 * STEPS + 2, calls: STEPS });
    expect(pushed.chat!.length).toBeLessThan(2 * STEPS);
    await page.close();
  });
});
