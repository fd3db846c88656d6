#!/usr/bin/env node
// MCP bridge benchmarks (issue 6), measured side by side in one run:
//   1. a call through Glassbox's MCP tool vs the raw SDK callTool, same stdio server (target ≤ 1.15×)
//   2. the SDK client calling `glassbox mcp serve` vs a minimal SDK server doing the same work: an
//      editor view of a 200-line file and a resources/read of it (≤ 1.3×; bench/mcp-serve-rows.mjs)
//   3. five stdio servers at start vs one (≤ 1.5×), through Glassbox and through the raw SDK, with
//      server-everything (a heavy Node process) and with a tiny python3 server (bench/tiny-mcp-server.py),
//      as is and waiting 300 ms at start (an I/O-bound start)
// Run: `npm run build && node bench/mcp.mjs [--calls N] [--warmup N] [--rounds N] [--start-rounds N] [--only 1,2,3] [--before DIR]`.
// Needs the built CLI for (2). `--before DIR`: a checkout of older Glassbox code (e.g. `git worktree
// add /tmp/gb-before <commit>` with node_modules linked in); row 1 then also runs its MCP tool and
// its own SDK client, interleaved call by call with today's, so before and after are one run.
//
// Method. Per-call rows: each side first gets --warmup calls (default 3000: a fresh `mcp serve`
// process spends about 1 s of CPU in V8's optimising compiler over its first ~3000 calls, more
// code than the minimal server, so shorter warm-ups measure the JIT, not the call path), then
// --rounds rounds (default 11) of --calls calls per side (default 2000). Row 1's sides take
// turns call by call (the order rotating), so which core the server sits on and other load hit
// every side alike; row 2's two servers are separate processes, so its rounds run the sides
// whole, in alternating order. A round's ratio is its sides' total times divided; the printed
// ratio is the median of the rounds' ratios, the times the medians per side.
// Rows marked (reference) have no target: they show what the machine or the SDK costs.
// Start rows time from creating the manager (or clients) until every server is connected and
// its tools are listed; closing is not timed, and each start waits for the previous processes
// to exit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createJiti } from 'jiti';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url);
const { McpManager } = await jiti.import(join(ROOT, 'src-main/core/mcp/client/manager.ts'));
const { ToolCollection } = await jiti.import(join(ROOT, 'src-main/core/tools/tool-collection.ts'));
const { EventBus } = await jiti.import(join(ROOT, 'src-main/core/events/event-bus.ts'));

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const TINY = join(ROOT, 'bench/tiny-mcp-server.py');
const BIN = join(ROOT, 'bin/glassbox.mjs');
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const CALLS = option('calls', 2000);
const WARMUP = option('warmup', 3000);
const ROUNDS = option('rounds', 11);
const START_ROUNDS = option('start-rounds', 5);
const onlyIdx = process.argv.indexOf('--only');
const ONLY = onlyIdx > 0 ? process.argv[onlyIdx + 1].split(',').map(Number) : [1, 2, 3];
const beforeIdx = process.argv.indexOf('--before');
const BEFORE = beforeIdx > 0 ? process.argv[beforeIdx + 1] : undefined;
const env = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1' };
// The interpreter itself, not a version-manager shim (pyenv's costs ~0.5 s of CPU per start).
const PYTHON = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();

const CORES = availableParallelism();
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU time (user + system) a live process has used so far, from /proc; 0 if unknown. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14, 15)
  } catch {
    return 0;
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Temporary folders this run made (workspaces, a GLASSBOX_HOME with session files), removed at the end. */
const made = [];
function tmp(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

function manager(servers, code = { McpManager, ToolCollection, EventBus }) {
  const dir = tmp('glassbox-bench-');
  const tools = new code.ToolCollection();
  const bus = new code.EventBus('bench');
  const m = new code.McpManager({ config: { mcpServers: servers }, userConfigPath: join(dir, 'config.json'), tools, bus, workspace: dir, env });
  return { m, tools, bus, dir };
}

/** The MCP client classes of an older checkout (its own source, its own SDK version). */
async function beforeCode(dir) {
  const j = createJiti(join(dir, 'bench', 'mcp.mjs'));
  return {
    McpManager: (await j.import(join(dir, 'src-main/core/mcp/client/manager.ts'))).McpManager,
    ToolCollection: (await j.import(join(dir, 'src-main/core/tools/tool-collection.ts'))).ToolCollection,
    EventBus: (await j.import(join(dir, 'src-main/core/events/event-bus.ts'))).EventBus,
  };
}

/**
 * Runs `a` and `b` alternately `rounds` times (a,b then b,a …). Each fn returns the ms it
 * measured (or undefined to be timed whole); returns median ms per op of each side and the
 * median of the per-round ratios a/b.
 */
async function sideBySide(a, b, ops, rounds) {
  const ta = [];
  const tb = [];
  const timed = async (fn) => {
    const t0 = performance.now();
    const own = await fn();
    return (own ?? performance.now() - t0) / ops;
  };
  for (let r = 0; r < rounds; r++) {
    if (r % 2) {
      tb.push(await timed(b));
      ta.push(await timed(a));
    } else {
      ta.push(await timed(a));
      tb.push(await timed(b));
    }
  }
  return { a: median(ta), b: median(tb), ratio: median(ta.map((x, i) => x / tb[i])) };
}

const rows = [];
/** Lines printed under the table. */
const notes = [];

// 1. Glassbox MCP tool vs raw SDK callTool on the same server process (the connection's own SDK
// client), so the ratio is what Glassbox adds: validation, the call signal, timeout/progress
// options, result mapping. As in an agent run, one abort signal serves all the calls.
// A third side, the raw SDK call with the request options Glassbox passes (a progress token so
// progress resets the timeout and reaches the UI, the timeout, a cancel signal), splits that into
// what the options cost in the SDK and the server, and what Glassbox's own code costs.
if (ONLY.includes(1)) {
  const { McpCallSignal } = await jiti.import(join(ROOT, 'src-main/core/mcp/client/call-signal.ts'));
  const { m, tools, dir } = manager({ everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });
  await m.start();
  const raw = m.connection('everything').sdkClient;
  const noProgress = () => {};
  const run = new AbortController();
  const viaGlassbox = async (i) => {
    const r = await tools.execute('mcp_everything_echo', { message: `m${i}` }, { signal: run.signal, workspace: dir, home: dir, callId: `c${i}` });
    if (r.error) throw new Error(r.error);
  };
  const viaSdk = (i) => raw.callTool({ name: 'echo', arguments: { message: `m${i}` } });
  const viaSdkWithOptions = (i) => {
    const options = { signal: new McpCallSignal().asAbortSignal(), timeout: 60_000, resetTimeoutOnProgress: true, onprogress: noProgress };
    return raw.callTool({ name: 'echo', arguments: { message: `m${i}` } }, options);
  };
  const fns = [viaGlassbox, viaSdk, viaSdkWithOptions];
  // The older code on its own server process: its MCP tool and its SDK's (1.x) client.
  let old;
  if (BEFORE) {
    old = manager({ everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } }, await beforeCode(BEFORE));
    await old.m.start();
    const oldRaw = old.m.connection('everything').sdkClient;
    fns.push(async (i) => {
      const r = await old.tools.execute('mcp_everything_echo', { message: `m${i}` }, { signal: run.signal, workspace: old.dir, home: old.dir, callId: `c${i}` });
      if (r.error) throw new Error(r.error);
    });
    fns.push((i) => oldRaw.callTool({ name: 'echo', arguments: { message: `m${i}` } }));
  }
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn(i);
  // Interleaved call by call (the order rotating), so the machine's drift — which core the
  // server runs on, other load — hits every side alike; a round is CALLS calls of each side.
  const times = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const total = fns.map(() => 0);
    for (let i = 0; i < CALLS; i++) {
      for (let k = 0; k < fns.length; k++) {
        const j = (k + i) % fns.length;
        const t0 = performance.now();
        await fns[j](i);
        total[j] += performance.now() - t0;
      }
    }
    total.forEach((t, j) => times[j].push(t / CALLS));
  }
  const pair = (x, y) => ({ a: median(x), b: median(y), ratio: median(x.map((v, i) => v / y[i])) });
  rows.push(['Glassbox MCP tool vs raw SDK callTool (echo, stdio)', pair(times[0], times[1]), 1.15]);
  rows.push(['  raw SDK with the options Glassbox passes vs without', pair(times[2], times[1]), undefined]);
  rows.push(['  Glassbox MCP tool vs raw SDK with those options', pair(times[0], times[2]), undefined]);
  if (old) {
    rows.push(['before (--before code, SDK 1.x): Glassbox MCP tool vs raw SDK 1.x callTool', pair(times[3], times[4]), 1.15]);
    rows.push(['  Glassbox MCP tool now vs before (reference)', pair(times[0], times[3]), undefined]);
    rows.push(['  raw SDK 2.x callTool vs raw SDK 1.x (reference)', pair(times[1], times[4]), undefined]);
    await old.m.close();
  }

  // Glassbox's own code on that path, without the SDK request, the pipe and the server: the tool
  // table, validation, the call signal, the running-call map, result mapping. The connection's
  // SDK client is replaced by one that answers at once; CPU time, in-process, so load and
  // scheduling between processes do not enter.
  const conn = m.connection('everything');
  const canned = { content: [{ type: 'text', text: 'Echo: m' }] };
  const stub = { callTool: async () => canned, getProtocolEra: () => 'legacy' };
  Object.assign(conn, { client: stub }); // a private field: bench only, put back below
  const layers = async (n) => {
    for (let i = 0; i < n; i++) await tools.execute('mcp_everything_echo', { message: `m${i}` }, { signal: run.signal, workspace: dir, home: dir, callId: `c${i}` });
  };
  const stubOnly = async (n) => {
    for (let i = 0; i < n; i++) await stub.callTool({ name: 'echo', arguments: { message: `m${i}` } });
  };
  const cpuPerCall = async (fn, n) => {
    const c0 = process.cpuUsage();
    await fn(n);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / n;
  };
  await layers(50_000);
  await stubOnly(50_000);
  const us = [];
  for (let r = 0; r < 5; r++) us.push((await cpuPerCall(layers, 100_000)) - (await cpuPerCall(stubOnly, 100_000)));
  notes.push(`Glassbox's own code per MCP call (SDK request stubbed, in-process): ${median(us).toFixed(2)} µs of CPU (median of 5 × 100,000 calls)`);
  Object.assign(conn, { client: raw });
  await m.close();
}

// 2. SDK client → glassbox mcp serve vs → a minimal SDK server doing the same work (an editor
// view, a resources/read): bench/mcp-serve-rows.mjs.
if (ONLY.includes(2)) {
  const { serveRows } = await import('./mcp-serve-rows.mjs');
  rows.push(...(await serveRows({ ROOT, BIN, env, tmp, sideBySide, CALLS, WARMUP, ROUNDS })));
}

// 3. Connecting five stdio servers vs one (parallel start), through Glassbox and, as the
// reference for what the machine allows, five raw SDK clients connecting in parallel; with a
// CPU-heavy Node server, a light python3 one, and a light one whose start waits on I/O.
if (ONLY.includes(3)) {
  const servers = (n, server) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i + 1}`, { ...server }]));
  // CPU the starts took: each server process's own up to the moment all were ready (from
  // /proc), and this process's. With the machine's core count it gives a lower bound on the wall
  // time of any start, parallel or not.
  const cpuFive = [];
  const viaGlassbox = (n, server) => async () => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const { m } = manager(servers(n, server));
    await m.start();
    const ms = performance.now() - t0;
    if (n > 1) {
      const own = process.cpuUsage(c0);
      cpuFive.push(m.servers().reduce((sum, s) => sum + processCpuMs(m.connection(s.id).pid), (own.user + own.system) / 1000));
    }
    const bad = m.servers().filter((s) => s.status !== 'connected' || !s.toolCount);
    await m.close();
    if (bad.length) throw new Error(`not connected: ${bad.map((s) => `${s.id} ${s.lastError ?? ''}`).join(', ')}`);
    return ms;
  };
  const viaSdk = (n, server) => async () => {
    const t0 = performance.now();
    const cwd = tmp('glassbox-bench-');
    const clients = await Promise.all(
      Array.from({ length: n }, async () => {
        const client = new Client({ name: 'bench', version: '1' });
        const transport = new StdioClientTransport({ command: server.command, args: server.args, env: getDefaultEnvironment(), cwd, stderr: 'pipe' });
        await client.connect(transport);
        const { tools } = await client.listTools();
        if (!tools.length) throw new Error('no tools');
        return { client, transport };
      }),
    );
    const ms = performance.now() - t0;
    await Promise.all(
      clients.map(async ({ client, transport }) => {
        if (transport.pid) process.kill(transport.pid, 'SIGTERM'); // as Glassbox closes; the SDK alone waits 2 s for EOF
        await client.close();
      }),
    );
    return ms;
  };
  const kinds = [
    ['server-everything (CPU-heavy Node)', { command: process.execPath, args: [EVERYTHING, 'stdio'] }],
    ['tiny python3 server', { command: PYTHON, args: ['-S', TINY] }],
    ['tiny python3, 300 ms I/O wait', { command: PYTHON, args: ['-S', TINY, '--start-wait-ms', '300'] }],
  ];
  for (const [label, server] of kinds) {
    await viaGlassbox(1, server)(); // loads the client SDK module once, outside the timing
    // Glassbox and the raw SDK interleaved, the order rotating each round, so load drift hits both.
    const fns = [viaGlassbox(5, server), viaGlassbox(1, server), viaSdk(5, server), viaSdk(1, server)];
    const times = fns.map(() => []);
    for (let r = 0; r < START_ROUNDS; r++) {
      for (let k = 0; k < fns.length; k++) {
        const i = (k + r) % fns.length;
        times[i].push(await fns[i]());
      }
    }
    const pair = (five, one) => ({ a: median(five), b: median(one), ratio: median(five.map((x, i) => x / one[i])) });
    rows.push([`start 5 vs 1 · Glassbox · ${label}`, pair(times[0], times[1]), 1.5]);
    rows.push([`start 5 vs 1 · raw SDK (reference) · ${label}`, pair(times[2], times[3]), undefined]);
    // The floor: five starts need at least their CPU time spread over every core, and at least
    // as long as one start. Divided by one start's measured time, the best ratio this machine
    // allows; 1.0× would mean CPU is no limit at all.
    const floors = cpuFive.map((c, i) => Math.max(c / CORES, times[1][i]));
    rows.push([`  CPU floor (${median(cpuFive).toFixed(0)} ms of CPU, ${CORES} cores) · ${label}`, pair(floors, times[1]), undefined]);
    cpuFive.length = 0;
  }
}

console.log(
  `MCP bench: per-call rows ${WARMUP} warm-up calls per side, then ${ROUNDS} alternating rounds of ${CALLS} calls;` +
    ` start rows ${START_ROUNDS} rounds, Glassbox and raw SDK interleaved. Times are medians per side, the ratio is the median of per-round ratios.\n`,
);
console.log(`${'measure'.padEnd(72)} ${'glassbox/five'.padStart(13)} ${'baseline/one'.padStart(13)} ${'ratio'.padStart(7)}  target`);
for (const [name, { a, b, ratio }, target] of rows) {
  const unit = (v) => (v < 10 ? `${v.toFixed(3)} ms` : `${v.toFixed(0)} ms`);
  const verdict = target === undefined ? '(reference)' : `≤ ${target}× ${ratio <= target ? 'ok' : 'OVER'}`;
  console.log(`${name.padEnd(72)} ${unit(a).padStart(13)} ${unit(b).padStart(13)} ${ratio.toFixed(2).padStart(6)}×  ${verdict}`);
}
for (const n of notes) console.log(`\n${n}`);
for (const dir of made) rmSync(dir, { recursive: true, force: true });
process.exit(0);
