import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendTask, shotsAllSizes as shots, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp, waitRunEnd } from '../panes/panes-harness';
import type { RecordedModelRequest } from '../fixtures/scripted-model-server';

// Issue 17 item 5, the conversation part, in Chromium against `glassbox web` with the scripted
// model: Restore to here can take the conversation back to a turn (the next model request holds
// only that turn's messages), with or without the files, and the restore can be undone.

const hosts = useChromiumAndWebHosts();

/** Waits until the session file records `n` finished runs (the chat is virtualized: old end rows leave the page). */
async function waitRuns(home: string, n: number): Promise<void> {
  const { readdirSync } = await import('node:fs');
  const count = () =>
    readdirSync(join(home, 'sessions'))
      .filter((x) => x.endsWith('.jsonl'))
      .reduce((m, x) => m + (readFileSync(join(home, 'sessions', x), 'utf8').match(/"type":"agent_end"/g)?.length ?? 0), 0);
  await expect.poll(count, { timeout: 60_000 }).toBeGreaterThanOrEqual(n);
}

/** The user/assistant texts and tool results a model request held, in order. */
function said(req: RecordedModelRequest | undefined): string {
  return JSON.stringify(req?.body.messages ?? []);
}

describe('restore the conversation to a checkpoint', () => {
  it('after three turns: the conversation back to the first (the next request holds only it), undo; then files and conversation together', async () => {
    const w = await hosts.web([]);
    const f = (n: string) => join(w.workspace, n);
    const create = (n: string, text: string) => ({ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: f(n), file_text: text } }] });
    w.model.push(
      create('a.txt', 'a v1\n'), { text: 'Reply ONE.' },
      { toolCalls: [{ name: 'bash', arguments: { command: "sed -i 's/v1/v2/' a.txt" } }] }, { text: 'Reply TWO.' },
      create('b.txt', 'b\n'), { text: 'Reply THREE.' },
      { text: 'Reply FOUR.' },
      { text: 'Reply FIVE.' },
      { text: 'Reply SIX.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'task alpha');
    await waitRunEnd(page, 1);
    await sendTask(page, 'task beta');
    await waitRunEnd(page, 2);
    await sendTask(page, 'task gamma');
    await waitRunEnd(page, 3);
    const checkpoints = page.getByTestId('turn-checkpoint');
    await expect.poll(() => checkpoints.count(), { timeout: 30_000 }).toBe(3);
    // Turn 1's checkpoint by its id: the chat is virtualized, so after more turns the first
    // checkpoint row on the page may be a later turn's (turn 1's row can leave the page).
    const first = await checkpoints.nth(0).getAttribute('data-checkpoint');
    const firstCheckpoint = page.locator(`[data-testid="turn-checkpoint"][data-checkpoint="${first}"]`);

    // The conversation only: the files stay as they are.
    await firstCheckpoint.getByTestId('restore-to-here').click();
    const dialog = page.getByTestId('restore-dialog');
    await expect.poll(() => dialog.getByTestId('restore-file').count(), { timeout: 30_000 }).toBe(2);
    await dialog.getByTestId('restore-conversation-choose').check();
    await dialog.getByTestId('restore-files-choose').uncheck();
    expect(await dialog.getByTestId('restore-file').count()).toBe(0);
    expect(await dialog.getByTestId('restore-confirm').innerText()).toBe('Restore the conversation');
    await shots(page, 'restore-conversation-dialog');
    await dialog.getByTestId('restore-confirm').click();
    await page.getByTestId('restored-marker').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('restore-notice').innerText()).toContain('Restored the conversation');
    // Turns 2 and 3 are dimmed under the marker; turn 1 is not.
    await expect.poll(() => page.locator('.chat-row[data-rewound="true"] [data-testid="user-message"]').allInnerTexts()).toEqual(['task beta', 'task gamma']);
    expect(readFileSync(f('a.txt'), 'utf8')).toBe('a v2\n');
    expect(existsSync(f('b.txt'))).toBe(true);
    await shots(page, 'restore-conversation-marker');

    await sendTask(page, 'task delta');
    await waitRuns(w.home, 4);
    let last = said(w.model.requests.at(-1));
    expect(last).toContain('task alpha');
    expect(last).toContain('Reply ONE.');
    expect(last).toContain('task delta');
    for (const gone of ['task beta', 'Reply TWO.', 'task gamma', 'Reply THREE.']) expect(last).not.toContain(gone);

    // Undo: the conversation as it was just before the restore (turn 4 then is the rewound one).
    await page.getByTestId('undo-restore').click();
    await expect.poll(() => page.getByTestId('restore-notice').innerText(), { timeout: 30_000 }).toContain('Restore undone');
    await sendTask(page, 'task epsilon');
    await waitRuns(w.home, 5);
    last = said(w.model.requests.at(-1));
    for (const back of ['task alpha', 'task beta', 'task gamma', 'Reply THREE.', 'task epsilon']) expect(last).toContain(back);
    expect(last).not.toContain('task delta');

    // Files and conversation together, to turn 1 (scrolled back to the top of the chat first).
    // (The rows re-measure after the jump: a click that landed while one moved is made again.)
    await page.getByTestId('chat').evaluate((el) => el.scrollTo(0, 0));
    await expect
      .poll(
        async () => {
          if (!(await dialog.isVisible())) await firstCheckpoint.getByTestId('restore-to-here').click({ timeout: 5_000 }).catch(() => undefined);
          return dialog.getByTestId('restore-file').count();
        },
        { timeout: 60_000 },
      )
      .toBe(2);
    await dialog.getByTestId('restore-conversation-choose').check();
    expect(await dialog.getByTestId('restore-confirm').innerText()).toBe('Restore 2 files and the conversation');
    await dialog.getByTestId('restore-confirm').click();
    await expect.poll(() => readFileSync(f('a.txt'), 'utf8'), { timeout: 30_000 }).toBe('a v1\n');
    expect(existsSync(f('b.txt'))).toBe(false);
    await sendTask(page, 'task zeta');
    await waitRuns(w.home, 6);
    last = said(w.model.requests.at(-1));
    expect(last).toContain('task alpha');
    for (const gone of ['task beta', 'task gamma', 'task epsilon']) expect(last).not.toContain(gone);
    // The session file keeps every turn: nothing was deleted, the restores are recorded.
    const { readdirSync } = await import('node:fs');
    const lines = readdirSync(join(w.home, 'sessions'))
      .filter((n) => n.endsWith('.jsonl'))
      .flatMap((n) => readFileSync(join(w.home, 'sessions', n), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { type: string; task?: string; undoOf?: number });
    expect(lines.filter((e) => e.type === 'agent_start').map((e) => e.task)).toEqual(['task alpha', 'task beta', 'task gamma', 'task delta', 'task epsilon', 'task zeta']);
    expect(lines.filter((e) => e.type === 'conversation_restored').map((e) => e.undoOf !== undefined)).toEqual([false, true, false]);
  }, 300_000);
});
