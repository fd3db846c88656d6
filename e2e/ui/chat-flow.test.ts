import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useChromiumAndWebHosts, openApp, sendTask, shot, startWeb, type WebFixture } from './ui-harness';

// The window in Debian Chromium against a real `glassbox web` and a scripted model:
// what a user sees while the agent works.

const hosts = useChromiumAndWebHosts();
async function web(...a: Parameters<typeof startWeb>): Promise<WebFixture> {
  const w = await hosts.web(...a);
  return w;
}

// Each test starts a real host and model on a loaded machine: give them room.
describe('chat and live tool calls', { timeout: 120_000 }, () => {
  it('streams text, shows a tool card with args and result, and the inspector shows the call and the model turns', async () => {
    const w = await web([
      { text: 'Let me check the greeting.', toolCalls: [{ id: 'call_echo_1', name: 'bash', arguments: { command: 'echo hello-from-bash' } }] },
      { text: 'The shell said **hello-from-bash**. All done, word by word by word.', chunkDelayMs: 120 },
    ]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'say hello through the shell');
    await expect.poll(() => page.getByTestId('user-message').innerText()).toContain('say hello through the shell');

    const card = page.getByTestId('tool-call-card').first();
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('call-tool').innerText()).toBe('bash');
    expect(await card.getByTestId('call-args').innerText()).toContain('echo hello-from-bash');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('ok');
    expect(await card.getByTestId('result-output').innerText()).toContain('hello-from-bash');

    // Streaming: the final message grows before it is complete.
    const last = page.getByTestId('assistant-message').last();
    await expect.poll(async () => (await page.getByTestId('assistant-message').count()) >= 2, { timeout: 30_000 }).toBe(true);
    const partial = await last.innerText();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 30_000 }).toBe(1);
    const full = await last.innerText();
    expect(full).toContain('All done, word by word by word.');
    expect(partial.length).toBeLessThan(full.length);
    // Markdown is rendered (bold), safely.
    expect(await last.locator('strong').innerText()).toBe('hello-from-bash');
    await shot(page, 'chat-tool-call');

    // Inspector: the selected call in full.
    await card.getByTestId('inspect-call').click();
    const detail = page.getByTestId('inspector-detail');
    await detail.waitFor();
    expect(await page.getByTestId('inspector-tool').innerText()).toBe('bash');
    expect(JSON.parse(await page.getByTestId('inspector-args').innerText())).toEqual({ command: 'echo hello-from-bash' });
    expect(await detail.getByTestId('result-output').innerText()).toContain('hello-from-bash');
    await shot(page, 'inspector-call');

    // Model turns: each request/response the model saw.
    await page.getByTestId('tab-model-turns').click();
    await expect.poll(() => page.getByTestId('model-turns').locator('.turn').count()).toBe(2);
    await shot(page, 'inspector-model-turns');
  });

  it('answers an ask_human question and an approval dialog; the answers reach the model and the disk', async () => {
    const w = await web(
      [
        { toolCalls: [{ name: 'ask_human', arguments: { inquire: 'Which file name should I use?' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'touch chosen-by-human.txt' } }] },
        { text: 'Created the file.' },
      ],
      { approvals: { mode: 'ask' } },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'make a file');

    const question = page.getByTestId('question-dialog');
    await question.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('question-text').innerText()).toContain('Which file name should I use?');
    await shot(page, 'dialog-ask-human');
    await page.getByTestId('question-answer').fill('chosen-by-human.txt');
    await page.getByTestId('question-submit').click();

    const approval = page.getByTestId('approval-request');
    await approval.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('approval-command').innerText()).toBe('touch chosen-by-human.txt');
    // The exact JSON is one click away.
    await page.getByTestId('approval-raw-toggle').click();
    expect(JSON.parse(await page.getByTestId('approval-args').innerText())).toEqual({ command: 'touch chosen-by-human.txt' });
    await shot(page, 'dialog-approval');
    expect(existsSync(join(w.workspace, 'chosen-by-human.txt'))).toBe(false);

    // The dialog survives a reload: the host keeps it until answered.
    await page.reload();
    await page.getByTestId('approval-request').waitFor({ timeout: 30_000 });
    await page.getByTestId('approve-once').click();

    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 30_000 }).toBe(1);
    expect(existsSync(join(w.workspace, 'chosen-by-human.txt'))).toBe(true);
    expect(await page.getByTestId('approval-request').count()).toBe(0);
    // The human's answer went to the model as the tool result.
    expect(JSON.stringify(w.model.requests[1]!.body.messages)).toContain('chosen-by-human.txt');
  });

  it('a denied call shows as denied and nothing runs', async () => {
    const w = await web(
      [{ toolCalls: [{ name: 'bash', arguments: { command: 'touch must-not-exist.txt' } }] }, { text: 'Understood.' }],
      { approvals: { mode: 'ask' } },
    );
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'try something');
    await page.getByTestId('approval-request').waitFor({ timeout: 30_000 });
    await page.getByTestId('deny').click();
    const card = page.getByTestId('tool-call-card').first();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('denied');
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 30_000 }).toBe(1);
    expect(existsSync(join(w.workspace, 'must-not-exist.txt'))).toBe(false);
  });

  it('Stop ends a long run as cancelled', async () => {
    const w = await web([{ toolCalls: [{ name: 'bash', arguments: { command: 'sleep 45' } }] }, { text: 'never' }]);
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'wait a long time');
    const card = page.getByTestId('tool-call-card').first();
    await card.waitFor({ timeout: 30_000 });
    await page.getByTestId('stop-button').click();
    const end = page.getByTestId('run-end');
    await expect.poll(() => end.getAttribute('data-reason'), { timeout: 20_000 }).toBe('cancelled');
    // The run-end row comes with agent_end; Send comes back with the state after the run settles.
    await expect.poll(() => page.getByTestId('send-button').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'run-stopped');
  });
});
