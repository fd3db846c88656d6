import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';
import { launchChromium } from './ui-harness';

// A session file is data from disk, and usage numbers come from the model server: a crafted one,
// exported to HTML and opened in Chromium, must make no request, not navigate and not submit.

describe('HTML export of a crafted session file', () => {
  it('prints every value as text: no request, no navigation, no form', async () => {
    const hits: string[] = [];
    const spy = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('caught');
    });
    await new Promise<void>((r) => spy.listen(0, '127.0.0.1', () => r()));
    const at = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    const refresh = `"><meta http-equiv="refresh" content="0;url=${at}/refresh">`;
    const form = `<form action="${at}/form" method="post"><button id="go">go</button></form><img src="${at}/img">`;
    const t = tempGlassbox();
    mkdirSync(join(t.home, 'sessions'), { recursive: true });
    mkdirSync(t.workspace, { recursive: true });
    const id = 'crafted';
    const lines = [
      { seq: refresh, ts: 1_800_000_000_000, session: id, type: 'agent_start', task: 't' },
      { seq: refresh, ts: 1_800_000_000_001, session: id, type: 'message_end', role: 'user', content: 'hello' },
      { seq: 3, ts: 1_800_000_000_002, session: id, type: 'model_request', step: form },
      {
        seq: 4,
        ts: 1_800_000_000_003,
        session: id,
        type: 'model_response',
        step: form,
        model: 'm',
        usage: { inputTokens: refresh, outputTokens: form, durationMs: `<a href="${at}/link">x</a>`, ttftMs: 1, costUsd: null },
      },
      { seq: 5, ts: 1_800_000_000_004, session: id, type: 'tool_execution_start', callId: 'c', tool: 'bash', args: {}, source: 'builtin' },
      { seq: 6, ts: 1_800_000_000_005, session: id, type: 'tool_execution_end', callId: 'c', tool: 'bash', result: { output: form }, durationMs: refresh },
    ];
    writeFileSync(join(t.home, 'sessions', `${id}.jsonl`), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const out = join(t.workspace, 'crafted.html');
    const r = await runGlassbox(['sessions', 'export', id, '--html', out], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain("form-action 'none'");
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (req) => requests.push(req.url()));
      const navigations: string[] = [];
      page.on('framenavigated', (f) => navigations.push(f.url()));
      await page.goto(`file://${out}`, { waitUntil: 'load' });
      // Nothing the file holds became markup: no refresh, form, image, link or script.
      expect(await page.locator('meta[http-equiv="refresh" i], form, img, a, script, iframe').count()).toBe(0);
      expect(await page.locator('body').innerText()).toContain('<form action=');
      expect(await page.locator('body').innerText()).toContain('http-equiv="refresh"');
      // The page's own load is the only request and the only navigation.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      expect(requests).toEqual([`file://${out}`]);
      expect(navigations).toEqual([`file://${out}`]);
      expect(page.url()).toBe(`file://${out}`);
      expect(hits).toEqual([]);
    } finally {
      await browser.close();
      spy.close();
    }
  }, 120_000);
});
