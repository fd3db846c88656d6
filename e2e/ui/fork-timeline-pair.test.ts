import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp } from '../panes/panes-harness';

// Issue 27 (compare, last sentence) in Chromium against `glassbox web`: from the compare view of a
// parent and its fork, *Open in Timeline* shows both sessions as lanes on one time axis in the
// Timeline pane — the fork's own run (made a day later) right after its copied history, so both
// line up to the fork point — with the scrubber on the first divergence; the entries follow either
// session, a click on a bar opens that session's call, and *One session* goes back.

const hosts = useChromiumAndWebHosts();

const PARENT = '0f0f0f0f-0000-4000-8000-00000000000a';
const FORK = '0f0f0f0f-0000-4000-8000-00000000000b';
const DAY = 86_400_000;

/** One model step with one bash call, from `ts` on (a call of 400 ms). */
function step(session: string, seq: number, ts: number, n: number, callId: string, output: string): Record<string, unknown>[] {
  const e = (k: number, dt: number, x: Record<string, unknown>) => ({ seq: seq + k, ts: ts + dt, session, ...x });
  return [
    e(0, 0, { type: 'turn_start', step: n }),
    e(1, 0, { type: 'model_request', step: n, request: { provider: 'openai', model: 'scripted', newMessages: [] } }),
    e(2, 200, { type: 'message_end', messageId: `m${callId}`, role: 'assistant', content: `Step ${n}.`, toolCalls: [{ id: callId, name: 'bash', arguments: `{"command":"echo ${output}"}` }] }),
    e(3, 200, { type: 'model_response', step: n, response: { stopReason: 'tool_calls' }, model: 'scripted', usage: { inputTokens: 10, outputTokens: 5, costUsd: null, ttftMs: 50, durationMs: 200 } }),
    e(4, 200, { type: 'tool_execution_start', callId, tool: 'bash', args: { command: `echo ${output}` }, source: 'builtin' }),
    e(5, 600, { type: 'tool_execution_end', callId, tool: 'bash', result: { output, error: null, images: [], system: null }, durationMs: 400 }),
    e(6, 600, { type: 'message_end', messageId: `r${callId}`, role: 'tool', content: output, toolCallId: callId }),
    e(7, 600, { type: 'turn_end', step: n }),
  ];
}

/** A parent of four steps, and its fork at step 3 (made a day later) with three steps of its own. */
function writeSessions(home: string): { forkFirstOwnSeq: number } {
  const t = Date.now() - 2 * DAY;
  const parent = [
    { seq: 1, ts: t, session: PARENT, type: 'agent_start', task: 'list the files' },
    ...step(PARENT, 2, t + 10, 1, 'call_p1', 'one'),
    ...step(PARENT, 10, t + 700, 2, 'call_p2', 'two'),
    ...step(PARENT, 18, t + 1400, 3, 'call_p3', 'three'),
    ...step(PARENT, 26, t + 2100, 4, 'call_p4', 'four'),
    { seq: 34, ts: t + 2800, session: PARENT, type: 'message_end', messageId: 'mp', role: 'assistant', content: 'Parent done.', toolCalls: [] },
    { seq: 35, ts: t + 2800, session: PARENT, type: 'agent_end', reason: 'finished' },
  ];
  const f = t + DAY;
  const fork = [
    ...parent.filter((e) => Number(e.seq) < 18),
    { seq: 18, ts: f, session: FORK, type: 'agent_start', task: 'list the files', parent: PARENT, forkedAt: 18, changed: { what: 'model', model: 'other' }, forkKind: 'model', forkWorkspace: 'copy', continues: true },
    ...step(FORK, 19, f + 10, 3, 'call_f3', 'THREE-FORK'),
    ...step(FORK, 27, f + 700, 4, 'call_f4', 'FOUR-FORK'),
    ...step(FORK, 35, f + 1400, 5, 'call_f5', 'FIVE-FORK'),
    { seq: 43, ts: f + 2100, session: FORK, type: 'message_end', messageId: 'mf', role: 'assistant', content: 'Fork done.', toolCalls: [] },
    { seq: 44, ts: f + 2100, session: FORK, type: 'agent_end', reason: 'finished' },
  ];
  const dir = join(home, 'sessions');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, `${PARENT}.jsonl`), parent.map((e) => JSON.stringify(e)).join('\n') + '\n', { mode: 0o600 });
  writeFileSync(join(dir, `${FORK}.jsonl`), fork.map((e) => JSON.stringify(e)).join('\n') + '\n', { mode: 0o600 });
  return { forkFirstOwnSeq: 18 };
}

type Bar = { lane: string; kind: string; start: number; end: number; callId: string };

describe('the Timeline pane shows two sessions as lanes on one time axis', () => {
  it('opens from the compare view with the fork lined up on its parent, follows either session and opens a clicked bar', { timeout: 240_000 }, async () => {
    const w = await hosts.web([], undefined, ['--session', FORK], { prepare: writeSessions });
    const page = await openPanesApp(hosts.browser(), w);
    const banner = page.getByTestId('fork-banner');
    await banner.waitFor({ timeout: 60_000 });
    await banner.getByTestId('compare-with-parent').click();
    const compare = page.getByTestId('compare-view');
    // Polled as text, so a failure says what the view showed instead (still comparing, an error, nothing).
    await expect.poll(() => compare.innerText({ timeout: 1_000 }).catch(() => '(no compare view)'), { timeout: 60_000 }).toContain('First divergence at step');
    await compare.getByTestId('compare-open-timeline').click();
    await compare.waitFor({ state: 'detached' });

    const pane = page.getByTestId('timeline-pane');
    await pane.getByTestId('timeline-pair').waitFor({ timeout: 30_000 });
    const axis = pane.getByTestId('time-axis');
    await axis.waitFor({ timeout: 30_000 });
    const lanes = await axis.getByTestId('time-lane').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.lane, e.textContent]));
    expect(lanes).toEqual([
      ['A:model', 'A · Model turns'],
      ['A:shell', 'A · Shell'],
      ['B:model', 'B · Model turns'],
      ['B:shell', 'B · Shell'],
    ]);
    const bars = async (): Promise<Bar[]> =>
      axis.getByTestId('time-bar').evaluateAll((els) =>
        els.map((e) => {
          const d = (e as HTMLElement).dataset;
          return { lane: d.lane!, kind: d.kind!, start: Number(d.start), end: Number(d.end), callId: d.callId! };
        }),
      );
    const all = await bars();
    const at = (lane: string, callId: string) => all.find((b) => b.lane === lane && b.callId === callId)!;
    // Counted from each session's start: the copied steps sit where the parent's did…
    expect(at('A:shell', 'call_p1')).toMatchObject({ start: 210, end: 610 });
    expect(at('B:shell', 'call_p1')).toMatchObject({ start: 210, end: 610 });
    expect(at('B:shell', 'call_p2')).toMatchObject({ start: 900, end: 1300 });
    // …and the fork's own run (a day later) follows its history at once: its step 3 starts where
    // the parent's step 3 did, not a day to the right.
    expect(at('A:shell', 'call_p3').start).toBe(1600);
    expect(at('B:shell', 'call_f3').start).toBe(1300 + 10 + 200);
    expect(Math.max(...all.map((b) => b.end))).toBeLessThan(5000);
    // The entries are the fork's, the scrubber on its first own entry (the first divergence).
    expect(await pane.getByTestId('timeline-pair-B').getAttribute('aria-pressed')).toBe('true');
    expect(Number(await pane.getByTestId('timeline-current').getAttribute('data-seq'))).toBeGreaterThanOrEqual(18);
    await expect.poll(() => pane.getByTestId('timeline-entry').filter({ hasText: 'THREE-FORK' }).count()).toBeGreaterThan(0);
    await shotsAllSizes(page, 'timeline-two-sessions');

    // The entries follow the parent: its own calls are listed, the fork's are not.
    await pane.getByTestId('timeline-pair-A').click();
    await expect.poll(() => pane.getByTestId('timeline-pair-A').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => pane.getByTestId('timeline-entry').filter({ hasText: 'four' }).count()).toBeGreaterThan(0);
    expect(await pane.getByTestId('timeline-entry').filter({ hasText: 'FORK' }).count()).toBe(0);

    // Back to one session: the listed session's own lanes only.
    await pane.getByTestId('timeline-pair-close').click();
    await pane.getByTestId('timeline-pair').waitFor({ state: 'detached' });
    await expect.poll(() => axis.getByTestId('time-lane').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.lane))).toEqual(['model', 'shell']);

    // Again from the compare view; with the fork's entries listed, a click on a bar of the parent's
    // own step 4 (a call the fork does not have) opens the parent and that call's card.
    await banner.getByTestId('compare-with-parent').click();
    await compare.getByTestId('compare-open-timeline').click();
    await pane.getByTestId('timeline-pair').waitFor({ timeout: 30_000 });
    await expect.poll(() => pane.getByTestId('timeline-pair-B').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await bars()).length).toBe(all.length);
    const canvas = axis.getByTestId('time-canvas');
    const box = (await canvas.boundingBox())!;
    const t0 = Number(await axis.getAttribute('data-t0'));
    const t1 = Number(await axis.getAttribute('data-t1'));
    const p4 = at('A:shell', 'call_p4');
    const x = (((p4.start + p4.end) / 2 - t0) / (t1 - t0)) * box.width;
    const laneTop = await axis.locator('.time-lane-label[data-lane="A:shell"]').evaluate((e) => (e as HTMLElement).offsetTop);
    await canvas.click({ position: { x, y: laneTop + 8 } });
    await expect.poll(() => page.locator('.call-card.selected[data-call-id="call_p4"]').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('inspector-tool').innerText(), { timeout: 30_000 }).toBe('bash');
  });
});
