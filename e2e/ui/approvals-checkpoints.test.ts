import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendTask, shotsAllSizes as shots, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp, openTab, waitRunEnd } from '../panes/panes-harness';

// Issue 17 items 2–5 in Chromium against `glassbox web` with the scripted model: approvals
// show the change, cards show diffs and live output, the user's own undo asks nothing, and
// Restore to here brings back files changed by the editor and by bash, undoably.

const hosts = useChromiumAndWebHosts();

describe('approvals that show the change, cards, user actions, checkpoints', () => {
  it('an edit approval shows the diff it would make; the card shows it after; undo from the Edits pane asks nothing and is the user\'s action', async () => {
    const w = await hosts.web([], { approvals: { mode: 'ask' } });
    const file = join(w.workspace, 'hello.ts');
    writeFileSync(file, 'export function hello(name: string) {\n    return "Hello, " + name;\n}\n');
    w.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: file, old_str: '    return "Hello, " + name;', new_str: '    return `Hi, ${name}!`;' } }] },
      { text: 'Done.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'friendlier greeting');
    const dialog = page.getByTestId('approval-request');
    await dialog.waitFor({ timeout: 60_000 });
    const diff = dialog.getByTestId('approval-diff');
    await diff.waitFor();
    expect(await diff.locator('.diff-del').innerText()).toContain('return "Hello, " + name;');
    expect(await diff.locator('.diff-add').innerText()).toContain('return `Hi, ${name}!`;');
    expect(readFileSync(file, 'utf8')).toContain('"Hello, "'); // nothing written yet
    // The raw JSON is one click away.
    await dialog.getByTestId('approval-raw-toggle').click();
    expect(JSON.parse(await dialog.getByTestId('approval-args').innerText())).toMatchObject({ command: 'str_replace', path: file });
    await shots(page, 'approval-edit-diff');
    await dialog.getByTestId('approve-once').click();
    await waitRunEnd(page);
    expect(readFileSync(file, 'utf8')).toContain('`Hi, ${name}!`');

    const card = page.getByTestId('tool-call-card').first();
    const cardDiff = card.getByTestId('call-diff');
    await cardDiff.waitFor({ timeout: 30_000 });
    expect(await cardDiff.locator('.diff-add').innerText()).toContain('`Hi, ${name}!`');
    expect(await card.getByTestId('call-args').isVisible()).toBe(true);
    await shots(page, 'card-edit-diff');

    // Undo from the Edits pane: no dialog, the file is back, and the card says it was the user.
    await openTab(page, 'edits');
    await page.getByTestId('edit-undo').click();
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 30_000 }).toContain('"Hello, "');
    expect(await page.getByTestId('approval-request').count()).toBe(0);
    const cards = page.getByTestId('tool-call-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.nth(1).getAttribute('data-origin')).toBe('user');
    expect(await cards.nth(1).getByTestId('call-by-user').innerText()).toBe('you');
    expect(await cards.nth(0).getAttribute('data-origin')).toBe('agent');
    // The session file records who acted.
    const sessions = join(w.home, 'sessions');
    const { readdirSync } = await import('node:fs');
    const lines = readdirSync(sessions)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(sessions, f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { type: string; origin?: string; args?: { command?: string } });
    expect(lines.some((e) => e.type === 'tool_execution_start' && e.origin === 'user' && e.args?.command === 'undo_edit')).toBe(true);
    // An undo is not an approval: none was requested for it.
    expect(lines.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
  }, 240_000);

  it('a 5-second bash loop shows its second line in the card before it ends', async () => {
    const w = await hosts.web([
      { toolCalls: [{ name: 'bash', arguments: { command: 'for i in 1 2 3 4 5; do echo line $i; sleep 1; done' } }] },
      { text: 'Looped.' },
    ]);
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'loop');
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getByTestId('call-live').innerText().catch(() => ''), { timeout: 60_000 }).toContain('line 2');
    // Still running when line 2 is shown.
    expect(await card.getAttribute('data-status')).toBe('running');
    await shots(page, 'card-bash-live');
    await waitRunEnd(page);
    expect(await card.getAttribute('data-status')).toBe('ok');
  }, 240_000);

  it('restore to an earlier turn after three edits by the editor and one by bash restores all four files, and can be undone', async () => {
    const w = await hosts.web([]);
    const f = (n: string) => join(w.workspace, n);
    for (const n of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) writeFileSync(f(n), `${n} v1\n`);
    const edit = (n: string) => ({ name: 'str_replace_editor', arguments: { command: 'str_replace', path: f(n), old_str: `${n} v1`, new_str: `${n} v2` } });
    w.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: f('notes.md'), file_text: '# notes\n' } }] },
      { text: 'Started notes.' },
      { toolCalls: [edit('a.txt'), edit('b.txt'), edit('c.txt')] },
      { toolCalls: [{ name: 'bash', arguments: { command: "sed -i 's/v1/v2/' d.txt" } }] },
      { text: 'Changed four files.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'start notes');
    await waitRunEnd(page, 1);
    await sendTask(page, 'bump every file');
    await waitRunEnd(page, 2);
    for (const n of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) expect(readFileSync(f(n), 'utf8')).toBe(`${n} v2\n`);

    const checkpoints = page.getByTestId('turn-checkpoint');
    await expect.poll(() => checkpoints.count(), { timeout: 30_000 }).toBe(2);
    expect(await checkpoints.nth(1).innerText()).toContain('4 files changed');
    await checkpoints.nth(0).getByTestId('restore-to-here').click();
    const dialog = page.getByTestId('restore-dialog');
    await expect.poll(() => dialog.getByTestId('restore-file').count(), { timeout: 30_000 }).toBe(4);
    expect(await dialog.locator('[data-path="d.txt"] .diff-add').innerText()).toContain('d.txt v1');
    await shots(page, 'restore-preview');
    await dialog.getByTestId('restore-confirm').click();
    await expect.poll(() => readFileSync(f('d.txt'), 'utf8'), { timeout: 30_000 }).toBe('d.txt v1\n');
    for (const n of ['a.txt', 'b.txt', 'c.txt']) expect(readFileSync(f(n), 'utf8')).toBe(`${n} v1\n`);
    expect(existsSync(f('notes.md'))).toBe(true); // turn 1's file is part of that checkpoint
    await page.getByTestId('restore-notice').waitFor();
    await shots(page, 'restore-done');

    await page.getByTestId('undo-restore').click();
    await expect.poll(() => readFileSync(f('d.txt'), 'utf8'), { timeout: 30_000 }).toBe('d.txt v2\n');
    for (const n of ['a.txt', 'b.txt', 'c.txt']) expect(readFileSync(f(n), 'utf8')).toBe(`${n} v2\n`);
    await expect.poll(() => page.getByTestId('restore-notice').innerText(), { timeout: 30_000 }).toContain('Restore undone');
  }, 240_000);
});
