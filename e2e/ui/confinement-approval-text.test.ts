import { describe, expect, it } from 'vitest';
import { openApp, sendTask, shot, useChromiumAndWebHosts } from './ui-harness';

// Found attacking issue 16: in the window's approval dialog a right-to-left override made
// `echo "safe listing" ‮; rm -rf /var/tmp/victim-x #` show as `echo "safe listing" # x-mitciv/pmt/rav/ fr- mr ;`
// — a harmless-looking comment. The dialog now says first that the text may not be what runs
// (the terminal prompt shows such characters escaped).
const hosts = useChromiumAndWebHosts();

describe('the approval dialog and characters that change how a command is shown', { timeout: 300_000 }, () => {
  it('a bidirectional override in the command puts a warning first among the reasons', async () => {
    const cmd = 'echo "safe listing" \u202e; rm -rf /var/tmp/gb-victim-not-created #';
    const w = await hosts.web([{ toolCalls: [{ name: 'bash', arguments: { command: cmd } }] }, { text: 'done' }], { approvals: { mode: 'ask' } });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'go');
    await page.getByTestId('approval-request').waitFor({ timeout: 180_000 });
    const first = await page.getByTestId('approval-reasons').locator('li').first().innerText();
    expect(first).toContain('U+202E');
    expect(first).toMatch(/the text shown may not be what runs/);
    await shot(page, 'dialog-bidi-warning');
    await page.getByTestId('deny').click();
  });
});
