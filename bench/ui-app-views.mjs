// bench/ui-app-views.mjs — a session with 50 MCP App views (the official basic-vanillajs
// example's 218 KB view under each of 50 calls), opened in Debian Chromium through a real
// `glassbox web` with that server configured: time to the first card painted and to the first
// view running, p95 main-thread work per frame while scrolling the whole conversation, and how
// many view frames are alive (in the DOM) at any time — views outside the viewport must not be.
// Targets as for the chat: ≤ 500 ms, ≤ 16.7 ms. Run through bench/ui.mjs (`--only app-views`).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstCardPaint, startWebHost } from './web-host.mjs';

/** Calls in the session, each with a view. */
export const APP_VIEW_CALLS = 50;

/** A recorded session: per step a model turn and one call of the example's get-time tool with its view. */
function appViewEvents(id, steps, views = true) {
  const out = [];
  let seq = 0;
  let ts = Date.now() - steps * 10 - 60_000;
  const push = (e) => out.push({ seq: ++seq, ts: ts++, session: id, ...e });
  push({ type: 'agent_start', task: `benchmark session with ${steps} MCP App views` });
  for (let i = 0; i < steps; i++) {
    const messageId = `m${i}`;
    const callId = `call_${i}`;
    push({ type: 'turn_start', step: i + 1 });
    push({ type: 'message_start', messageId, role: 'assistant' });
    push({ type: 'message_end', messageId, role: 'assistant', content: `Step ${i}: the time again.`, toolCalls: [{ id: callId, name: 'mcp_basic_get-time', arguments: '{}' }] });
    push({ type: 'tool_execution_start', callId, tool: 'mcp_basic_get-time', args: {}, source: 'mcp:basic' });
    push({
      type: 'tool_execution_end',
      callId,
      tool: 'mcp_basic_get-time',
      result: { output: new Date(ts).toISOString(), error: null, images: [], system: null, ...(views ? { metadata: { mcpApp: { server: 'basic', resourceUri: 'ui://get-time/mcp-app.html', tool: 'get-time' }, structuredContent: { time: new Date(ts).toISOString() } } } : {}) },
      durationMs: 4,
    });
    push({ type: 'turn_end', step: i + 1 });
  }
  push({ type: 'agent_end', reason: 'finished' });
  return out;
}

/** Runs in the page: the view frames in the DOM, and those of them outside the conversation's viewport. */
function liveFrames() {
  const scroller = document.querySelector('[data-testid="chat"]');
  const v = scroller.getBoundingClientRect();
  const frames = [...document.querySelectorAll('[data-testid="app-view-frame"]')];
  const outside = frames.filter((f) => {
    const r = f.getBoundingClientRect();
    return r.bottom < v.top || r.top > v.bottom;
  }).length;
  return { live: frames.length, outside };
}

/**
 * Opens the session three times (first card painted, from Element Timing; first view running,
 * from its box's phase), then scrolls it bottom to top with `scrollFrames` (ui.mjs's frame
 * measure), sampling the live view frames every frame.
 */
export async function appViewsBench(o) {
  // The same 50 calls without views first, for scale on this machine now.
  const plain = await sessionBench({ ...o, views: false });
  const withViews = await sessionBench({ ...o, views: true });
  return { plain, withViews };
}

async function sessionBench({ root, chromium, executablePath, scrollFrames, pct, views }) {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-bench-views-'));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(join(home, 'sessions'), { recursive: true });
  mkdirSync(ws, { recursive: true });
  const server = join(root, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
  writeFileSync(join(home, 'config.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [server, '--stdio'] } } }));
  const id = 'bench-app-views';
  writeFileSync(join(home, 'sessions', `${id}.jsonl`), appViewEvents(id, APP_VIEW_CALLS, views).map((e) => JSON.stringify(e)).join('\n') + '\n');
  const env = { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_MODEL: 'none', GLASSBOX_LLM_BASE_URL: 'http://127.0.0.1:9/v1', GLASSBOX_LLM_API_KEY: 'x' };
  const { child, url } = await startWebHost(['--workspace', ws, '--session', id], env);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Warm-up: the host builds the session and starts the server on first use; the resource is cached after.
    await page.goto(url);
    try {
      await page.locator(views ? '[data-testid="app-view"][data-phase="running"]' : '[data-testid="tool-call-card"]').first().waitFor({ timeout: 120_000 });
    } catch (err) {
      await page.screenshot({ path: join(base, 'no-view.png') });
      throw new Error(`no view started (screenshot ${join(base, 'no-view.png')}): ${err.message}`);
    }
    const cards = [];
    const starts = [];
    for (let r = 0; r < 3; r++) {
      await page.reload();
      await page.getByTestId('tool-call-card').first().waitFor({ timeout: 120_000 });
      cards.push(await page.evaluate(firstCardPaint));
      // The first view's handshake done, in ms since navigation (polled every frame in the page).
      if (views) starts.push(
        await page.evaluate(
          () =>
            new Promise((res) => {
              const look = () => (document.querySelector('[data-testid="app-view"][data-phase="running"]') ? res(performance.now()) : requestAnimationFrame(look));
              look();
            }),
        ),
      );
    }
    const atRest = await page.evaluate(liveFrames);
    const rows = await page.locator('[data-testid="app-view"]').count();
    // Scroll the whole conversation while sampling the live frames each frame.
    await page.evaluate(() => {
      window.__frames = [];
      const sample = () => {
        const scroller = document.querySelector('[data-testid="chat"]');
        const v = scroller.getBoundingClientRect();
        const frames = [...document.querySelectorAll('[data-testid="app-view-frame"]')];
        window.__frames.push({ live: frames.length, outside: frames.filter((f) => f.getBoundingClientRect().bottom < v.top || f.getBoundingClientRect().top > v.bottom).length });
        if (!window.__stop) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    const scroll = await page.evaluate(scrollFrames, 600);
    const samples = await page.evaluate(() => {
      window.__stop = true;
      return window.__frames;
    });
    return {
      firstCard: pct(cards, 50),
      cards,
      firstView: views ? pct(starts, 50) : null,
      views: starts,
      scroll,
      atRest,
      rows,
      maxLive: Math.max(...samples.map((s) => s.live)),
      maxOutside: Math.max(...samples.map((s) => s.outside)),
      samples: samples.length,
    };
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

/** Prints the figures (called by ui.mjs). */
export function printAppViews({ plain: p, withViews: r }, pct) {
  const f = (n) => n.toFixed(1);
  console.log(`\n${APP_VIEW_CALLS} MCP App views in one session (server-basic-vanillajs, 218 KB view each) in Chromium (glassbox web --session):`);
  console.log(`  time to first card painted (median of 3)   ${f(r.firstCard)} ms   (target ≤ 500 ms)   runs: ${r.cards.map(f).join(', ')}   — the same 50 calls without views: ${f(p.firstCard)} ms (${(r.firstCard / p.firstCard).toFixed(2)}×)`);
  console.log(`  time to first view running (median of 3)   ${f(r.firstView)} ms   runs: ${r.views.map(f).join(', ')}`);
  console.log(`  scrolling, ${r.scroll.work.length} frames of 400 px: main-thread work per frame p95 ${f(pct(r.scroll.work, 95))} ms, p50 ${f(pct(r.scroll.work, 50))} ms   (target p95 ≤ 16.7 ms)   — without views: p95 ${f(pct(p.scroll.work, 95))} ms, p50 ${f(pct(p.scroll.work, 50))} ms (${p.scroll.work.length} frames)`);
  console.log(`    interval between frames p95 ${f(pct(r.scroll.intervals, 95))} ms, p50 ${f(pct(r.scroll.intervals, 50))} ms`);
  console.log(`  live view frames: at rest ${r.atRest.live} of ${APP_VIEW_CALLS} (${r.atRest.outside} outside the viewport, in the virtualizer's overscan); while scrolling at most ${r.maxLive} (at most ${r.maxOutside} outside), ${r.samples} frames sampled`);
}
