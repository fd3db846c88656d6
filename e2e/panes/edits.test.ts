import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { monacoText, openPanesApp, openTab, paneShot, waitRunEnd } from './panes-harness';

// The edits pane in Debian Chromium against a real `glassbox web`: the agent's
// str_replace_editor changes as Monaco diffs, browsed in order, undone through the tool path.

const hosts = useChromiumAndWebHosts();

describe('edits pane', () => {
  it('shows each edit as a diff, browses them in order, and undo restores the file on disk', async () => {
    const w = await hosts.web([], { approvals: { mode: 'auto' } });
    const file = join(w.workspace, 'greet.py');
    writeFileSync(file, "def greet():\n    print('hello')\n\ngreet()\n");
    w.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: file, old_str: "print('hello')", new_str: "print('goodbye')" } }] },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: file, old_str: "print('goodbye')", new_str: "print('ciao')" } }] },
      { text: 'Changed the greeting twice.' },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'change the greeting');
    await waitRunEnd(page);
    expect(readFileSync(file, 'utf8')).toContain("print('ciao')");

    await openTab(page, 'edits');
    const pane = page.getByTestId('edits-pane');
    await expect.poll(() => pane.getByTestId('edited-file').count(), { timeout: 30_000 }).toBe(1);
    expect(await pane.getByTestId('edited-file').innerText()).toContain('greet.py');
    // The latest edit first: goodbye → ciao.
    await expect.poll(() => pane.getByTestId('edit-position').innerText()).toBe('Edit 2 of 2');
    const diff = pane.getByTestId('edit-diff');
    await expect.poll(() => diff.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => monacoText(diff), { timeout: 30_000 }).toContain("print('ciao')");
    // Python colouring: the diff knows the file's language.
    await expect.poll(() => diff.getAttribute('data-language')).toBe('python');
    // …and colours it: Python's `def` is a keyword token.
    const tokenClass = async (text: string): Promise<string | null> =>
      (await diff.locator('.view-line span[class*="mtk"]').filter({ hasText: new RegExp(`^${text}$`) }).count())
        ? diff.locator('.view-line span[class*="mtk"]').filter({ hasText: new RegExp(`^${text}$`) }).first().getAttribute('class')
        : null;
    await expect.poll(() => tokenClass('def')).toMatch(/mtk/);
    expect(await tokenClass('def')).not.toBe(await tokenClass('greet'));
    // Removed text is marked as removed, added as added.
    await expect.poll(() => diff.locator('.line-insert, .char-insert').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => diff.locator('.line-delete, .char-delete').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await paneShot(page, 'edits-diff', true);

    // Browse back to the first edit: hello → goodbye.
    await pane.getByTestId('edit-prev').click();
    await expect.poll(() => pane.getByTestId('edit-position').innerText()).toBe('Edit 1 of 2');
    await expect.poll(() => monacoText(diff)).toContain("print('goodbye')");
    expect(await monacoText(diff)).not.toContain("print('ciao')");

    // Undo from the diff: the file on disk goes back one edit, and the undo is itself recorded.
    await pane.getByTestId('edit-undo').click();
    // Said in plain words naming the file, not the editor's `cat -n` listing meant for the model.
    await expect.poll(() => pane.getByTestId('edit-undo-result').innerText(), { timeout: 30_000 }).toBe('Restored greet.py to before the last edit.');
    expect(readFileSync(file, 'utf8')).toBe("def greet():\n    print('goodbye')\n\ngreet()\n");
    await expect.poll(() => pane.getByTestId('edit-position').innerText()).toBe('Edit 3 of 3');
    expect(await pane.getByTestId('edit-kind').innerText()).toContain('undo');

    await pane.getByTestId('edit-undo').click();
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 30_000 }).toBe("def greet():\n    print('hello')\n\ngreet()\n");
    await expect.poll(() => pane.getByTestId('edit-position').innerText()).toBe('Edit 4 of 4');

    // The undo went through the tool path: it is a str_replace_editor card in the conversation.
    await openTab(page, 'inspector');
    await expect.poll(() => page.getByTestId('tool-call-card').count()).toBe(4);
    const last = page.getByTestId('tool-call-card').last();
    expect(await last.getByTestId('call-args').innerText()).toContain('undo_edit');
  }, 180_000);
});
