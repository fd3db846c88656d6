import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { parseJsonLines, TEST_KEY, useAgentFixtures } from '../agent/agent-harness';
import { runGlassbox } from '../helpers/cli';
import { launchChromium } from '../ui/ui-harness';

// `glassbox sessions list | search | export` over sessions recorded by real `glassbox run`s.

vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();

describe('glassbox sessions', () => {
  it('lists, searches with filters, and exports a session that opens offline in Chromium', async () => {
    const f = await fixture('openai', [
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo "check 3 ok"' } }], usage: { inputTokens: 1000, outputTokens: 50 } },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: '/nonexistent/zz.txt' } }] },
      { text: `All checks passed. key=${TEST_KEY}` },
      // second session
      { text: 'Nothing to do here.' },
    ]);
    const run = (task: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
      runGlassbox(['run', task, '--json', '--workspace', f.workspace, '--approve', 'auto'], { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
    const first = await run('run the checks');
    expect(first.code, first.stderr).toBe(0);
    const id = parseJsonLines(first.stdout)[0].session;
    const second = await run('say hello');
    expect(second.code, second.stderr).toBe(0);
    const cli = (...args: string[]): ReturnType<typeof runGlassbox> => runGlassbox(['sessions', ...args], { env: f.env, cwd: f.workspace, timeoutMs: 60_000 });

    const list = await cli('list', '--json');
    expect(list.code, list.stderr).toBe(0);
    const sessions = JSON.parse(list.stdout) as Array<{ id: string; title: string; events: number; usage: { turns: number; inputTokens: number } }>;
    expect(sessions.map((s) => s.title)).toEqual(['say hello', 'run the checks']); // newest first
    expect(sessions[1]).toMatchObject({ id, usage: { turns: 3 } });
    expect(sessions[1].usage.inputTokens).toBeGreaterThanOrEqual(1000);
    expect(sessions[1].events).toBeGreaterThan(10);

    type Hit = { session: string; kind: string; tool?: string; status?: string; callId?: string; snippet: string };
    const search = async (q: string): Promise<Hit[]> => {
      const r = await cli('search', q, '--json');
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Hit[];
    };
    // A word of a tool result, not of any title.
    const content = await search('"CHECK 3 OK"');
    expect(content.map((h) => [h.session, h.kind, h.tool])).toEqual([[id, 'call', 'bash']]);
    expect(content[0].snippet).toContain('check 3 ok');
    expect((await search('tool:str_replace_editor status:error')).map((h) => h.tool)).toEqual(['str_replace_editor']);
    expect(await search('tool:bash status:error')).toEqual([]);
    expect((await search('hello')).map((h) => h.kind)).toEqual(['user']);
    expect(await search('before:2000-01-01 check')).toEqual([]);
    expect((await search('after:2000-01-01 "check 3 ok"')).map((h) => h.tool)).toEqual(['bash']);
    expect((await search('tool:bash dur:>=0ms')).map((h) => h.tool)).toEqual(['bash']);
    expect(await search('tool:bash dur:>1000s')).toEqual([]);
    expect(await search('server:everything')).toEqual([]); // no MCP server in these sessions
    expect(await search('cost:>0')).toEqual([]); // the scripted model has no price: no cost to compare
    const human = await cli('search', 'nothing-matches-this');
    expect(human.code).toBe(0);
    expect(human.stderr).toContain('No matches.');
    const bad = await cli('search', 'dur:fast');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('dur: wants a comparison');
    expect(existsSync(join(f.home, 'state', 'search', `${id}.json`))).toBe(true);

    // Export: one HTML file, secrets redacted, no outputs when asked.
    const out = join(f.workspace, 'session.html');
    const ex = await cli('export', id, '--html', out);
    expect(ex.code, ex.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toContain(TEST_KEY);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/);
    expect(statSync(out).mode & 0o077).toBe(0);
    const bare = join(f.workspace, 'bare.html');
    expect((await cli('export', id, '--html', bare, '--without-tool-outputs')).code).toBe(0);
    expect(readFileSync(bare, 'utf8')).not.toContain('check 3 ok\n');
    expect((await cli('export', 'no-such-session', '--html', bare)).code).toBe(2);

    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file:')) return route.continue();
        requests.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(pathToFileURL(out).href);
      await expect.poll(() => page.locator('h1').textContent()).toBe('run the checks');
      await page.locator('[data-call]').first().locator('.call-head').click();
      await expect.poll(() => page.locator('[data-call] .call-body').first().isVisible()).toBe(true);
      expect(await page.locator('[data-call]').first().innerText()).toContain('check 3 ok');
      expect(await page.locator('.msg.assistant').last().textContent()).toContain('All checks passed.');
      expect(await page.locator('aside table tbody tr').count()).toBe(3);
      expect(await page.locator('.lane').count()).toBeGreaterThanOrEqual(5);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
