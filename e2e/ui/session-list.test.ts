import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox } from '../helpers/cli';
import { openApp, sendTask, shotsAllSizes, useChromiumAndWebHosts } from './ui-harness';

// Issue 26, item 8: only conversations are sessions (CLI tool calls make no rows), a running
// session is titled by its task at once, its badge sits at the right of its title, and an idle
// session does not jump up when background events (MCP status, log lines) are written to it.

const hosts = useChromiumAndWebHosts();

/** One session file of `events` (seq, session stamped here). */
function writeSession(home: string, id: string, events: Array<Record<string, unknown>>): void {
  mkdirSync(join(home, 'sessions'), { recursive: true, mode: 0o700 });
  const lines = events.map((e, i) => JSON.stringify({ seq: i + 1, session: id, ...e }));
  writeFileSync(join(home, 'sessions', `${id}.jsonl`), lines.join('\n') + '\n', { mode: 0o600 });
}

const titles = (page: import('playwright-core').Page) => page.getByTestId('session-item').getByTestId('session-row-title').allInnerTexts();

describe('the session list', { timeout: 240_000 }, () => {
  it('lists conversations only, most recently active first: CLI tool calls add no row, background events move no row', async () => {
    const now = Date.now();
    const w = await hosts.web([{ text: 'ok' }], undefined, [], {
      prepare: (home) => {
        // An older conversation whose MCP server reconnected a minute ago (background events only).
        writeSession(home, 'older-conversation', [
          { ts: now - 3_600_000, type: 'agent_start', task: 'fix the old bug' },
          { ts: now - 3_599_000, type: 'agent_end', reason: 'finished' },
          { ts: now - 60_000, type: 'mcp_server_status', server: 'files', status: 'connecting' },
          { ts: now - 59_000, type: 'mcp_server_status', server: 'files', status: 'connected' },
          { ts: now - 59_000, type: 'log', level: 'info', source: 'mcp:files', message: 'ready' },
        ]);
        writeSession(home, 'newer-conversation', [
          { ts: now - 600_000, type: 'agent_start', task: 'write the new feature' },
          { ts: now - 599_000, type: 'agent_end', reason: 'finished' },
        ]);
      },
    });
    // A tool called by hand from the shell writes its own trace file: not a conversation.
    const env = { ...process.env, GLASSBOX_HOME: w.home, GLASSBOX_DISABLE_BROWSER: '1' };
    const before = readdirSync(join(w.home, 'sessions')).length;
    const call = await runGlassbox(['tools', 'call', 'str_replace_editor', '--args', JSON.stringify({ command: 'view', path: '.' })], { env, cwd: w.workspace });
    expect(call.code).toBe(0);
    const list = await runGlassbox(['tools', 'list'], { env, cwd: w.workspace });
    expect(list.code).toBe(0);
    // The call did write a file (so the list below really leaves it out).
    expect(readdirSync(join(w.home, 'sessions')).filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThan(before);

    const page = await openApp(hosts.browser(), w);
    await expect.poll(() => titles(page), { timeout: 30_000 }).toEqual(['write the new feature', 'fix the old bug']);
    const cli = await runGlassbox(['sessions', 'list', '--json'], { env, cwd: w.workspace });
    const rows = JSON.parse(cli.stdout) as Array<{ title: string }>;
    expect(rows.map((r) => r.title)).toEqual(['write the new feature', 'fix the old bug']);
  });

  it('names a running session by its task at once, with its badge at the right of the title', async () => {
    let release!: () => void;
    const w = await hosts.web([{ hold: new Promise<void>((r) => (release = r)), text: 'Renamed.' }]);
    const page = await openApp(hosts.browser(), w);
    const task = 'rename every file under src/ to kebab-case and update the imports that point at them';
    await sendTask(page, task);
    const row = page.getByTestId('session-item').filter({ has: page.getByTestId('session-live') });
    await expect.poll(() => row.getByTestId('session-live').innerText(), { timeout: 60_000 }).toBe('running');
    await expect.poll(() => row.getByTestId('session-row-title').innerText(), { timeout: 30_000 }).toBe(task.slice(0, 77) + '…');
    await expect.poll(() => w.model.requests.length, { timeout: 60_000 }).toBe(1);
    for (const [width, height] of [
      [1400, 900],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      // At 800 px the sessions fold to make room (docs/window.md, Columns and panes): wait for the
      // fold (it follows the resize event; checking at once raced it under load), then show them
      // as a user would.
      if (width === 800) {
        await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(false);
        await page.getByTestId('toggle-sidebar').click();
      }
      await row.waitFor({ timeout: 10_000 });
      const title = (await row.getByTestId('session-row-title').boundingBox())!;
      const badge = (await row.getByTestId('session-live').boundingBox())!;
      const item = (await row.boundingBox())!;
      // On the title's line, right of it, inside the row.
      expect(Math.abs(badge.y + badge.height / 2 - (title.y + title.height / 2))).toBeLessThan(4);
      expect(badge.x).toBeGreaterThanOrEqual(title.x + title.width);
      expect(badge.x + badge.width).toBeLessThanOrEqual(item.x + item.width);
    }
    await shotsAllSizes(page, 'session-list-running');
    release();
    await expect.poll(() => page.getByTestId('run-end').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => row.getByTestId('session-live').innerText(), { timeout: 30_000 }).toBe('finished');
    expect((await titles(page))[0]).toBe(task.slice(0, 77) + '…');
  });
});
