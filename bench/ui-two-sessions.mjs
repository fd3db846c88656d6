// bench/ui-two-sessions.mjs — two sessions streaming at once, for bench/ui.mjs (issue 17).
//
// One `glassbox web` with the scripted model; two Chromium pages (two tabs, their own sessions)
// each send a task whose answer streams for several seconds, at the same time. While both
// stream, each page measures its main thread's work per frame: from the first WebSocket message
// handled in a frame to just after that frame was rendered (the same measure as the scroll
// rows: work, not the vsync interval). Beside it, one session streaming alone in the same run.
// Target: p95 ≤ 16.7 ms.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';
import { startWebHost } from './web-host.mjs';
import { startTrace, tagPage, workPerFrame } from './ui-main-thread-trace.mjs';

/** Installed before the page's scripts: marks when a frame's first bridge message is handled. */
function markBridgeMessages() {
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, opts) {
    if (type !== 'message') return add.call(this, type, listener, opts);
    return add.call(this, type, (ev) => {
      window.__frameStart ??= performance.now();
      return listener(ev);
    }, opts);
  };
}

/** In the page: per-frame work for `ms` milliseconds (frames with no message count from their rAF). */
function frameWork(ms) {
  return new Promise((res) => {
    const work = [];
    let messages = 0;
    const after = new MessageChannel();
    after.port1.onmessage = (e) => work.push(performance.now() - e.data);
    const end = performance.now() + ms;
    const step = (now) => {
      const start = window.__frameStart ?? now;
      if (window.__frameStart !== undefined) messages++;
      window.__frameStart = undefined;
      after.port2.postMessage(start);
      if (now < end) requestAnimationFrame(step);
      else setTimeout(() => res({ work: work.slice(2), framesWithMessages: messages }), 50);
    };
    requestAnimationFrame(step);
  });
}

/** A long streamed answer: `chunks` words, `delay` ms apart. */
const longAnswer = (word, chunks, delay) => ({ text: Array.from({ length: chunks }, (_, i) => `${word}${i}`).join(' '), chunkDelayMs: delay });

/**
 * Runs the measurement with `chromium` (playwright-core's) against the built CLI under `root`.
 * Returns per-page work samples for two sessions at once and for one alone.
 */
export async function twoSessionsBench({ root, chromium, executablePath, seconds = 5 }) {
  const jiti = createJiti(import.meta.url);
  const { startScriptedModelServer } = await jiti.import(join(root, 'e2e/fixtures/scripted-model-server.ts'));
  const chunks = Math.ceil((seconds * 1000 + 3000) / 8);
  const model = await startScriptedModelServer([longAnswer('alone', chunks, 8), longAnswer('alpha', chunks, 8), longAnswer('beta', chunks, 8)]);
  const base = mkdtempSync(join(tmpdir(), 'glassbox-bench-two-'));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(home, { recursive: true });
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ approvals: { mode: 'auto' } }));
  const env = { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_API_KEY: 'x' };
  const { child, url } = await startWebHost(['--workspace', ws], env);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const open = async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(markBridgeMessages);
      await page.goto(url);
      await page.getByTestId('composer-input').waitFor({ timeout: 60_000 });
      return page;
    };
    const send = async (page, text) => {
      await page.getByTestId('composer-input').fill(text);
      await page.getByTestId('composer-input').press('Enter');
      await page.getByTestId('assistant-message').last().waitFor({ timeout: 60_000 });
    };
    // One session alone first (the reference), then two at once.
    // Each window is measured twice at once: in the page (message → painted frame, which counts
    // the wait for vsync too) and from a Chromium trace (the main thread's tasks per frame).
    const a = await open();
    await send(a, 'stream alone');
    let trace = await startTrace(browser);
    await tagPage(a, 'bench:a');
    const alone = await a.evaluate(frameWork, seconds * 1000);
    alone.trace = workPerFrame(await trace.stop(), 'bench:a');
    await a.getByTestId('run-end').waitFor({ timeout: 120_000 });
    await a.getByTestId('new-session').click();
    const b = await open();
    await b.getByTestId('new-session').click();
    await Promise.all([send(a, 'stream alpha'), send(b, 'stream beta')]);
    trace = await startTrace(browser);
    await Promise.all([tagPage(a, 'bench:a'), tagPage(b, 'bench:b')]);
    const [wa, wb] = await Promise.all([a.evaluate(frameWork, seconds * 1000), b.evaluate(frameWork, seconds * 1000)]);
    const events = await trace.stop();
    wa.trace = workPerFrame(events, 'bench:a', ['bench:b']);
    wb.trace = workPerFrame(events, 'bench:b', ['bench:a']);
    return { alone, a: wa, b: wb };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await model.close();
  }
}
