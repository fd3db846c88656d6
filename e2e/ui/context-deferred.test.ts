import { describe, expect, it } from 'vitest';
import { sendTask, shotsAllSizes as shots, useChromiumAndWebHosts } from './ui-harness';
import { openPanesApp, waitRunEnd } from '../panes/panes-harness';

// Issue 22, lean requests, in Chromium against `glassbox web` with the scripted model: the
// context meter of a model request lists the tool schemas that were deferred behind tool_search
// (by default the built-in planning; here also two more named in agent.deferTools), with their
// source and estimated size, and the request itself carried none of their schemas.

const hosts = useChromiumAndWebHosts();

describe('the context meter shows what was deferred', () => {
  it('lists each deferred tool with its source and size; the request held tool_search, not their schemas', async () => {
    const w = await hosts.web([{ text: 'Hello.' }], { agent: { deferTools: ['planning', 'web_search', 'web_fetch'] } });
    const page = await openPanesApp(hosts.browser(), w);
    await sendTask(page, 'hello');
    await waitRunEnd(page, 1);
    const sent = (w.model.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(sent).toContain('tool_search');
    for (const name of ['planning', 'web_search', 'web_fetch']) expect(sent).not.toContain(name);

    await page.getByTestId('tab-model-turns').click();
    const deferred = page.getByTestId('context-deferred').first();
    await deferred.waitFor({ timeout: 30_000 });
    expect(await deferred.locator('summary').innerText()).toMatch(/^3 tool schemas deferred \(~[\d,]+ tokens not sent; the model loads them with tool_search\)$/);
    await deferred.locator('summary').click();
    const rows = deferred.getByTestId('context-deferred-tool');
    await expect.poll(() => rows.count()).toBe(3);
    const texts = await rows.allInnerTexts();
    expect(texts.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^\S+ web_search \(built-in\)$/),
      expect.stringMatching(/^\S+ web_fetch \(built-in\)$/),
      expect.stringMatching(/^\S+ planning \(built-in\)$/),
    ]);
    await shots(page, 'context-meter-deferred');
  }, 180_000);
});
