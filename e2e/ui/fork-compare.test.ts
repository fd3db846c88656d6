import { describe, expect, it } from 'vitest';
import { sendTask, shotsAllSizes as shots, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp, waitRunEnd } from '../panes/panes-harness';

// Issue 27 in Chromium against `glassbox web` with the scripted model: Fork… on a tool call's
// card opens the editor of that one thing (its result here), the fork runs on with the edited
// result (the next model request holds it), and Compare with parent shows both runs side by side
// with the first divergence marked. Screenshots at 1400×900, 1000×700 and 800×600, light and dark.

const hosts = useChromiumAndWebHosts();

describe('fork from a tool call and compare with the parent', () => {
  it('edits the second call\'s result, runs the fork on it, and compares the two runs', async () => {
    const w = await hosts.web([]);
    w.model.push(
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo first-result' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo second-result' } }] },
      { text: 'Parent done.' },
      // The fork's run: the model sees the edited result and answers otherwise.
      { text: 'Fork saw the edited result.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'run two commands');
    await waitRunEnd(page, 1);
    const cards = page.getByTestId('tool-call-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);

    const second = cards.nth(1);
    await second.hover();
    await second.getByTestId('fork-from-here').click();
    const dialog = page.getByTestId('fork-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.locator('h3').innerText()).toMatch(/^Fork from a tool result \(call /);
    // The result is chosen and holds the recorded text, ready to edit.
    expect(await dialog.getByTestId('fork-edit-result').isChecked()).toBe(true);
    expect(await dialog.getByTestId('fork-text').inputValue()).toContain('second-result');
    await dialog.getByTestId('fork-text').fill('EDITED RESULT 42');
    await shots(page, 'fork-editor');
    await dialog.getByTestId('fork-confirm').click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });

    // The fork's run reaches the model with the edited result in place of the recorded one.
    await expect.poll(() => w.model.requests.length, { timeout: 60_000 }).toBe(4);
    const toolMessages = (w.model.requests[3]!.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').map((m) => m.content);
    expect(toolMessages).toEqual(['first-result', 'EDITED RESULT 42']);
    const banner = page.getByTestId('fork-banner');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.innerText()).toMatch(/Fork of [0-9a-f]{8} at step \d+: a tool’s result changed/);
    // The mark is drawn (an SVG), not a character the fonts may lack.
    expect(await banner.locator('svg.fork-icon').count()).toBe(1);
    await expect.poll(() => page.getByText('Fork saw the edited result.').count(), { timeout: 60_000 }).toBeGreaterThan(0);

    await banner.getByTestId('compare-with-parent').click();
    const compare = page.getByTestId('compare-view');
    await compare.getByTestId('compare-summary').waitFor({ timeout: 60_000 });
    expect(await compare.getByTestId('compare-summary').innerText()).toMatch(/^First divergence at step \d+/);
    await compare.getByTestId('first-divergence').waitFor();
    // The changed result is shown as a diff; the totals table and both lanes are there.
    await expect.poll(() => compare.locator('[data-testid="compare-call"][data-result="differs"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await compare.getByTestId('compare-result-diff').first().innerText()).toContain('EDITED RESULT 42');
    expect(await compare.getByTestId('compare-totals').innerText()).toContain('Steps');
    expect(await compare.locator('[data-testid="compare-timeline"] .compare-lane').count()).toBe(2);
    await shots(page, 'compare-view');
    await compare.getByTestId('compare-close').click();
    await compare.waitFor({ state: 'detached' });
  }, 240_000);
});
