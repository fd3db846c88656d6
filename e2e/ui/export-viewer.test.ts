import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';
import { launchChromium, shotsAllSizes } from './ui-harness';

// The HTML export is a viewer: Markdown rendered, calls folded behind a visible marker with
// *Expand all*, edit diffs, thinking, durations in human units with the approval wait apart.
// And it stays inert: a crafted message runs nothing, loads nothing, navigates nowhere.

const T0 = 1_800_000_000_000;

function writeSession(home: string, id: string): void {
  let seq = 0;
  const ev = (ts: number, e: Record<string, unknown>): string => JSON.stringify({ seq: ++seq, ts: T0 + ts, session: id, ...e });
  const crafted = [
    '## Crafted corner',
    '<img src=x onerror="document.title=\'pwned-img\'">',
    '<script>document.title = "pwned-script"</script>',
    '[click me](javascript:document.title=%22pwned-link%22)',
    '<b onmouseover="document.title=\'pwned-hover\'" id="hover-me">raw bold</b>',
    '<iframe src="http://127.0.0.1:9/frame"></iframe>',
    '![remote](http://127.0.0.1:9/pixel.png)',
  ].join('\n\n');
  const lines = [
    ev(0, { type: 'agent_start', task: 'Fix the greeting' }),
    ev(1, { type: 'message_end', messageId: 'u1', role: 'user', content: 'Fix the greeting in `hello.txt`.' }),
    ev(2, { type: 'model_request', step: 1 }),
    ev(900, { type: 'message_end', messageId: 'a1', role: 'assistant', content: '# Plan\n\n1. Read **hello.txt**\n2. Replace the greeting\n\nSee [the docs](https://example.com/docs).', thinking: 'The file says hello; it should say hi.', toolCalls: [] }),
    ev(901, { type: 'model_response', step: 1, model: 'scripted', usage: { inputTokens: 1200, outputTokens: 80, costUsd: 0.0012, ttftMs: 300, durationMs: 8324 } }),
    ev(902, { type: 'tool_execution_start', callId: 'edit1', tool: 'str_replace_editor', args: { command: 'str_replace', path: 'hello.txt', old_str: 'hello', new_str: 'hi' }, source: 'builtin' }),
    ev(903, { type: 'approval_requested', requestId: 'r1', callId: 'edit1', tool: 'str_replace_editor', args: {} }),
    ev(9203, { type: 'approval_resolved', requestId: 'r1', callId: 'edit1', decision: 'allow', by: 'human' }),
    ev(10_402, {
      type: 'tool_execution_end',
      callId: 'edit1',
      tool: 'str_replace_editor',
      result: { output: 'The file hello.txt has been edited.', error: null, images: [], system: null, metadata: { command: 'str_replace', path: 'hello.txt', before: 'one\ntwo\nhello world\nthree\n', after: 'one\ntwo\nhi world\nthree\n' } },
      durationMs: 9500,
    }),
    ev(10_500, { type: 'tool_execution_start', callId: 'old1', tool: 'bash', args: { command: 'ls -la' }, source: 'builtin' }),
    ev(82_500, { type: 'tool_execution_end', callId: 'old1', tool: 'bash', result: { output: 'total 8', error: null, images: [], system: null }, durationMs: 72_000 }),
    ev(82_600, { type: 'message_end', messageId: 'a2', role: 'assistant', content: crafted, toolCalls: [] }),
    ev(82_700, { type: 'agent_end', reason: 'finished' }),
  ];
  mkdirSync(join(home, 'sessions'), { recursive: true });
  writeFileSync(join(home, 'sessions', `${id}.jsonl`), lines.join('\n') + '\n');
}

describe('the HTML export as a viewer', () => {
  it('renders Markdown, folds calls with Expand all, shows the edit diff and split durations, and runs nothing crafted', async () => {
    const t = tempGlassbox();
    mkdirSync(t.workspace, { recursive: true });
    writeSession(t.home, 'viewer');
    const out = join(t.workspace, 'viewer.html');
    const r = await runGlassbox(['sessions', 'export', 'viewer', '--html', out], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/\d{4,} ms/); // never "8324 ms"
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      page.on('request', (req) => requests.push(req.url()));
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`file://${out}`, { waitUntil: 'load' });
      const title = await page.title();

      // Markdown rendered: a heading, a list, bold, an http link.
      await expect.poll(() => page.locator('.msg.assistant h1').first().innerText()).toBe('Plan');
      expect(await page.locator('.msg.assistant ol li').count()).toBe(2);
      expect(await page.locator('.msg.assistant a[href="https://example.com/docs"]').count()).toBe(1);
      expect(await page.locator('.msg.user code').innerText()).toBe('hello.txt');
      // Thinking, folded.
      expect(await page.locator('details.thinking summary').innerText()).toBe('Thinking');

      // Calls are folded behind a visible marker; a click on the head opens one.
      const edit = page.locator('#call-edit1');
      const body = edit.locator('.call-body');
      expect(await body.isVisible()).toBe(false);
      expect(await edit.locator('.call-head').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"▸"');
      await edit.locator('.call-head').click();
      await expect.poll(() => body.isVisible()).toBe(true);
      expect(await edit.locator('.call-head').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"▾"');
      // The edit's diff: the removed and the added line.
      expect(await edit.locator('.diff .del').innerText()).toContain('hello world');
      expect(await edit.locator('.diff .add').innerText()).toContain('hi world');
      // Run time and approval wait apart, in human units (derived from the approval events here).
      expect(await edit.locator('[data-time]').innerText()).toBe('ran 1.2 s · waited 8.3 s for approval');
      // An old call with one duration: 72,000 ms reads as minutes and seconds.
      expect(await page.locator('#call-old1 [data-time]').innerText()).toBe('ran 1 min 12 s');
      expect(await page.locator('table.usage').innerText()).toContain('8.3 s');

      // Expand all opens every call; again closes them.
      const old = page.locator('#call-old1 .call-body');
      expect(await old.isVisible()).toBe(false);
      await page.locator('[data-expand-all]').click();
      await expect.poll(() => old.isVisible()).toBe(true);
      expect(await page.locator('[data-expand-all]').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"Collapse all"');
      await page.locator('[data-expand-all]').click();
      await expect.poll(() => old.isVisible()).toBe(false);
      // A timeline row opens its call.
      await page.locator('label.tl-row[for]').last().click();
      await expect.poll(() => old.isVisible()).toBe(true);

      // The crafted message: shown as text, nothing ran, nothing loaded, no link to javascript:.
      const crafted = page.locator('.msg.assistant').last();
      expect(await crafted.locator('h2').innerText()).toBe('Crafted corner');
      const text = await crafted.innerText();
      expect(text).toContain('<img src=x onerror=');
      expect(text).toContain('<script>');
      expect(text).toContain('click me');
      expect(await page.locator('img, script, iframe, object, embed, svg, [onerror], [onmouseover], [onclick]').count()).toBe(0);
      expect(await page.locator('a[href^="javascript" i]').count()).toBe(0);
      await crafted.getByText('click me').click();
      await crafted.getByText('raw bold').hover();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
      expect(await page.title()).toBe(title);
      expect(title).not.toContain('pwned');
      expect(dialogs).toEqual([]);
      expect(requests).toEqual([`file://${out}`]);
      expect(page.url()).toBe(`file://${out}`);

      // Looked at: light and dark at each size, the edit open (since the first click), the other closed.
      await page.locator('#call-old1 .call-head').click();
      await expect.poll(() => old.isVisible()).toBe(false);
      expect(await body.isVisible()).toBe(true);
      await shotsAllSizes(page, 'export-viewer');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
