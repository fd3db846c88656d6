import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp, sendTask, shot, shotsAllSizes, showSettings, useChromiumAndWebHosts } from './ui-harness';

// Extended thinking in the window, in Chromium against a real `glassbox web` and the scripted
// Anthropic Messages API: the thinking streams in live above the answer, folds when the answer
// comes, and is carried back so the API accepts the tool-result turn.

const hosts = useChromiumAndWebHosts();
const THOUGHT = 'First I list the workspace to see what is there, then I decide what to read. '.repeat(4).trim();

describe('thinking in the window', { timeout: 180_000 }, () => {
  it('streams the thinking live above the answer, shows a redacted block as such, and records it in the session file', async () => {
    const w = await hosts.web(
      [
        { thinking: [THOUGHT, { redacted: true }], toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: '.' } }], chunkDelayMs: 60 },
        { thinking: 'The listing is empty, so there is nothing to read.', text: 'The workspace is empty.', chunkDelayMs: 20 },
      ],
      undefined,
      [],
      {
        env: (model) => ({
          GLASSBOX_LLM_PROVIDER: 'anthropic',
          GLASSBOX_LLM_BASE_URL: model.anthropicBaseURL,
          GLASSBOX_LLM_MODEL: 'claude-sonnet-4-5',
          GLASSBOX_LLM_THINKING: '2048',
        }),
      },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'what is in the workspace?');

    // Live: the block is open and its text grows while the model is still thinking.
    const first = page.getByTestId('thinking').first();
    await first.waitFor({ timeout: 60_000 });
    const early = await first.getByTestId('thinking-text').innerText();
    expect(THOUGHT.startsWith(early.trim())).toBe(true);
    expect(early.trim().length).toBeLessThan(THOUGHT.length);
    expect(await first.getAttribute('data-live')).toBe('true');
    await expect.poll(async () => (await first.getByTestId('thinking-text').innerText()).length, { timeout: 60_000 }).toBeGreaterThan(early.length);

    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 90_000 }).toBe(1);
    expect(await page.getByTestId('run-end').getAttribute('data-reason')).toBe('finished');
    await expect.poll(() => page.getByTestId('assistant-message').last().innerText()).toContain('The workspace is empty.');
    // Done: each turn's thinking sits folded above its answer; opened, the whole text and the redacted marker.
    expect(await page.getByTestId('thinking').count()).toBe(2);
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').click();
    expect(await first.getByTestId('thinking-text').innerText()).toContain(THOUGHT);
    expect(await first.getByTestId('thinking-redacted').innerText()).toBe('redacted by the provider');
    await shotsAllSizes(page, 'thinking-chat');

    // The thinking went back with its signature: the tool-result turn was accepted, not refused.
    expect(w.model.requests.map((r) => r.refused)).toEqual([undefined, undefined]);
    const assistant = (w.model.requests[1].body.messages as Array<{ role: string; content: Array<{ type: string }> }>)[1];
    expect(assistant.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'tool_use']);

    // The inspector's model turn shows it too.
    await page.getByTestId('tab-model-turns').click();
    await page.getByTestId('model-turn').first().locator('.turn-head').click();
    await expect.poll(() => page.getByTestId('turn-detail').getByTestId('thinking').count()).toBe(1);

    // The session file: live deltas and the whole on message_end.
    const dir = join(w.home, 'sessions');
    const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
    const events = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const ends = events.filter((e) => e.type === 'message_end' && e.role === 'assistant');
    expect(ends[0].thinking).toBe(`${THOUGHT}\n\n[redacted]`);
    expect(ends[1].thinking).toBe('The listing is empty, so there is nothing to read.');
    const deltas = events.filter((e) => e.type === 'thinking_update' && e.messageId === ends[0].messageId).map((e) => e.delta as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(`${THOUGHT}\n\n[redacted]`);
  });

  it('Settings: reasoning per model and the Responses API reach the request; its reasoning summary shows as thinking', async () => {
    const w = await hosts.web([{ thinking: 'Summarised reasoning from the Responses API.', text: 'Answered over Responses.', chunkDelayMs: 10 }], undefined, [], { llmEnv: false });
    const page = await openApp(hosts.browser(), w);
    await showSettings(page);
    await page.getByTestId('settings-provider').selectOption('openai');
    await page.getByTestId('settings-model').fill('scripted');
    await page.getByTestId('settings-base-url').fill(w.model.openaiBaseURL);
    await page.getByTestId('settings-thinking').selectOption('high');
    await page.getByTestId('settings-api').selectOption('responses');
    await shot(page, 'settings-reasoning');
    await page.getByTestId('settings-save').click();
    const panel = page.getByTestId('settings-panel');
    // Saved with a model, the panel closes by itself (a Close clicked meanwhile could go away under the pointer).
    await panel.waitFor({ state: 'hidden', timeout: 30_000 });
    const config = JSON.parse(readFileSync(join(w.home, 'config.json'), 'utf8'));
    expect(config.llm).toMatchObject({ model: 'scripted', thinking: { scripted: 'high' }, api: 'responses' });

    await sendTask(page, 'answer please');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 90_000 }).toBe(1);
    expect(await page.getByTestId('assistant-message').last().innerText()).toContain('Answered over Responses.');
    const block = page.getByTestId('thinking').first();
    await block.locator('summary').click();
    expect(await block.getByTestId('thinking-text').innerText()).toBe('Summarised reasoning from the Responses API.');
    const req = w.model.requests.at(-1)!;
    expect(req.path).toBe('/v1/responses');
    expect(req.body).toMatchObject({ store: false, include: ['reasoning.encrypted_content'], reasoning: { effort: 'high', summary: 'auto' } });
  });
});
