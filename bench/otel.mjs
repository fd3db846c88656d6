#!/usr/bin/env node
// OpenTelemetry export overhead on the agent loop: STEPS steps against an in-process scripted
// model and a no-op tool, with the session file written, measured side by side in one run:
// export off, export on to a live OTLP/HTTP collector (protobuf), to a collector that accepts
// connections and never answers (stalled), and to a port where nothing listens (down).
// Rounds alternate the variants; each figure is the median round. Prints the added time per
// step and the spans exported / dropped. Run: `node bench/otel.mjs [steps] [rounds]`.
// Target (issue 28): ≤ 5% added per step with export on; a stalled collector never slows the agent.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const src = (p) => jiti.import(new URL(`../src-main/core/${p}`, import.meta.url).pathname);
const { ToolCallAgent } = await src('agent/tool-call-agent.ts');
const { InProcessScriptedModel, testTool } = await src('agent/agent-test-kit.ts');
const { EventBus } = await src('events/event-bus.ts');
const { ToolHooks } = await src('hooks/tool-hooks.ts');
const { ToolCollection } = await src('tools/tool-collection.ts');
const { ToolRunner } = await src('tools/tool-runner.ts');
const { TraceWriter } = await src('session/trace-writer.ts');
const { ContextCompactor } = await src('agent/context-compactor.ts');
const { SessionTelemetry } = await src('telemetry/session-telemetry.ts');

const STEPS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 5);

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

const target = (url) => ({ protocol: 'http/protobuf', url, headers: {}, serviceName: 'bench', resourceAttributes: {} });

async function run(url, id) {
  const bus = new EventBus(`bench-${id}`);
  const dir = mkdtempSync(join(tmpdir(), 'gb-otel-bench-'));
  const trace = new TraceWriter(join(dir, 'bench.jsonl')).attach(bus);
  const telemetry = url ? new SessionTelemetry({ settings: { otlp: target(url), captureContent: false }, sessionId: `bench-${id}`, events: bus, warn: () => {} }) : null;
  await telemetry?.ready();
  const runner = new ToolRunner({ tools: new ToolCollection([testTool('noop')]), hooks: new ToolHooks(), workspace: dir, home: dir, bus });
  let n = 0;
  const model = new InProcessScriptedModel([() => (n++ < STEPS - 1 ? { text: '', toolCalls: [{ id: `c${n}`, name: 'noop', arguments: `{"n":${n}}` }] } : { text: 'done' })], false);
  const agent = new ToolCallAgent({ provider: model, runner, bus, systemPrompt: 'bench', maxSteps: STEPS + 1, compactor: new ContextCompactor({ budgetTokens: 1_000_000 }) });
  const t0 = process.hrtime.bigint();
  const r = await agent.run('bench task');
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.reason !== 'finished' || r.steps !== STEPS) throw new Error(`bench run ended ${r.reason} after ${r.steps} steps`);
  // Not timed: what the session's end costs (bounded flush).
  const e0 = process.hrtime.bigint();
  await telemetry?.dispose(2000);
  const endMs = Number(process.hrtime.bigint() - e0) / 1e6;
  const counts = telemetry?.status().counts;
  trace.close();
  rmSync(dir, { recursive: true, force: true });
  return { perStep: ms / STEPS, endMs, counts };
}

const live = await collector('ok');
const stalled = await collector('stall');
const down = await deadUrl();
const variants = [
  ['export off', null],
  ['export on, collector live', live.url],
  ['export on, collector stalled', stalled.url],
  ['export on, collector down', down],
];
// Warm up every path once.
for (const [, url] of variants) await run(url, 'warm');
const results = new Map(variants.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url] of variants) results.get(name).push(await run(url, `${round}`));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const off = median(results.get('export off').map((r) => r.perStep));
console.log(`OpenTelemetry export, agent loop of ${STEPS} steps (in-process scripted model, no-op tool, session file on), median of ${ROUNDS} rounds`);
console.log('');
console.log('                                  per step (ms)   added    end of session (ms)   spans exported / dropped / failed (this process, all rounds so far)');
for (const [name] of variants) {
  const rs = results.get(name);
  const per = median(rs.map((r) => r.perStep));
  const end = median(rs.map((r) => r.endMs));
  const c = rs.at(-1).counts;
  const added = name === 'export off' ? '' : `${(((per - off) / off) * 100).toFixed(1)}%`;
  console.log(`  ${name.padEnd(30)} ${per.toFixed(4).padStart(12)}   ${added.padStart(6)}   ${end.toFixed(0).padStart(19)}   ${c ? `${c.exported} / ${c.dropped} / ${c.failed}` : '—'}`);
}
const on = median(results.get('export on, collector live').map((r) => r.perStep));
const slow = median(results.get('export on, collector stalled').map((r) => r.perStep));
console.log('');
console.log(`  added with export on: ${(((on - off) / off) * 100).toFixed(1)}%   target ≤ 5%: ${on <= off * 1.05 ? 'met' : 'NOT met'}`);
console.log(`  stalled collector vs live: ${(slow / on).toFixed(2)}x per step (the queue is bounded; the end of a session waits at most its flush bound)`);
await live.close();
await stalled.close();
process.exit(0);
