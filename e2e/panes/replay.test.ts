import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { useChromiumAndWebHosts, sendTask } from '../ui/ui-harness';
import { openPanesApp, paneShot, waitRunEnd } from './panes-harness';

// Replay in Debian Chromium against a real `glassbox web` and the real server-everything:
// a recorded MCP call re-run from its card with args edited in a schema-validated JSON editor.

const hosts = useChromiumAndWebHosts();

describe('replay pane', () => {
  it('replays mcp_everything_echo with edited args and shows the new result beside the recorded one with a diff', async () => {
    const w = await hosts.web(
      [
        { toolCalls: [{ id: 'call_echo_1', name: 'mcp_everything_echo', arguments: { message: 'hello replay' } }] },
        { text: 'Echoed.' },
      ],
      { approvals: { mode: 'auto' }, mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } },
    );
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'echo something');
    await waitRunEnd(page);
    const card = page.locator('[data-testid="tool-call-card"][data-call-id="call_echo_1"]');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('ok');

    await card.getByTestId('replay-call').click();
    const pane = page.getByTestId('replay-pane');
    await expect.poll(() => pane.getByTestId('replay-tool').innerText(), { timeout: 30_000 }).toBe('mcp_everything_echo');
    const editor = pane.getByTestId('replay-args-editor');
    await editor.locator('.view-lines').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ')).toContain('"message": "hello replay"');

    // An argument the schema does not allow: the JSON service flags it and Run is disabled.
    const replaceArgs = async (text: string): Promise<void> => {
      await editor.locator('.view-lines').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await expect.poll(async () => (await editor.locator('.view-lines').innerText()).trim()).toBe('');
      await page.keyboard.insertText(text);
    };
    await replaceArgs('{ "msg": "no such field" }');
    await expect.poll(() => pane.getByTestId('replay-schema-errors').count(), { timeout: 30_000 }).toBe(1);
    expect(await pane.getByTestId('replay-schema-errors').innerText()).toMatch(/message/);
    expect(await pane.getByTestId('replay-run').isDisabled()).toBe(true);

    // Reset args after one invalid edit: the recorded arguments, no error, Run enabled again.
    await pane.getByTestId('replay-reset').click();
    await expect.poll(async () => (await pane.getByTestId('replay-args-editor').locator('.view-lines').innerText()).replace(/\u00a0/g, ' '), { timeout: 30_000 }).toContain('"message": "hello replay"');
    await expect.poll(() => pane.getByTestId('replay-schema-errors').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => pane.getByTestId('replay-run').isEnabled(), { timeout: 30_000 }).toBe(true);

    // Valid edited args: run, compare.
    await replaceArgs('{ "message": "goodbye replay" }');
    await expect.poll(() => pane.getByTestId('replay-schema-errors').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => pane.getByTestId('replay-run').isEnabled()).toBe(true);
    await pane.getByTestId('replay-run').click();
    await expect.poll(() => pane.getByTestId('replay-verdict').count(), { timeout: 60_000 }).toBe(1);
    expect(await pane.getByTestId('replay-verdict').innerText()).toBe('Differs from recorded');
    expect(await pane.getByTestId('replay-recorded').innerText()).toContain('Echo: hello replay');
    expect(await pane.getByTestId('replay-result').innerText()).toContain('Echo: goodbye replay');
    const diff = await pane.getByTestId('replay-diff').innerText();
    expect(diff).toContain('-Echo: hello replay');
    expect(diff).toContain('+Echo: goodbye replay');
    await pane.getByTestId('replay-diff-view').locator('.view-lines').first().waitFor({ timeout: 30_000 });
    await paneShot(page, 'replay-diff', true);

    // Recorded in the session as a replay of the original call (and shown as a card).
    await expect.poll(() => page.getByTestId('tool-call-card').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('tool-call-card').last().getByTestId('call-replay-of').getAttribute('title')).toBe('Replay of call_echo_1');
    const sessions = join(w.home, 'sessions');
    const file = readdirSync(sessions).find((f) => f.endsWith('.jsonl'))!;
    const events = readFileSync(join(sessions, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; replayOf?: string; args?: unknown });
    const replayStart = events.find((e) => e.type === 'tool_execution_start' && e.replayOf === 'call_echo_1');
    expect(replayStart?.args).toEqual({ message: 'goodbye replay' });
    expect(events.some((e) => e.type === 'tool_execution_end' && e.replayOf === 'call_echo_1')).toBe(true);

    // Unchanged args replay as equal.
    await pane.getByRole('button', { name: 'Reset args' }).click();
    await expect.poll(async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ')).toContain('"message": "hello replay"');
    await pane.getByTestId('replay-run').click();
    await expect.poll(() => pane.getByTestId('replay-verdict').innerText(), { timeout: 60_000 }).toBe('Same as recorded');
  }, 300_000);
});
