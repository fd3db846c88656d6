import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { monacoText, openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The timeline in Debian Chromium against a real `glassbox web`: a recorded session (model
// turns, an approval, a shell command, an edit) scrubbed without re-executing anything.

const hosts = useChromiumAndWebHosts();

describe('timeline pane', () => {
  it('opens a recorded session and scrubs its events without re-running them, then jumps to the card and inspector', async () => {
    const w = await hosts.web([], { approvals: { mode: 'ask', rules: [{ tool: 'str_replace_editor', decision: 'allow' }] } });
    const notes = join(w.workspace, 'notes.md');
    const ticks = join(w.workspace, 'ticks.txt');
    w.model.push(
      { text: 'Let me count.', toolCalls: [{ id: 'call_tick', name: 'bash', arguments: { command: 'echo tick >> ticks.txt' } }] },
      { toolCalls: [{ id: 'call_note', name: 'str_replace_editor', arguments: { command: 'create', path: notes, file_text: 'first line\n' } }] },
      { text: 'Counted and noted.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'count and note');
    await page.getByTestId('approval-request').waitFor({ timeout: 60_000 });
    await page.getByTestId('approve-once').click();
    await waitRunEnd(page);
    expect(readFileSync(ticks, 'utf8')).toBe('tick\n');
    const modelRequests = w.model.requests.length;

    // Leave the session: the timeline reads it from its file.
    await page.getByTestId('new-session').click();
    await expect.poll(() => page.getByTestId('session-title').innerText()).toBe('New session');

    await openTab(page, 'timeline');
    const pane = page.getByTestId('timeline-pane');
    const select = pane.getByTestId('timeline-session');
    await expect.poll(() => select.locator('option', { hasText: 'count and note' }).count(), { timeout: 30_000 }).toBe(1);
    const value = await select.locator('option', { hasText: 'count and note' }).getAttribute('value');
    await select.selectOption(value!);
    await pane.getByTestId('timeline-open').click();

    const categories = async (): Promise<string[]> => pane.getByTestId('timeline-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-category') ?? ''));
    await expect.poll(categories, { timeout: 30_000 }).toEqual(['user', 'model', 'approval', 'approval', 'terminal', 'model', 'edit', 'model', 'other']);
    // Opened at the end.
    expect(await pane.getByTestId('timeline-current-title').innerText()).toBe('Run ended: finished');

    // Scrub to the start, then step forward.
    await pane.getByTestId('timeline-scrub').fill('0');
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toBe('Task: count and note');
    await pane.getByTestId('timeline-next').click();
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toBe('Model: Let me count.');
    expect(await pane.getByTestId('timeline-detail').innerText()).toContain('→ bash({"command":"echo tick >> ticks.txt"})');
    await pane.getByTestId('timeline-next').click();
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toBe('Approval asked: bash');
    await pane.getByTestId('timeline-next').click();
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toMatch(/^Approval: allow/);
    await pane.getByTestId('timeline-scrub').fill('4');
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toBe('$ echo tick >> ticks.txt · ok');
    expect(await pane.getByTestId('timeline-counts').innerText()).toContain('1 model turns · 1 tool calls (0 edits, 1 shell) · 2 approvals');
    await paneShot(page, 'timeline', true);

    // Only edits: the edit as a diff.
    for (const c of ['user', 'model', 'approval', 'terminal', 'other']) await pane.getByTestId(`timeline-filter-${c}`).uncheck();
    await expect.poll(() => pane.getByTestId('timeline-entry').count()).toBe(1);
    expect(await pane.getByTestId('timeline-current-title').innerText()).toBe(`Edit create ${notes}`);
    const diff = pane.getByTestId('timeline-diff');
    await expect.poll(() => monacoText(diff), { timeout: 30_000 }).toContain('first line');
    await paneShot(page, 'timeline-edit');

    // Scrubbing ran nothing: no new shell output on disk, no new model request.
    expect(readFileSync(ticks, 'utf8')).toBe('tick\n');
    expect(w.model.requests.length).toBe(modelRequests);

    // Jump from the shell command to its card and the inspector (the recorded session opens).
    await pane.getByTestId('timeline-filter-terminal').check();
    await pane.getByTestId('timeline-scrub').fill('0');
    await expect.poll(() => pane.getByTestId('timeline-current-title').innerText()).toBe('$ echo tick >> ticks.txt · ok');
    await pane.getByTestId('timeline-jump').click();
    await expect.poll(() => page.getByTestId('session-title').innerText(), { timeout: 30_000 }).toBe('count and note');
    await page.getByTestId('inspector-detail').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('bash');
    expect(JSON.parse(await page.getByTestId('inspector-args').innerText())).toEqual({ command: 'echo tick >> ticks.txt' });
    expect(await page.locator('[data-testid="tool-call-card"][data-call-id="call_tick"]').getAttribute('class')).toContain('selected');
    expect(readFileSync(ticks, 'utf8')).toBe('tick\n');
  }, 300_000);
});
