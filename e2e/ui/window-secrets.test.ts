import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openTab } from '../panes/panes-harness';
import { useChromiumAndWebHosts, sendTask, shot } from './ui-harness';

// The window in Debian Chromium against a real `glassbox web` whose model key is set
// (GLASSBOX_LLM_API_KEY, see startWeb): the key printed by a tool and streamed by the model must
// never reach the page — not in any WebSocket frame, not in the text it shows.

const hosts = useChromiumAndWebHosts();

/** The key startWeb gives the web host (GLASSBOX_LLM_API_KEY). */
const KEY = 'sk-ui-test';

interface Frame {
  kind: string;
  name?: string;
  payload?: unknown;
}

/** Opens the app with every frame the page receives recorded, raw and parsed. */
async function openRecording(url: string): Promise<{ page: Page; raw: string[]; frames: Frame[] }> {
  const page = await hosts.browser().newPage({ viewport: { width: 1400, height: 900 } });
  const raw: string[] = [];
  const frames: Frame[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      raw.push(String(f.payload));
      frames.push(JSON.parse(String(f.payload)) as Frame);
    }),
  );
  await page.goto(url);
  await page.getByTestId('composer-input').waitFor({ timeout: 30_000 });
  return { page, raw, frames };
}

/** What a reader of the stream reassembles: the `message_update` deltas per message, and the terminal output. */
function reassembled(frames: Frame[]): { messages: string[]; terminal: string } {
  const byMessage = new Map<string, string>();
  let terminal = '';
  for (const f of frames) {
    if (f.kind !== 'event') continue;
    if (f.name === 'terminal.data') terminal += String(f.payload);
    const e = f.payload as { type?: string; messageId?: string; delta?: string } | undefined;
    if (f.name === 'agent.event' && e?.type === 'message_update') byMessage.set(e.messageId!, (byMessage.get(e.messageId!) ?? '') + e.delta);
  }
  return { messages: [...byMessage.values()], terminal };
}

describe('secrets never reach the window', { timeout: 180_000 }, () => {
  it('a key in the task, printed by bash and streamed by the model shows as [REDACTED] in frames, chat, inspector and terminal', async () => {
    const w = await hosts.web([
      // The scripted model streams 8-character chunks: the key arrives split across deltas.
      // The shell's environment has no model key (docs/security.md#sandbox): it prints the key from a file.
      { text: `Checking the key ${KEY} now.`, toolCalls: [{ name: 'bash', arguments: { command: 'echo "key=$(cat key.txt)"' } }] },
      { text: `The shell printed key=${KEY}. Done.`, chunkDelayMs: 20 },
    ]);
    writeFileSync(join(w.workspace, 'key.txt'), KEY);
    const { page, raw, frames } = await openRecording(w.url);
    await openTab(page, 'terminal');
    // A key pasted into the task is hidden too (agent.state, the user's row, the session list).
    await sendTask(page, `print the key ${KEY}`);
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('user-message').innerText()).toBe('print the key [REDACTED]');

    // The tool card and the messages show the redaction, not the key.
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('ok');
    expect(await card.getByTestId('result-output').innerText()).toContain('key=[REDACTED]');
    expect(await page.getByTestId('assistant-message').last().innerText()).toContain('The shell printed key=[REDACTED]. Done.');
    // The terminal pane (the agent's own pty) shows the same output, redacted.
    await expect.poll(() => page.getByTestId('terminal').innerText(), { timeout: 30_000 }).toContain('key=[REDACTED]');
    // The inspector: the call in full, and the model turns.
    await card.getByTestId('inspect-call').click();
    await page.getByTestId('inspector-detail').waitFor();
    expect(await page.getByTestId('inspector-detail').innerText()).toContain('key=[REDACTED]');
    await page.getByTestId('tab-model-turns').click();
    await expect.poll(() => page.getByTestId('model-turns').locator('.turn').count()).toBe(2);
    await shot(page, 'secrets-redacted');

    expect(await page.locator('body').innerText()).not.toContain(KEY);
    const got = reassembled(frames);
    expect(got.messages).toEqual([`Checking the key [REDACTED] now.`, `The shell printed key=[REDACTED]. Done.`]);
    expect(got.terminal).toContain('key=[REDACTED]');
    expect(got.terminal).not.toContain(KEY);
    for (const f of raw) expect(f).not.toContain(KEY);

    // A reload gets the session from what the bridge keeps (sessions.view, calls.get): redacted too.
    const again = await openRecording(w.url);
    await again.page.getByTestId('tool-call-card').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => again.page.getByTestId('assistant-message').last().innerText(), { timeout: 30_000 }).toContain('key=[REDACTED]');
    await again.page.getByTestId('tool-call-card').first().getByTestId('inspect-call').click();
    await again.page.getByTestId('inspector-detail').waitFor();
    expect(await again.page.locator('body').innerText()).not.toContain(KEY);
    for (const f of again.raw) expect(f).not.toContain(KEY);
    expect(again.raw.length).toBeGreaterThan(0);
    await again.page.close();
    await page.close();
  });
});
