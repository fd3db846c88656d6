// bench/ui-open.mjs — opening a long session in the window, for `bench/ui.mjs --calls N[,N…]`
// (issue 26). Needs `npm run build` first.
//
// For each size (10,000, 30,000 and 100,000 calls by default) a session file is written (per
// call: a model turn, the assistant's message and one bash call, as a real session records them)
// and opened in Debian Chromium through a real `glassbox web`, two ways:
//   - started with it (`glassbox web --session ID`): the host's start → the first card painted;
//   - clicked in the sidebar of a running host (the session not open there yet): the click →
//     the first card painted, then → every row loaded (the "Loading earlier rows" badge gone).
// Beside each, measured in the same run: the host's CPU time (user+sys from /proc) to the first
// card and to the whole session, a bare `JSON.parse` of every line of the same file in this
// process (the floor any reader of the file pays), and the p95 main-thread work per frame while
// scrolling the whole conversation (as bench/ui.mjs measures it). The growth over the sizes
// shows whether opening is linear in the session.
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { firstCardPaint, startWebHost } from './web-host.mjs';

/** Writes a session of `calls` tool calls, 8 events a call, as JSON Lines; resolves with its size. */
export async function writeLongSession(path, id, calls) {
  const out = createWriteStream(path);
  let seq = 0;
  let ts = Date.now() - calls * 20;
  const line = (type, rest) => `{"seq":${++seq},"ts":${ts++},"session":"${id}","type":"${type}"${rest}}\n`;
  let buf = line('agent_start', `,"task":"a session of ${calls} tool calls"`);
  for (let i = 0; i < calls; i++) {
    const call = `call_${i}`;
    buf +=
      line('turn_start', `,"step":${i + 1}`) +
      line('model_request', `,"step":${i + 1}`) +
      line('message_end', `,"messageId":"m${i}","role":"assistant","content":"Step ${i}: listing the files again.","toolCalls":[{"id":"${call}","name":"bash","arguments":"{\\"command\\":\\"ls -la dir${i}\\"}"}]`) +
      line('model_response', `,"step":${i + 1},"model":"bench","usage":{"inputTokens":${1000 + i},"outputTokens":20,"costUsd":null,"ttftMs":5,"durationMs":40}`) +
      line('tool_execution_start', `,"callId":"${call}","tool":"bash","args":{"command":"ls -la dir${i}"},"source":"builtin"`) +
      line('tool_execution_end', `,"callId":"${call}","tool":"bash","result":{"output":"total 8\\ndrwxr-xr-x 2 u u 4096 file-${i}.txt\\n","error":null,"images":[],"system":null},"durationMs":${3 + (i % 7)}`) +
      line('turn_end', `,"step":${i + 1}`);
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  buf += line('agent_end', `,"reason":"finished"`);
  out.end(buf);
  await once(out, 'finish');
  return { events: seq, bytes: statSync(path).size };
}

/** User+system CPU time of a process, ms (Linux /proc). */
function cpuMs(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

/** The bare floor: read the file and JSON.parse every line (median of 3, with its CPU). */
function bareParse(path) {
  const runs = [];
  for (let r = 0; r < 3; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const text = readFileSync(path, 'utf8');
    let n = 0;
    let at = 0;
    for (;;) {
      const nl = text.indexOf('\n', at);
      if (nl < 0) break;
      if (nl > at) {
        JSON.parse(text.slice(at, nl));
        n++;
      }
      at = nl + 1;
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    runs.push({ wall, cpu: (cpu.user + cpu.system) / 1000, n });
  }
  runs.sort((a, b) => a.wall - b.wall);
  return runs[1];
}

/**
 * In the page: clicks the sidebar row of `title` and resolves with ms from the click to the
 * first tool card painted (Element Timing entries after the click).
 */
function clickAndTimeFirstCard(title) {
  return new Promise((res, rej) => {
    const row = [...document.querySelectorAll('[data-testid="session-item"]')].find((el) => el.textContent.includes(title));
    const open = row?.querySelector('.session-open');
    if (!open) return rej(new Error(`no sidebar row for ${title}`));
    const t0 = performance.now();
    new PerformanceObserver((list, obs) => {
      const after = list.getEntries().filter((e) => (e.renderTime || e.loadTime) > t0);
      if (!after.length) return;
      obs.disconnect();
      res(Math.min(...after.map((e) => e.renderTime || e.loadTime)) - t0);
    }).observe({ type: 'element' });
    open.click();
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** One size: both ways of opening, the host's CPU, the bare parse, scrolling. */
async function openOne({ chromium, executablePath, calls, scrollFrames }) {
  const base = mkdtempSync(join(tmpdir(), 'glassbox-bench-open-'));
  const home = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(join(home, 'sessions'), { recursive: true });
  mkdirSync(ws, { recursive: true });
  const id = `long-${calls}`;
  const path = join(home, 'sessions', `${id}.jsonl`);
  const size = await writeLongSession(path, id, calls);
  const bare = bareParse(path);
  const env = { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_MODEL: 'none', GLASSBOX_LLM_BASE_URL: 'http://127.0.0.1:9/v1', GLASSBOX_LLM_API_KEY: 'x' };
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const out = { calls, ...size, bare };
  try {
    // 1. Started with the session: spawn → URL printed → navigation → first card.
    {
      const t0 = performance.now();
      const { child, url } = await startWebHost(['--workspace', ws, '--session', id], env);
      const printed = performance.now() - t0;
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const nav = performance.now();
      await page.goto(url);
      await page.getByTestId('tool-call-card').first().waitFor({ timeout: 600_000 });
      const paint = await page.evaluate(firstCardPaint);
      const cpuFirst = cpuMs(child.pid);
      await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 600_000 });
      const whole = performance.now() - nav;
      const cpuWhole = cpuMs(child.pid);
      // Scroll the whole conversation from the bottom up, as bench/ui.mjs does.
      await page.waitForTimeout(300);
      const scroll = await page.evaluate(scrollFrames, 600);
      out.started = { printed, paint, navToFirstMs: (nav - t0) + paint, wholeSinceNav: whole, cpuFirst, cpuWhole, scroll };
      await page.close();
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    // 2. A running host (another session shown), then the long one clicked in the sidebar.
    {
      const { child, url } = await startWebHost(['--workspace', ws], env);
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(url);
      await page.getByTestId('session-item').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(500);
      const cpu0 = cpuMs(child.pid);
      const t0 = performance.now();
      const paint = await page.evaluate(clickAndTimeFirstCard, `a session of ${calls} tool calls`);
      const cpuFirst = cpuMs(child.pid) - cpu0;
      await page.getByTestId('chat-earlier').waitFor({ state: 'detached', timeout: 600_000 });
      const whole = performance.now() - t0;
      const cpuWhole = cpuMs(child.pid) - cpu0;
      out.clicked = { paint, whole, cpuFirst, cpuWhole };
      await page.close();
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  } finally {
    await browser.close();
    rmSync(base, { recursive: true, force: true });
  }
  return out;
}

/**
 * Runs the open bench for each size and prints one table; `scrollFrames` is bench/ui.mjs' page
 * function (scrolls the conversation, returns per-frame work).
 */
export async function openBench({ chromium, executablePath, sizes, scrollFrames }) {
  const rows = [];
  for (const calls of sizes) {
    rows.push(await openOne({ chromium, executablePath, calls, scrollFrames }));
    const r = rows.at(-1);
    console.log(`  ${calls.toLocaleString()} calls done (load ${loadavg()[0].toFixed(1)})`);
    if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ ...r, started: { ...r.started, scroll: undefined } }));
  }
  const f = (n) => (n >= 100 ? Math.round(n).toLocaleString() : n.toFixed(1));
  console.log('\nOpening a long session in the window (glassbox web in Chromium):');
  console.log('| calls | file | bare JSON.parse of its lines (wall / CPU) | first card, started with it (nav → paint) | first card, clicked in the sidebar | host CPU to the first card (clicked) | every row loaded (clicked) | host CPU to every row (clicked) | ÷ bare CPU | scroll work p95 (p50) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const s = r.started;
    const c = r.clicked;
    console.log(
      `| ${r.calls.toLocaleString()} | ${(r.bytes / 1e6).toFixed(0)} MB, ${r.events.toLocaleString()} events | ${f(r.bare.wall)} / ${f(r.bare.cpu)} ms | ${f(s.paint)} ms | ${f(c.paint)} ms | ${f(c.cpuFirst)} ms | ${f(c.whole)} ms | ${f(c.cpuWhole)} ms | ${(c.cpuWhole / r.bare.cpu).toFixed(1)}× | ${f(pct(s.scroll.work, 95))} (${f(pct(s.scroll.work, 50))}) ms |`,
    );
  }
  console.log(`  targets: first card ≤ 300 ms; scroll work p95 ≤ 8 ms. Started with it: the host printed its URL after ${rows.map((r) => f(r.started.printed)).join(' / ')} ms, host CPU to the first card ${rows.map((r) => f(r.started.cpuFirst)).join(' / ')} ms, every row ${rows.map((r) => f(r.started.wholeSinceNav)).join(' / ')} ms after navigation.`);
  console.log(`  load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  return rows;
}
