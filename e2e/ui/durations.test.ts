import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp, sendTask, useChromiumAndWebHosts } from './ui-harness';

// Issue 26, item 7: a call's duration is the tool's own run time; the wait for approval is shown
// apart (card, inspector), recorded apart (`waitMs` on tool_execution_end), and search's `dur:`
// compares the run time. Files from before `waitMs` still open, with their wait taken out.

const hosts = useChromiumAndWebHosts();
const HELD_MS = 3000;

describe('durations: run time and approval wait', { timeout: 240_000 }, () => {
  it('a call approved after a wait shows its run time and the wait apart, and dur: filters on the run time', async () => {
    const w = await hosts.web(
      [{ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: 'notes.md', file_text: 'hello\n' } }] }, { text: 'Created.' }],
      { approvals: { mode: 'ask' } },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'write the notes');
    await page.getByTestId('approve-once').waitFor({ timeout: 60_000 });
    // Left waiting for a while before allowing it.
    const shownAt = Date.now();
    await expect.poll(() => Date.now() - shownAt, { timeout: 30_000, interval: 250 }).toBeGreaterThan(HELD_MS);
    await page.getByTestId('approve-once').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);

    // Recorded apart in the session file: the run time and the wait, which add up to the whole.
    const events = readdirSync(join(w.home, 'sessions'))
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(w.home, 'sessions', f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { type: string; ts: number; durationMs?: number; waitMs?: number });
    const start = events.find((e) => e.type === 'tool_execution_start')!;
    const end = events.find((e) => e.type === 'tool_execution_end')!;
    const total = end.ts - start.ts;
    expect(end.waitMs).toBeGreaterThanOrEqual(HELD_MS);
    // Both parts of the whole (the clock is read a few times, so allow a few ms).
    expect(Math.abs(end.durationMs! + end.waitMs! - total)).toBeLessThan(50);
    const card = page.getByTestId('tool-call-card').first();
    const waitText = await card.getByTestId('call-wait').innerText();
    expect(seconds(waitText.replace(/^waited /, ''))).toBeCloseTo(end.waitMs! / 1000, 0);
    expect(seconds(await card.getByTestId('call-duration').innerText())).toBeCloseTo(end.durationMs! / 1000, 0);
    await card.getByTestId('inspect-call').click();
    expect(await page.getByTestId('inspector-wait').innerText()).toBe(`waited ${waitText.replace(/^waited /, '')} for approval`);
    expect(await page.getByTestId('inspector-duration').innerText()).toMatch(/^ran /);

    // Search compares the run time: a bound just under the whole (run + wait) finds nothing.
    const search = page.getByTestId('session-search');
    await search.fill(`tool:str_replace_editor dur:<=${end.durationMs! + 10}ms`);
    await expect.poll(() => page.getByTestId('search-hit').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await search.fill(`tool:str_replace_editor dur:>=${total - 1000}ms`);
    await expect.poll(() => page.getByTestId('search-hits').innerText(), { timeout: 30_000 }).toContain('Nothing matches inside the sessions.');
  });

  it('a session file from before the wait was recorded apart opens with its wait taken out of the run time', async () => {
    const t0 = Date.now() - 600_000;
    const id = 'old-format-session';
    const events = [
      { ts: t0, type: 'agent_start', task: 'old run with an approval' },
      { ts: t0 + 10, type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' },
      { ts: t0 + 20, type: 'approval_requested', requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'ls' }, reasons: ['bash asks'] },
      { ts: t0 + 8320, type: 'approval_resolved', requestId: 'r1', callId: 'c1', decision: 'allow', by: 'human' },
      // The old durationMs counted the 8.3 s wait.
      { ts: t0 + 8460, type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: { output: 'a\nb', error: null, images: [], system: null }, durationMs: 8450 },
      { ts: t0 + 8500, type: 'agent_end', reason: 'finished' },
    ];
    const w = await hosts.web([{ text: 'unused' }], undefined, [], {
      prepare: (home) => {
        mkdirSync(join(home, 'sessions'), { recursive: true, mode: 0o700 });
        writeFileSync(join(home, 'sessions', `${id}.jsonl`), events.map((e, i) => JSON.stringify({ seq: i + 1, session: id, ...e })).join('\n') + '\n', { mode: 0o600 });
      },
    });
    const page = await openApp(hosts.browser(), w);
    await page.getByTestId('session-item').filter({ hasText: 'old run with an approval' }).locator('.session-open').click();
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getByTestId('call-wait').innerText().catch(() => ''), { timeout: 30_000 }).toBe('waited 8.3 s');
    expect(await card.getByTestId('call-duration').innerText()).toBe('150 ms');
  });
});

/** "150 ms", "8.3 s", "1 m 2 s" in seconds. */
function seconds(text: string): number {
  const m = /^(\d+) m (\d+) s$/.exec(text);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  if (text.endsWith(' ms')) return Number(text.slice(0, -3)) / 1000;
  if (text.endsWith(' s')) return Number(text.slice(0, -2));
  throw new Error(`not a duration: ${text}`);
}
