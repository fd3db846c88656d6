import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendTask, useChromiumAndWebHosts, type WebFixture } from './ui-harness';
import { openPanesApp, waitRunEnd } from '../panes/panes-harness';
import { ROOT } from '../helpers/cli';

// Every edit Build 1 lists is reachable from the window's Fork… editor, in Chromium against
// `glassbox web`: a tool's arguments, a tool's result as an error, the user's text, the system
// prompt and an MCP server's instructions (the real everything server). Each fork runs, and its
// first model request holds the edit.

const hosts = useChromiumAndWebHosts();
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

/** The request the fork sent first, after `before` requests. */
async function nextRequest(w: WebFixture, before: number): Promise<string> {
  await expect.poll(() => w.model.requests.length, { timeout: 90_000 }).toBeGreaterThan(before);
  return JSON.stringify(w.model.requests[before]!.body.messages);
}

/** Back to the parent from a fork's banner, with its run shown. */
async function backToParent(page: Page): Promise<void> {
  const banner = page.getByTestId('fork-banner');
  await banner.waitFor({ timeout: 60_000 });
  await banner.locator('button.link-button').first().click();
  await expect.poll(() => page.getByTestId('fork-banner').count(), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('tool-call-card').count(), { timeout: 60_000 }).toBe(1);
}

async function forkFrom(page: Page, which: 'user' | 'model' | 'card', edit: string): Promise<ReturnType<Page['getByTestId']>> {
  if (which === 'card') {
    const card = page.getByTestId('tool-call-card').first();
    await card.hover();
    await card.getByTestId('fork-from-here').click();
  } else {
    await page.getByTestId(which === 'user' ? 'user-message' : 'assistant-message').first().hover();
    // The user's row has the first Fork… of the chat, the model's answer the last.
    const buttons = page.locator('.msg-actions [data-testid="fork-from-here"]');
    await (which === 'user' ? buttons.first() : buttons.last()).click();
  }
  const dialog = page.getByTestId('fork-dialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByTestId(`fork-edit-${edit}`).check();
  return dialog;
}

async function confirm(dialog: ReturnType<Page['getByTestId']>): Promise<void> {
  await dialog.getByTestId('fork-confirm').click();
  await dialog.waitFor({ state: 'detached', timeout: 60_000 });
}

describe('every edit of Fork… from the window', () => {
  it('arguments, an error result, the user\'s text, the system prompt and MCP instructions each reach the fork\'s request', async () => {
    const w = await hosts.web([], { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    w.model.push({ toolCalls: [{ name: 'bash', arguments: { command: 'echo ONE' } }] }, { text: 'Parent done.' });
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'run one command');
    await waitRunEnd(page, 1);
    await expect.poll(() => page.getByTestId('tool-call-card').count(), { timeout: 30_000 }).toBe(1);

    // A tool's arguments: the call runs again with them.
    let before = w.model.requests.length;
    w.model.push({ text: 'a' });
    let dialog = await forkFrom(page, 'card', 'args');
    expect(await dialog.getByTestId('fork-text').inputValue()).toContain('echo ONE');
    await dialog.getByTestId('fork-text').fill('{"command":"echo ARGS-EDITED"}');
    await confirm(dialog);
    expect(await nextRequest(w, before)).toContain('ARGS-EDITED');
    await backToParent(page);

    // A tool's result, as an error.
    before = w.model.requests.length;
    w.model.push({ text: 'r' });
    dialog = await forkFrom(page, 'card', 'result');
    await dialog.getByTestId('fork-text').fill('disk on fire');
    await dialog.getByTestId('fork-is-error').check();
    await confirm(dialog);
    expect(await nextRequest(w, before)).toContain('disk on fire');
    const starts = readdirSync(join(w.home, 'sessions'))
      .flatMap((f) => readFileSync(join(w.home, 'sessions', f), 'utf8').split('\n'))
      .filter((l) => l.includes('"type":"agent_start"') && l.includes('"forkKind"'))
      .map((l) => JSON.parse(l) as { changed: { what: string; result?: { error: string | null; output: string | null } } });
    expect(starts.map((s) => s.changed)).toContainEqual(expect.objectContaining({ what: 'result', result: expect.objectContaining({ error: 'disk on fire', output: null }) }));
    await backToParent(page);

    // The user's text.
    before = w.model.requests.length;
    w.model.push({ text: 'm' });
    dialog = await forkFrom(page, 'user', 'message');
    expect(await dialog.getByTestId('fork-text').inputValue()).toBe('run one command');
    await dialog.getByTestId('fork-text').fill('EDITED TASK');
    await confirm(dialog);
    const m = await nextRequest(w, before);
    expect(m).toContain('EDITED TASK');
    expect(m).not.toContain('run one command');
    await backToParent(page);

    // The system prompt.
    before = w.model.requests.length;
    w.model.push({ text: 's' });
    dialog = await forkFrom(page, 'model', 'systemPrompt');
    await dialog.getByTestId('fork-text').fill('You are EDITED-SYSTEM.');
    await confirm(dialog);
    expect(await nextRequest(w, before)).toContain('You are EDITED-SYSTEM.');
    await backToParent(page);

    // One MCP server's instructions.
    before = w.model.requests.length;
    w.model.push({ text: 'i' });
    dialog = await forkFrom(page, 'model', 'instructions');
    await expect.poll(() => dialog.getByTestId('fork-server').locator('option').allInnerTexts(), { timeout: 60_000 }).toContain('everything');
    await dialog.getByTestId('fork-server').selectOption('everything');
    await dialog.getByTestId('fork-text').fill('Use EDITED-INSTRUCTIONS only.');
    await confirm(dialog);
    expect(await nextRequest(w, before)).toContain("Instructions from MCP server 'everything':\\nUse EDITED-INSTRUCTIONS only.");
  }, 400_000);
});
