import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendTask, shot, useChromiumAndWebHosts } from '../ui/ui-harness';
import { openPanesApp, openTab, waitRunEnd } from './panes-harness';

// The timeline's time axis in Chromium against a real `glassbox web`: two read-only calls the
// agent ran at once overlap in their lane, an approval wait is a gap in the shell lane (and a bar
// of its own), zoom and pan change what is on screen, and a click on a bar opens its call.

const hosts = useChromiumAndWebHosts();

/** An extension with a slow read-only tool: the agent runs two of them side by side. */
function slowReadExtension(home: string): void {
  const dir = join(home, 'extensions', 'slowread');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'extension.mjs'),
    `export default { onLoad(api) { api.registerTool({ name: 'slow_read', description: 'Reads slowly.', annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', properties: { what: { type: 'string' } }, required: ['what'] },
      execute: async ({ what }) => { await new Promise((r) => setTimeout(r, 600)); return 'read ' + what; } }); } };\n`,
  );
}

type Bar = { lane: string; row: number; kind: string; start: number; end: number; critical: boolean; callId: string };

describe('timeline time axis', () => {
  it('shows parallel read-only calls overlapping, an approval wait as a gap, zooms, pans and opens a clicked bar', { timeout: 240_000 }, async () => {
    const w = await hosts.web([], { approvals: { mode: 'ask', rules: [{ tool: 'slow_read', decision: 'allow' }] } }, [], { prepare: slowReadExtension });
    w.model.push(
      { toolCalls: [{ id: 'call_ra', name: 'slow_read', arguments: { what: 'a' } }, { id: 'call_rb', name: 'slow_read', arguments: { what: 'b' } }] },
      { toolCalls: [{ id: 'call_sh', name: 'bash', arguments: { command: 'echo after >> approved.txt' } }] },
      { text: 'Read both and ran it.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'read two things then run one');
    await page.getByTestId('approval-request').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500); // the approval wait: long enough to see
    await page.getByTestId('approve-once').click();
    await waitRunEnd(page);

    await openTab(page, 'timeline');
    const pane = page.getByTestId('timeline-pane');
    await pane.getByTestId('timeline-open').click();
    const axis = pane.getByTestId('time-axis');
    await axis.waitFor({ timeout: 30_000 });
    const bars = async (): Promise<Bar[]> =>
      axis.getByTestId('time-bar').evaluateAll((els) =>
        els.map((e) => {
          const d = (e as HTMLElement).dataset;
          return { lane: d.lane!, row: Number(d.row), kind: d.kind!, start: Number(d.start), end: Number(d.end), critical: d.critical === '1', callId: d.callId! };
        }),
      );
    const all = await bars();
    const lanes = await axis.getByTestId('time-lane').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.lane));
    expect(lanes).toEqual(expect.arrayContaining(['model', 'waits', 'tools', 'shell']));
    const ra = all.find((b) => b.callId === 'call_ra' && b.kind === 'call')!;
    const rb = all.find((b) => b.callId === 'call_rb' && b.kind === 'call')!;
    // Side by side: both in the tools lane, on different rows, overlapping in time.
    expect(ra.lane).toBe('tools');
    expect(rb.lane).toBe('tools');
    expect(ra.row).not.toBe(rb.row);
    expect(ra.start < rb.end && rb.start < ra.end).toBe(true);
    // The approval: a bar in the waits lane, and the shell call starts only after it: a gap.
    const wait = all.find((b) => b.kind === 'approval')!;
    const sh = all.find((b) => b.callId === 'call_sh' && b.kind === 'call')!;
    expect(wait.end - wait.start).toBeGreaterThanOrEqual(1000);
    expect(sh.lane).toBe('shell');
    expect(sh.start).toBeGreaterThanOrEqual(wait.end);
    // The critical path runs through the wait and the shell call.
    expect(wait.critical && sh.critical).toBe(true);
    await shot(page, 'time-axis');

    // Zoom in with the wheel over the shell call: fewer bars on screen; Fit brings them back.
    const canvas = axis.getByTestId('time-canvas');
    const box = (await canvas.boundingBox())!;
    // Where the shell call sits in the fitted view (its window is on the axis' element).
    const t0 = Number(await axis.getAttribute('data-t0'));
    const t1 = Number(await axis.getAttribute('data-t1'));
    const shellX = (((sh.start + sh.end) / 2 - t0) / (t1 - t0)) * box.width;
    await canvas.hover({ position: { x: shellX, y: 30 } });
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await bars()).length, { timeout: 30_000 }).toBeLessThan(all.length);
    // Pan with a drag: what is on screen changes again.
    const zoomed = (await bars()).map((b) => `${b.callId}${b.kind}`).join();
    expect(zoomed).toContain('call_sh');
    // A drag to the right shows earlier time; drag until something else is on screen (a loaded
    // machine may deliver a drag's moves coalesced, panning less than its width).
    const drag = async (): Promise<string> => {
      await page.mouse.move(box.x + 10, box.y + 30);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 10, box.y + 30, { steps: 5 });
      await page.mouse.up();
      return (await bars()).map((b) => `${b.callId}${b.kind}`).join();
    };
    await expect.poll(drag, { timeout: 30_000 }).not.toBe(zoomed);
    await axis.getByTestId('time-fit').click();
    await expect.poll(async () => (await bars()).length, { timeout: 30_000 }).toBe(all.length);

    // A click on the shell bar: the scrubber goes there, and its card and inspector open.
    const laneTop = await axis.locator('.time-lane-label[data-lane="shell"]').evaluate((e) => (e as HTMLElement).offsetTop);
    await canvas.click({ position: { x: Math.max(1, shellX), y: laneTop + 8 } });
    await expect.poll(() => page.getByTestId('inspector-tool').innerText(), { timeout: 30_000 }).toBe('bash');
    await expect.poll(() => page.locator('.call-card.selected[data-call-id="call_sh"]').isVisible(), { timeout: 30_000 }).toBe(true);
  });
});
