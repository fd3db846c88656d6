#!/usr/bin/env node
// OpenTelemetry export overhead on the agent loop: STEPS steps against an in-process scripted
// model (no network wait: the harshest case, nothing hides the work) and a no-op tool, with the
// session file written, measured side by side in one run: export off; export on to a live
// OTLP/HTTP collector (protobuf) as Glassbox does it (spans built, encoded and sent in the export
// worker); the same on the agent's own thread (the fallback, for comparison); to a collector that
// accepts connections and never answers (stalled); to a port where nothing listens (down); and,
// to show what the agent thread's share is, the events projected and batched as the worker
// export does but never posted (no worker).
// Two more rows run the loop against the e2e tests' scripted model server in a process of its
// own, over loopback (streamed chat completions: each step a real model request and a tool
// call), export off and on. After the rounds, a few more live runs time the tracing handler
// directly (from outside, every event) for its share of the run.
// Each round runs every variant once, in a rotating order; the added share is the median over
// rounds of each round's ratio to its own export-off run (robust on a shared, loaded machine).
// Prints the time per step, the added share and the spans exported / dropped / failed.
// Run: `node --expose-gc bench/otel.mjs [steps] [rounds]` (a clean heap before every run);
// `OTEL_BENCH_NOISE=1` adds a second export-off row, the noise floor.
// Target (issue 28): ≤ 5% added per step with export on; a stalled collector never slows the agent.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForBench } from './bundle.mjs';

// The modules as they ship (bench/bundle.mjs), the export worker beside them as in the app's build.
const ENTRIES = {
  'tool-call-agent': 'agent/tool-call-agent.ts',
  'agent-test-kit': 'agent/test-kit.ts',
  'event-bus': 'events/event-bus.ts',
  'tool-hooks': 'tools/tool-hooks.ts',
  'tool-collection': 'tools/tool-collection.ts',
  'tool-runner': 'tools/tool-runner.ts',
  'trace-writer': 'session/trace-writer.ts',
  'context-compactor': 'agent/context-compactor.ts',
  'create-provider': 'llm/create-provider.ts',
  'session-telemetry': 'telemetry/session-telemetry.ts',
  'otlp-pipeline': 'telemetry/otlp-pipeline.ts',
  'span-event-stream': 'telemetry/span-event-stream.ts',
  'otlp-export-worker': 'telemetry/otlp-export-worker.ts',
};
const load = await bundleForBench('bench-otel', ENTRIES);
const src = (file) => load(Object.keys(ENTRIES).find((name) => ENTRIES[name] === file));
const { ToolCallAgent } = await src('agent/tool-call-agent.ts');
const { InProcessScriptedModel, testTool } = await src('agent/test-kit.ts');
const { EventBus } = await src('events/event-bus.ts');
const { ToolHooks } = await src('tools/tool-hooks.ts');
const { ToolCollection } = await src('tools/tool-collection.ts');
const { ToolRunner } = await src('tools/tool-runner.ts');
const { TraceWriter } = await src('session/trace-writer.ts');
const { ContextCompactor } = await src('agent/context-compactor.ts');
const { createProvider } = await src('llm/create-provider.ts');
const { SessionTelemetry } = await src('telemetry/session-telemetry.ts');
const { OtlpPipeline } = await src('telemetry/otlp-pipeline.ts');
const { BatchingStream } = await src('telemetry/span-event-stream.ts');

const STEPS = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 9);
/** Steps of a run against the model over loopback (each a real HTTP request: slower). */
const LOOPBACK_STEPS = Math.max(20, Math.round(STEPS / 3));

/**
 * The scripted model server of the e2e tests in a process of its own (its CPU is not the agent's),
 * answering every chat-completions request (streamed) with one call of the no-op tool.
 */
async function loopbackModel() {
  const dir = mkdtempSync(join(tmpdir(), 'gb-otel-model-'));
  const script = join(dir, 'script.json');
  writeFileSync(script, JSON.stringify({ turns: [], whenExhausted: { text: '', toolCalls: [{ name: 'noop', arguments: { n: 1 } }] } }));
  const child = spawn(process.execPath, [new URL('../e2e/fixtures/start-scripted-model.mjs', import.meta.url).pathname, script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Scripted model: (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the scripted model exited (${code})`)));
  });
  return { baseURL: `${url}/v1`, close: () => (child.kill(), rmSync(dir, { recursive: true, force: true })) };
}

/** A collector: `mode` 'ok' answers every export, 'stall' holds every request open. */
async function collector(mode) {
  let spansBytes = 0;
  const held = [];
  const server = createServer((req, res) => {
    req.on('data', (c) => (spansBytes += c.length));
    req.on('end', () => (mode === 'stall' ? held.push(res) : res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1/traces`,
    bytes: () => spansBytes,
    close: () => new Promise((r) => { for (const h of held) h.destroy(); server.closeAllConnections(); server.close(r); }),
  };
}

/** A URL where nothing listens. */
async function deadUrl() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}/v1/traces`;
}

/** CPU time of this (the agent's) thread in ns: Linux's schedstat; null elsewhere. */
const threadCpu = existsSync('/proc/thread-self/schedstat') ? () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) : () => null;
/** CPU time of the whole process (every thread: the export worker too) in ns. */
const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};

const target = (url) => ({ protocol: 'http/protobuf', url, headers: {}, serviceName: 'bench', resourceAttributes: {} });

/** The export on the agent's thread, one per URL (as the process would share it). */
const inline = new Map();
const onThisThread = (url) => {
  if (!inline.has(url)) inline.set(url, OtlpPipeline.open(target(url)));
  return inline.get(url);
};

/**
 * An export whose streams batch the projected events as the worker export does, then throw each
 * batch away (nothing posted, no worker): what the agent's thread itself spends on tracing.
 */
function projectOnly(url) {
  const openSession = () => new BatchingStream({ admit: () => true, pending: () => undefined, deliver: () => undefined, close: () => undefined });
  return Promise.resolve({ openSession, target: target(url), thread: 'none', counts: () => ({ exported: 0, dropped: 0, failed: 0 }), flush: async () => true, shutdown: async () => undefined });
}

/** The cost of timing one call from the outside (two hrtime reads), subtracted from the time inside. */
function timingCost() {
  let inside = 0n;
  const f = () => undefined;
  for (let i = 0; i < 200_000; i++) {
    const t = process.hrtime.bigint();
    f();
    inside += process.hrtime.bigint() - t;
  }
  return Number(inside) / 200_000;
}

async function run(variant, id) {
  const { url, thread, loopback, timeInside } = variant;
  const steps = loopback ? LOOPBACK_STEPS : STEPS;
  const bus = new EventBus(`bench-${id}`);
  const dir = mkdtempSync(join(tmpdir(), 'gb-otel-bench-'));
  const trace = new TraceWriter(join(dir, 'bench.jsonl')).attach(bus);
  const telemetry = url
    ? new SessionTelemetry({ settings: { otlp: target(url), captureContent: false }, sessionId: `bench-${id}`, events: bus, warn: () => {}, ...(thread === 'main' ? { spanExport: () => onThisThread(url) } : thread === 'none' ? { spanExport: () => projectOnly(url) } : {}) })
    : null;
  await telemetry?.ready();
  // Time spent inside the tracing code on the agent's thread (every event through its handler,
  // the posts to the worker made from there), measured directly rather than as a difference.
  let inside = 0n;
  let calls = 0;
  if (timeInside && telemetry) {
    const handle = telemetry.handle.bind(telemetry);
    telemetry.handle = (e) => {
      const t = process.hrtime.bigint();
      handle(e);
      inside += process.hrtime.bigint() - t;
      calls++;
    };
  }
  const runner = new ToolRunner({ tools: new ToolCollection([testTool('noop')]), hooks: new ToolHooks(), workspace: dir, home: dir, bus });
  let n = 0;
  const model = loopback
    ? createProvider({ provider: 'openai', api: 'chat', model: 'scripted', baseURL: loopbackServer.baseURL, apiKey: 'bench', maxRetries: 0 })
    : new InProcessScriptedModel([() => (n++ < STEPS - 1 ? { text: '', toolCalls: [{ id: `c${n}`, name: 'noop', arguments: `{"n":${n}}` }] } : { text: 'done' })], false);
  // Over loopback the model always calls the tool: the run stops at its step limit.
  const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'bench', maxSteps: loopback ? steps : STEPS + 1, compactor: new ContextCompactor({ budgetTokens: 1_000_000 }) });
  // A clean heap for every run (`--expose-gc`), so a collection left over by the previous run is not charged to this one.
  globalThis.gc?.();
  const c0 = threadCpu();
  const p0 = processCpu();
  const t0 = process.hrtime.bigint();
  const r = await agent.run('bench task');
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpuMs = c0 === null ? null : (threadCpu() - c0) / 1e6;
  const processMs = (processCpu() - p0) / 1e6;
  if (r.reason !== (loopback ? 'max_steps' : 'finished') || r.steps !== steps) throw new Error(`bench run ended ${r.reason} after ${r.steps} steps`);
  // Not timed: what the session's end costs (bounded flush).
  const e0 = process.hrtime.bigint();
  await telemetry?.dispose(2000);
  const endMs = Number(process.hrtime.bigint() - e0) / 1e6;
  const status = telemetry?.status();
  if (thread && status?.exportThread !== thread) throw new Error(`expected the export on the ${thread} thread, got ${status?.exportThread}`);
  trace.close();
  rmSync(dir, { recursive: true, force: true });
  // Wall time inside the handler over the run's wall time: both stretched alike when the thread waits for a core.
  return { insideShare: (Number(inside) - calls * TIMING_NS) / (ms * 1e6), insideUsPerStep: (Number(inside) - calls * TIMING_NS) / 1000 / steps, perStep: ms / steps, cpuPerStep: cpuMs === null ? null : cpuMs / steps, processPerStep: processMs / steps, endMs, counts: status?.counts };
}

const loopbackServer = await loopbackModel();
const liveCollector = await collector('ok');
const stalled = await collector('stall');
const down = await deadUrl();
const variants = [
  ['export off', {}],
  ...(process.env.OTEL_BENCH_NOISE ? [['export off again', {}]] : []),
  ['export on, collector live', { url: liveCollector.url, thread: 'worker' }],
  ['  same, on the agent thread', { url: liveCollector.url, thread: 'main' }],
  ['  events projected, not sent', { url: liveCollector.url, thread: 'none' }],
  ['export on, collector stalled', { url: stalled.url, thread: 'worker' }],
  ['export on, collector down', { url: down, thread: 'worker' }],
  ['model over loopback: export off', { loopback: true }],
  ['model over loopback: export on', { url: liveCollector.url, thread: 'worker', loopback: true }],
];
const TIMING_NS = timingCost();
// Warm up every path once (starts the export worker).
for (const [, v] of variants) await run(v, 'warm');
const results = new Map(variants.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order so no variant always runs first (or right after the slow stalled one).
  const order = variants.map((_, i) => variants[(i + round) % variants.length]);
  for (const [name, v] of order) results.get(name).push(await run(v, `${round}`));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const LOOPBACK_OFF = 'model over loopback: export off';
/** The export-off run a variant is compared with: its own kind of model's. */
const baseOf = (name) => (variants.find(([n]) => n === name)[1].loopback ? LOOPBACK_OFF : 'export off');
/** The median over rounds of each round's ratio to its own export-off run, as added %. */
const added = (name, key) => {
  const offs = results.get(baseOf(name)).map((r) => r[key]);
  return (median(results.get(name).map((r, i) => r[key] / offs[i])) - 1) * 100;
};
const hasThreadCpu = results.get('export off')[0].cpuPerStep !== null;
console.log(`OpenTelemetry export, agent loop of ${STEPS} steps (in-process scripted model, no-op tool, session file on), ${ROUNDS} rounds`);
console.log(`last two rows: ${LOOPBACK_STEPS} steps against the scripted model server over loopback (chat completions, streamed; its own process), each a model request and a no-op tool call`);
console.log('per step: wall time; CPU time of the agent thread (Linux schedstat: what the agent itself spent, whatever else the machine runs); CPU time of the whole process (the export worker too)');
console.log('');
const pct = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
console.log(`  ${''.padEnd(30)} ${'wall ms'.padStart(9)} ${'added'.padStart(8)}  ${'agent CPU ms'.padStart(12)} ${'added'.padStart(8)}  ${'process CPU ms'.padStart(14)} ${'added'.padStart(8)}  ${'end (ms)'.padStart(8)}   spans exported / dropped / failed (all rounds)`);
for (const [name] of variants) {
  const rs = results.get(name);
  const off = name === 'export off' || name === LOOPBACK_OFF;
  const cell = (key, w) => (key === 'cpuPerStep' && !hasThreadCpu ? '—'.padStart(w) : median(rs.map((r) => r[key])).toFixed(4).padStart(w));
  const share = (key) => (off || (key === 'cpuPerStep' && !hasThreadCpu) ? '' : pct(added(name, key))).padStart(8);
  const c = rs.at(-1).counts;
  console.log(
    `  ${name.padEnd(30)} ${cell('perStep', 9)} ${share('perStep')}  ${cell('cpuPerStep', 12)} ${share('cpuPerStep')}  ${cell('processPerStep', 14)} ${share('processPerStep')}  ${median(rs.map((r) => r.endMs)).toFixed(0).padStart(8)}   ${c ? `${c.exported} / ${c.dropped} / ${c.failed}` : '—'}`,
  );
}
const live = 'export on, collector live';
// The direct measure: a few more live runs with the tracing handler timed from outside.
const timed = [];
for (let i = 0; i < Math.max(3, Math.ceil(ROUNDS / 2)); i++) timed.push(await run({ url: liveCollector.url, thread: 'worker', timeInside: true }, `timed${i}`));
const timedLoop = [];
for (let i = 0; i < 3; i++) timedLoop.push(await run({ url: liveCollector.url, thread: 'worker', loopback: true, timeInside: true }, `timedl${i}`));
const insideLine = (rs) => `${(100 * median(rs.map((r) => r.insideShare))).toFixed(1)}% of the run's wall time (${median(rs.map((r) => r.insideUsPerStep)).toFixed(1)} µs wall a step)`;
const onCpu = hasThreadCpu ? added(live, 'cpuPerStep') : null;
const onWall = added(live, 'perStep');
const slow = median(results.get('export on, collector stalled').map((r, i) => r.perStep / results.get(live)[i].perStep));
console.log('');
if (onCpu !== null) console.log(`  added to the agent thread with export on: ${pct(onCpu)} CPU per step   target ≤ 5%: ${onCpu <= 5 ? 'met' : 'NOT met'}`);
console.log(`  added wall time per step with export on: ${pct(onWall)}${onWall <= 5 ? '' : ' (a loaded machine: the worker competes for the same cores)'}`);
const onLoopback = hasThreadCpu ? added(variants.at(-1)[0], 'cpuPerStep') : null;
if (onLoopback !== null) console.log(`  added to the agent thread with export on, model over loopback: ${pct(onLoopback)} CPU per step   target ≤ 5%: ${onLoopback <= 5 ? 'met' : 'NOT met'}`);
console.log(`  time inside the tracing code on the agent thread, timed directly (export on, live; ${TIMING_NS.toFixed(0)} ns of timing an event taken off): no-op loop ${insideLine(timed)}; model over loopback ${insideLine(timedLoop)}`);
console.log(`  stalled collector vs live: ${slow.toFixed(2)}x wall time per step (the queue is bounded; the end of a session waits at most its flush bound)`);
await liveCollector.close();
await stalled.close();
loopbackServer.close();
process.exit(0);
