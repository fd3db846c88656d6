import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../mcp/mcp-test-helpers';
import { eachWindowSize, openRightTab, openApp, sendTask, shot, useChromiumAndWebHosts } from './ui-harness';

// What the window's walk left at the smaller sizes: the run's *Stop after this step* and *Stop*
// on two rows, an approval's *Deny* on a row of its own, the inspector's source filter cutting
// "all sources", a long MCP tool name pushing its *Call…* onto a line of its own.

const hosts = useChromiumAndWebHosts();

/** How many rows the shown elements sit on: a new row where one starts below the middle of the one before. */
async function rows(locators: Locator[]): Promise<number> {
  const boxes: Array<{ y: number; height: number }> = [];
  for (const l of locators) {
    const box = await l.boundingBox();
    if (!box) throw new Error('not shown');
    boxes.push(box);
  }
  boxes.sort((a, b) => a.y - b.y);
  return boxes.filter((b, i) => i === 0 || b.y > boxes[i - 1]!.y + boxes[i - 1]!.height / 2).length;
}

/** Whether a select's chosen text fits in it beside its arrow, measured in the select's own font. */
function selectFits(select: Locator): Promise<{ text: string; need: number; room: number }> {
  return select.evaluate((el) => {
    const sel = el as HTMLSelectElement;
    const cs = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = cs.font;
    const text = sel.options[sel.selectedIndex]?.text ?? '';
    // Chromium draws a menulist's arrow in about 20 px at the end of its content box.
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return { text, need: Math.ceil(ctx.measureText(text).width), room: Math.floor(room) };
  });
}

describe('controls at the smaller sizes', { timeout: 240_000 }, () => {
  it('the run\'s buttons and an approval\'s answers each keep one row, and the inspector\'s filters show their whole text, at every size, light and dark', async () => {
    const w = await hosts.web([], { approvals: { mode: 'ask' } });
    w.model.push({ toolCalls: [{ name: 'bash', arguments: { command: 'touch waits-for-you.txt' } }] }, { text: 'Done.' });
    const page = await openApp(hosts.browser(), w);
    await sendTask(page, 'touch a file');
    const request = page.getByTestId('approval-request');
    await request.waitFor({ timeout: 60_000 });
    await openRightTab(page, 'inspector');
    await page.getByTestId('filter-source').waitFor();

    await eachWindowSize(page, async (where, width) => {
      const run = ['stop-after-step', 'stop-button'].map((id) => page.getByTestId(id));
      await expect.poll(() => rows(run), { message: `${where}: Stop after this step and Stop` }).toBe(1);
      // The box keeps most of the width: the buttons are beside it or on a row of their own under it.
      const box = (await page.getByTestId('composer-input').boundingBox())!;
      const center = (await page.locator('.center').boundingBox())!;
      expect(box.width, `${where}: the message box's width`).toBeGreaterThan(center.width * 0.5);
      await request.scrollIntoViewIfNeeded();
      const answers = ['approve-once', 'approve-always', 'deny'].map((id) => request.getByTestId(id));
      expect(await rows(answers), `${where}: Allow once, Always allow, Deny`).toBe(1);
      if (width >= 1000) {
        await openRightTab(page, 'inspector');
        for (const id of ['filter-tool', 'filter-source', 'filter-status']) {
          const fit = await selectFits(page.getByTestId(id));
          expect(fit.need, `${where}: ${id} "${fit.text}" needs ${fit.need} px, has ${fit.room}`).toBeLessThanOrEqual(fit.room);
        }
      }
      await shot(page, `narrow-controls-${where}`);
    });

    // Typed text while it runs adds Queue: still one row, still most of the width for the box.
    await page.getByTestId('composer-input').fill('and then say what you did');
    await eachWindowSize(page, async (where) => {
      const run = ['queue-button', 'stop-after-step', 'stop-button'].map((id) => page.getByTestId(id));
      await expect.poll(() => rows(run), { message: `${where}: Queue, Stop after this step and Stop` }).toBe(1);
    });
    await request.getByTestId('deny').click();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
  });

  it('a long MCP tool name wraps at its word breaks and its Call… stays at the end of its first line', async () => {
    const server = 'everything-with-a-rather-long-server-name';
    const w = await hosts.web([], { mcpServers: { [server]: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const page = await openApp(hosts.browser(), w);
    await openRightTab(page, 'mcp');
    const card = page.getByTestId('mcp-pane').locator(`[data-testid="mcp-server"][data-server="${server}"]`);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 90_000 }).toBe('connected');
    await card.getByTestId('mcp-tab-tools').click();
    const row = card.locator('[data-testid="mcp-tool"][data-tool="trigger-long-running-operation"]');
    await row.waitFor();
    await eachWindowSize(page, async (where, width) => {
      if (width < 1000) return; // the MCP pane is under ⋯ and narrower than a tool's name at 800 px: the same rule holds, checked at 1000
      await openRightTab(page, 'mcp');
      await row.scrollIntoViewIfNeeded();
      const name = row.locator('code').first();
      // The name as the model sees it: namespaced by the server and cut to 64 characters.
      expect((await name.innerText()).length, where).toBe(64);
      const [n, call] = [(await name.boundingBox())!, (await row.getByTestId('mcp-tool-call').boundingBox())!];
      // Beside the name's first line, and inside the row.
      expect(Math.abs(call.y - n.y), `${where}: Call… on the name's first line`).toBeLessThan(n.height);
      expect(call.x, `${where}: Call… after the name`).toBeGreaterThanOrEqual(n.x + 20);
      await shot(page, `narrow-mcp-tool-${where}`);
    });
  });
});
