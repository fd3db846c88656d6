#!/usr/bin/env node
// OpenTelemetry export overhead on the agent loop: STEPS steps against an in-process scripted
// model (no network wait: the harshest case, nothing hides the work) and a no-op tool, with the
// session file written, measured side by side in one run.
//
// 1. The comparison: ROUNDS rounds, each running export off, export off again (the noise floor:
//    the same code, compared the same way) and export on to a live OTLP/HTTP collector as Glassbox
//    does it (spans made, encoded and sent in the export worker), in a shuffled order, a clean
//    heap before every run. Per round, each run's CPU time of the agent's thread over the round's
//    export-off run; printed: the median of those ratios with a bootstrap 90% interval, and a
//    trimmed mean.
// 2. More rows, fewer rounds: the export on the agent's own thread (the fallback); the events
//    projected and batched but never posted (what the agent's thread itself spends); a collector
//    that accepts requests and never answers (stalled); a port where nothing listens (down).
// 3. The loop against the e2e tests' scripted model server in a process of its own, over loopback
//    (streamed chat completions: each step a real model request and a tool call), off and on.
// 4. The tracing code timed directly: the events of one run replayed through a session's
//    telemetry (live worker export) and through none, interleaved, agent-thread CPU: µs per step,
//    and its share of a step of the loop.
// CPU time of the agent's thread is Linux's schedstat, brought up to date first (getrusage does:
// read alone it moves only at scheduler ticks, 4 ms here, a third of a short run's spread).
// Run: `node --expose-gc bench/otel.mjs [steps=200] [rounds=40]`.
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

const STEPS = Number(process.argv[2] ?? 200);
const ROUNDS = Number(process.argv[3] ?? 40);
/** Rounds of the other rows (stalled, down, …) and of the loopback pair. */
const FEW = Math.max(3, Math.round(ROUNDS / 4));
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

/**
 * CPU time of this (the agent's) thread in ns: Linux's schedstat, or null elsewhere. The kernel
 * brings the running thread's figure up to date only at a scheduler tick or switch, or when the
 * process's CPU time is asked for (getrusage, which process.cpuUsage calls): asked first, the
 * reading is exact rather than up to a tick (4 ms) behind.
 */
const threadCpu = existsSync('/proc/thread-self/schedstat')
  ? () => {
      process.cpuUsage();
      return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    }
  : () => null;
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
 * batch away (nothing posted, no worker): what the agent's thread itself spends on tracing. One
 * per URL, its streams' target one object, as the worker export's are.
 */
const discard = { admit: () => true, pending: () => undefined, deliver: () => undefined, close: () => undefined };
const projecting = new Map();
function projectOnly(url) {
  if (!projecting.has(url)) {
    let session = 0;
    const openSession = () => new BatchingStream(discard, ++session);
    projecting.set(url, Promise.resolve({ openSession, target: target(url), thread: 'none', counts: () => ({ exported: 0, dropped: 0, failed: 0 }), flush: async () => true, shutdown: async () => undefined }));
  }
  return projecting.get(url);
}

const telemetryFor = (url, thread, id, bus) =>
  new SessionTelemetry({
    settings: { otlp: target(url), captureContent: false },
    sessionId: `bench-${id}`,
    events: bus,
    warn: () => {},
    ...(thread === 'main' ? { spanExport: () => onThisThread(url) } : thread === 'none' ? { spanExport: () => projectOnly(url) } : {}),
  });

/** One run of the loop; `record` gets every event it emits. */
async function run(variant, id, record) {
  const { url, thread, loopback } = variant;
  const steps = loopback ? LOOPBACK_STEPS : STEPS;
  const bus = new EventBus(`bench-${id}`);
  const dir = mkdtempSync(join(tmpdir(), 'gb-otel-bench-'));
  const trace = new TraceWriter(join(dir, 'bench.jsonl')).attach(bus);
  const telemetry = url ? telemetryFor(url, thread, id, bus) : null;
  await telemetry?.ready();
  if (record) bus.subscribe('*', (e) => void record.push(e));
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
  return { perStep: ms / steps, cpuPerStep: cpuMs === null ? null : cpuMs / steps, processPerStep: processMs / steps, endMs, counts: status?.counts };
}

/**
 * The tracing code timed directly: `events` (one run's, `steps` steps) delivered to a bus with a
 * session's telemetry subscribed (export on, live, in the worker) and to a bus with none, in
 * interleaved blocks; agent-thread CPU of each block, the difference per step. A timed block
 * replays the run until it holds ≈ 800 steps (the batches are posted to the worker inside it,
 * as in the loop: one every few hundred steps); between blocks the export is flushed, untimed,
 * so the worker is idle when the next one starts and nothing is dropped (a drop would make
 * tracing look cheaper: the bench stops). Returns µs per step, one figure per pair of blocks.
 */
async function replayed(events, steps, pairs, url) {
  const REPEAT = Math.ceil(800 / steps);
  const BLOCKS = 4;
  const block = async (on, id) => {
    const bus = new EventBus(`replay-${id}`);
    const telemetry = on ? telemetryFor(url, 'worker', `replay-${id}`, bus) : null;
    await telemetry?.ready();
    globalThis.gc?.();
    let ns = 0;
    for (let b = 0; b < BLOCKS; b++) {
      const c0 = threadCpu();
      for (let r = 0; r < REPEAT; r++) for (const e of events) bus.deliver(e);
      ns += threadCpu() - c0;
      await telemetry?.flush();
    }
    const counts = telemetry?.status().counts;
    await telemetry?.dispose(2000);
    if (counts && (counts.dropped || counts.failed)) throw new Error(`replay dropped spans: ${JSON.stringify(counts)}`);
    return ns / BLOCKS / REPEAT / steps / 1000;
  };
  await block(true, 'warm');
  await block(false, 'warm');
  const out = [];
  for (let i = 0; i < pairs; i++) {
    const first = i % 2 === 0;
    const a = await block(first, `${i}a`);
    const b = await block(!first, `${i}b`);
    out.push(first ? a - b : b - a);
  }
  return out;
}

/** A small seeded generator (the order of runs in a round), so two runs of the bench shuffle alike. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const random = rng(28);
const shuffled = (xs) => {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** The mean of the middle 80%. */
const trimmedMean = (xs) => {
  const s = sorted(xs);
  const cut = Math.floor(s.length / 10);
  const mid = s.slice(cut, s.length - cut);
  return mid.reduce((a, b) => a + b, 0) / mid.length;
};
/** A 90% bootstrap interval of the median (rounds resampled). */
const medianInterval = (xs) => {
  const meds = [];
  for (let i = 0; i < 2000; i++) meds.push(median(xs.map(() => xs[Math.floor(random() * xs.length)])));
  const s = sorted(meds);
  return [s[Math.floor(0.05 * s.length)], s[Math.floor(0.95 * s.length)]];
};

const loopbackServer = await loopbackModel();
const liveCollector = await collector('ok');
const stalled = await collector('stall');
const down = await deadUrl();
const OFF = 'export off';
const main = [
  [OFF, {}],
  ['export off again (noise floor)', {}],
  ['export on, collector live', { url: liveCollector.url, thread: 'worker' }],
];
const more = [
  ['  same, on the agent thread', { url: liveCollector.url, thread: 'main' }],
  ['  events projected, not sent', { url: liveCollector.url, thread: 'none' }],
  ['export on, collector stalled', { url: stalled.url, thread: 'worker' }],
  ['export on, collector down', { url: down, thread: 'worker' }],
];
const LOOP_OFF = 'model over loopback: export off';
const loop = [
  [LOOP_OFF, { loopback: true }],
  ['model over loopback: export on', { url: liveCollector.url, thread: 'worker', loopback: true }],
];
const started = new Date();
const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// Warm-up: every path twice (starts the export workers, compiles the hot code); the last no-op
// and loopback runs record their events for the direct timing.
const noopEvents = [];
const loopEvents = [];
for (const [, v] of [...main, ...more, ...loop]) await run(v, 'warm');
for (const [, v] of [...main, ...more]) await run(v, 'warm2');
await run({}, 'record', noopEvents);
await run(loop[0][1], 'record', loopEvents);

/** Runs `rounds` rounds of `variants` (shuffled in each); the runs by variant name, round by round. */
async function rounds(variants, count, tag) {
  const results = new Map(variants.map(([name]) => [name, []]));
  for (let round = 0; round < count; round++) {
    for (const [name, v] of shuffled(variants)) results.get(name).push(await run(v, `${tag}${round}`));
  }
  return results;
}
const mainRuns = await rounds(main, ROUNDS, 'm');
const moreRuns = await rounds([main[0], ...more], FEW, 'x');
const loopRuns = await rounds(loop, FEW, 'l');
const directNoop = await replayed(noopEvents, STEPS, Math.max(9, FEW), liveCollector.url);
const directLoop = await replayed(loopEvents, LOOPBACK_STEPS, Math.max(5, Math.round(FEW / 2)), liveCollector.url);
const loadAtEnd = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const hasThreadCpu = mainRuns.get(OFF)[0].cpuPerStep !== null;
/** Each round's ratio of `name` to the round's export-off run, in %. */
const ratios = (runs, name, base, key) => runs.get(name).map((r, i) => (r[key] / runs.get(base)[i][key] - 1) * 100);
const pct = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}%`;
const fmt = (x, w, d = 4) => x.toFixed(d).padStart(w);

console.log(`OpenTelemetry export, agent loop of ${STEPS} steps (in-process scripted model, no-op tool, session file on)`);
console.log(`${started.toISOString().slice(0, 16)}Z, load average ${loadAtStart} at the start, ${loadAtEnd} at the end; ${ROUNDS} rounds of the first three rows, ${FEW} of the others`);
console.log('per step: wall time; CPU time of the agent thread (schedstat, brought up to date); CPU time of the whole process (the export worker too)');
console.log('added: the median over rounds of each run\'s ratio to its round\'s export-off run [its 90% interval, bootstrap] and the trimmed mean (middle 80%)');
console.log('');
console.log(`  ${''.padEnd(34)} ${'wall ms'.padStart(8)} ${'added'.padStart(7)}  ${'agent CPU ms'.padStart(12)} ${'added'.padStart(7)} ${'90% interval'.padStart(16)} ${'trimmed'.padStart(7)}  ${'process CPU ms'.padStart(14)} ${'added'.padStart(7)}  ${'end ms'.padStart(6)}   spans exported / dropped / failed`);
const row = (runs, name, base) => {
  const rs = runs.get(name);
  const isBase = name === base;
  const added = (key) => (isBase ? '' : pct(median(ratios(runs, name, base, key)))).padStart(7);
  const cpu = hasThreadCpu ? fmt(median(rs.map((r) => r.cpuPerStep)), 12) : '—'.padStart(12);
  const cpuRatios = hasThreadCpu && !isBase ? ratios(runs, name, base, 'cpuPerStep') : null;
  const interval = cpuRatios ? medianInterval(cpuRatios).map(pct).join(' … ') : '';
  const c = rs.at(-1).counts;
  console.log(
    `  ${name.padEnd(34)} ${fmt(median(rs.map((r) => r.perStep)), 8)} ${added('perStep')}  ${cpu} ${hasThreadCpu ? added('cpuPerStep') : ''.padStart(7)} ${interval.padStart(16)} ${(cpuRatios ? pct(trimmedMean(cpuRatios)) : '').padStart(7)}  ${fmt(median(rs.map((r) => r.processPerStep)), 14)} ${added('processPerStep')}  ${median(rs.map((r) => r.endMs)).toFixed(0).padStart(6)}   ${c ? `${c.exported} / ${c.dropped} / ${c.failed}` : '—'}`,
  );
};
for (const [name] of main) row(mainRuns, name, OFF);
console.log(`  ${FEW} rounds:`);
for (const [name] of [main[0], ...more]) row(moreRuns, name, OFF);
console.log(`  ${FEW} rounds, ${LOOPBACK_STEPS} steps against the scripted model server over loopback (chat completions, streamed; its own process):`);
for (const [name] of loop) row(loopRuns, name, LOOP_OFF);

console.log('');
const stepCpu = hasThreadCpu ? median(mainRuns.get(OFF).map((r) => r.cpuPerStep)) * 1000 : null;
const loopCpu = hasThreadCpu ? median(loopRuns.get(LOOP_OFF).map((r) => r.cpuPerStep)) * 1000 : null;
if (hasThreadCpu) {
  const on = median(ratios(mainRuns, main[2][0], OFF, 'cpuPerStep'));
  const floor = median(ratios(mainRuns, main[1][0], OFF, 'cpuPerStep'));
  const [lo, hi] = medianInterval(ratios(mainRuns, main[2][0], OFF, 'cpuPerStep'));
  console.log(`  agent-thread CPU added per step with export on, no-op loop: ${pct(on)} (90% interval ${pct(lo)} … ${pct(hi)}); noise floor (export off against export off): ${pct(floor)}   target ≤ 5%: ${hi <= 5 ? 'met' : on <= 5 ? 'met by the median, not by the whole interval' : 'NOT met'}`);
  const d = median(directNoop);
  const dl = median(directLoop);
  console.log(`  tracing code on the agent's thread, timed directly (a run's events replayed through the session's telemetry and through none, interleaved, agent-thread CPU): ${d.toFixed(1)} µs per no-op step = ${((100 * d) / stepCpu).toFixed(1)}% of its ${stepCpu.toFixed(0)} µs (pairs: ${sorted(directNoop).map((x) => x.toFixed(1)).join(' ')}); ${dl.toFixed(1)} µs per loopback step = ${((100 * dl) / loopCpu).toFixed(2)}% of its ${loopCpu.toFixed(0)} µs`);
}
const slow = median(moreRuns.get(more[2][0]).map((r, i) => r.perStep / moreRuns.get(OFF)[i].perStep));
console.log(`  stalled collector vs export off: ${slow.toFixed(2)}x wall time per step (the queue is bounded; the end of a session waits at most its flush bound)`);
await liveCollector.close();
await stalled.close();
loopbackServer.close();
process.exit(0);
