#!/usr/bin/env node
// Lean requests (issue 22), side by side in one run, default config (the browser server
// configured) against a scripted Anthropic server speaking the Messages API:
//   1. fixed tokens of a "hello" request: the system text + the tool schemas as sent on the wire
//      (target ≤ 2k with the browser server configured);
//   2. Glassbox's own time from Enter (session.send) to the first model request in a new window
//      session (target ≤ 150 ms);
//   3. `glassbox tools list` vs `glassbox --help` (needs `npm run build`).
// "before" is the same build with the lean parts switched off by config — the browser server
// started with the session (`mcpServers.browser.startOn: "session"`) and no deferral
// (`agent.toolSchemaBudget: 1`, `agent.deferTools: []`) — which is what every request carried
// before them (with today's tool descriptions; the longer ones before were measured at 6,770).
// Token estimator (fixed, documented): ceil(characters / 4) of the UTF-16 length of the system
// text plus JSON.stringify(tools) exactly as in the request body — the estimate the context meter
// and compaction use. Run: `node bench/requests.mjs [runs]` (default 5 runs per timing row).
// To add rows (e.g. caching), add an entry to ROWS below: { section, label, measure }.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const ROOT = new URL('..', import.meta.url).pathname;
const { GlassboxSession } = await jiti.import(join(ROOT, 'src-main/core/session/glassbox-session.ts'));
const { startScriptedModelServer } = await jiti.import(join(ROOT, 'e2e/fixtures/scripted-model-server.ts'));

const RUNS = Number(process.argv[2] ?? 5);
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => spawnSync('test', ['-x', p]).status === 0);
const tokens = (chars) => Math.ceil(chars / 4);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const BEFORE = { mcpServers: { browser: { startOn: 'session' } }, agent: { toolSchemaBudget: 1, deferTools: [] } };
const AFTER = {};

function home(config) {
  const base = mkdtempSync(join(tmpdir(), 'gb-bench-req-'));
  const h = join(base, 'home');
  const ws = join(base, 'ws');
  mkdirSync(h, { recursive: true });
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(h, 'config.json'), JSON.stringify(config));
  return { base, home: h, workspace: ws };
}

function envFor(dirs, model) {
  const env = {
    ...process.env,
    GLASSBOX_HOME: dirs.home,
    GLASSBOX_LLM_PROVIDER: 'anthropic',
    GLASSBOX_LLM_BASE_URL: model.anthropicBaseURL,
    GLASSBOX_LLM_MODEL: 'claude-sonnet-4-6',
    GLASSBOX_LLM_API_KEY: 'bench',
    ...(CHROMIUM ? { CHROMIUM_PATH: CHROMIUM } : {}),
  };
  delete env.GLASSBOX_DISABLE_BROWSER;
  return env;
}

/** One new window session (MCP in the background), "hello" sent at once: what the request carried and when it left. */
async function helloInNewSession(dirs, model) {
  const session = await GlassboxSession.create({ workspace: dirs.workspace, env: envFor(dirs, model), withExtensions: false, record: false, mcpInBackground: true, approveMode: 'auto' });
  let requestAt = 0;
  session.bus.subscribe('model_request', () => (requestAt ||= performance.now()));
  const enter = performance.now();
  await session.send('hello');
  const body = model.requests.at(-1).body;
  const system = typeof body.system === 'string' ? body.system : JSON.stringify(body.system ?? '');
  const toolsJson = JSON.stringify(body.tools ?? []);
  // Let a first-use server finish starting in the background (it fills the cache), then stop it.
  await session.mcp.ensureStarted('browser');
  await session.dispose();
  return { ms: requestAt - enter, systemTokens: tokens(system.length), toolTokens: tokens(toolsJson.length), toolCount: (body.tools ?? []).length };
}

async function requestRows(label, config) {
  const dirs = home(config);
  const model = await startScriptedModelServer([], { whenExhausted: { text: 'Hello!' } });
  try {
    // The first session of a fresh home fills the tool cache; the figures are from the next ones.
    await helloInNewSession(dirs, model);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await helloInNewSession(dirs, model));
    const last = runs.at(-1);
    return { label, fixed: last.systemTokens + last.toolTokens, system: last.systemTokens, tools: last.toolTokens, toolCount: last.toolCount, enterMs: median(runs.map((r) => r.ms)) };
  } finally {
    await model.close();
    rmSync(dirs.base, { recursive: true, force: true });
  }
}

function cliMs(args, env) {
  const xs = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/glassbox.mjs'), ...args], { env, encoding: 'utf8' });
    xs.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`glassbox ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return median(xs);
}

async function cliRows() {
  const dirs = home(AFTER);
  const env = { ...process.env, GLASSBOX_HOME: dirs.home, ...(CHROMIUM ? { CHROMIUM_PATH: CHROMIUM } : {}) };
  delete env.GLASSBOX_DISABLE_BROWSER;
  try {
    cliMs(['tools', 'list'], env); // fills the cache (a miss starts the browser server once)
    return { help: cliMs(['--help'], env), list: cliMs(['tools', 'list'], env), live: cliMs(['tools', 'list', '--live'], env) };
  } finally {
    rmSync(dirs.base, { recursive: true, force: true });
  }
}

const before = await requestRows('before', BEFORE);
const after = await requestRows('after', AFTER);
const cli = await cliRows();

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const ROWS = [
  { section: 'fixed tokens per request (system + tool schemas, chars/4)', label: 'before', value: `${fmt(before.fixed)} (system ${fmt(before.system)}, ${before.toolCount} tools ${fmt(before.tools)})` },
  { section: '', label: 'after', value: `${fmt(after.fixed)} (system ${fmt(after.system)}, ${after.toolCount} tools ${fmt(after.tools)})` },
  { section: '', label: 'after / before', value: (after.fixed / before.fixed).toFixed(2) + ` (target: after ≤ 2,000 → ${after.fixed <= 2000 ? 'met' : 'NOT met'})` },
  { section: 'Enter → first model request, new session (median ms)', label: 'before', value: fmt(before.enterMs) },
  { section: '', label: 'after', value: fmt(after.enterMs) },
  { section: '', label: 'after / before', value: (after.enterMs / before.enterMs).toFixed(3) + ` (target: after ≤ 150 ms → ${after.enterMs <= 150 ? 'met' : 'NOT met'})` },
  { section: 'glassbox CLI (median ms)', label: '--help', value: fmt(cli.help) },
  { section: '', label: 'tools list (cached listings)', value: `${fmt(cli.list)} (${(cli.list / cli.help).toFixed(2)}× --help)` },
  { section: '', label: 'tools list --live (before)', value: `${fmt(cli.live)} (${(cli.live / cli.help).toFixed(2)}× --help)` },
];
console.log(`bench/requests.mjs — ${RUNS} runs per timing row, Node ${process.version}, browser ${CHROMIUM ?? '(none found)'}`);
for (const r of ROWS) console.log(`${r.section.padEnd(58)} ${r.label.padEnd(30)} ${r.value}`);
