#!/usr/bin/env node
// Agent loop overhead: 1,000 steps against an in-process scripted model and a no-op tool.
// Prints, side by side in one run: the loop per step vs. the bare ToolRunner per call (the
// floor: a tool call with its events), with and without the session-file writer, and the heap
// growth over the run. Run: `node --expose-gc bench/agent-loop.mjs [steps]`.
// Target (issue 5): ≤ 1 ms a step, flat memory.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url);
const src = (p) => jiti.import(new URL(`../src-main/core/${p}`, import.meta.url).pathname);
const { ToolCallAgent } = await src('agent/tool-call-agent.ts');
const { InProcessScriptedModel, testTool } = await src('agent/test-kit.ts');
const { EventBus } = await src('events/event-bus.ts');
const { ToolHooks } = await src('tools/tool-hooks.ts');
const { ToolCollection } = await src('tools/tool-collection.ts');
const { ToolRunner } = await src('tools/tool-runner.ts');
const { TraceWriter } = await src('session/trace-writer.ts');
const { ContextCompactor } = await src('agent/context-compactor.ts');

const STEPS = Number(process.argv[2] ?? 1000);
const gc = globalThis.gc ?? (() => {});
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

function rig(withTrace) {
  const bus = new EventBus('bench');
  const dir = mkdtempSync(join(tmpdir(), 'gb-bench-'));
  const trace = withTrace ? new TraceWriter(join(dir, 'bench.jsonl')).attach(bus) : null;
  const runner = new ToolRunner({ tools: new ToolCollection([testTool('noop')]), hooks: new ToolHooks(), workspace: dir, home: dir, bus });
  return { bus, runner, trace, dir };
}

async function agentRun(withTrace) {
  const { bus, runner, trace, dir } = rig(withTrace);
  let n = 0;
  // record=false: the test model's request log is not what we measure.
  const model = new InProcessScriptedModel([() => (n++ < STEPS - 1 ? { text: '', toolCalls: [{ id: `c${n}`, name: 'noop', arguments: `{"n":${n}}` }] } : { text: 'done' })], false);
  const agent = new ToolCallAgent({
    provider: model, runner, bus, systemPrompt: 'bench', maxSteps: STEPS + 1,
    compactor: new ContextCompactor({ budgetTokens: 1_000_000 }),
  });
  const marks = [];
  let step = 0;
  bus.subscribe('turn_end', () => {
    step++;
    if (step === 100 || step === STEPS - 1) marks.push(heap());
  });
  const t0 = process.hrtime.bigint();
  const r = await agent.run('bench task');
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const fileBytes = withTrace ? statSync(trace.path).size : 0;
  trace?.close();
  rmSync(dir, { recursive: true, force: true });
  if (r.reason !== 'finished' || r.steps !== STEPS) throw new Error(`bench run ended ${r.reason} after ${r.steps} steps`);
  return { ms, perStep: ms / STEPS, growth: marks.length === 2 ? (marks[1] - marks[0]) / (STEPS - 101) : NaN, fileBytes, messages: agent.messages.length };
}

async function runnerOnly(withTrace) {
  const { runner, trace, dir } = rig(withTrace);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < STEPS; i++) await runner.run({ callId: `c${i}`, tool: 'noop', args: `{"n":${i}}` });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  trace?.close();
  rmSync(dir, { recursive: true, force: true });
  return { ms, perStep: ms / STEPS };
}

// Warm up the JIT once, then measure.
await agentRun(false);
await runnerOnly(false);
const a = await agentRun(false);
const at = await agentRun(true);
const r = await runnerOnly(false);
const rt = await runnerOnly(true);

const f = (x) => x.toFixed(3);
console.log(`agent loop, ${STEPS} steps (in-process scripted model, no-op tool)${globalThis.gc ? '' : '  [run with --expose-gc for exact heap numbers]'}`);
console.log('');
console.log('                               per step (ms)   total (ms)');
console.log(`  ToolRunner only (floor)      ${f(r.perStep).padStart(12)}   ${r.ms.toFixed(1).padStart(10)}`);
console.log(`  ToolCallAgent                ${f(a.perStep).padStart(12)}   ${a.ms.toFixed(1).padStart(10)}   ratio to floor ${(a.perStep / r.perStep).toFixed(2)}x`);
console.log(`  ToolRunner + session file    ${f(rt.perStep).padStart(12)}   ${rt.ms.toFixed(1).padStart(10)}`);
console.log(`  ToolCallAgent + session file ${f(at.perStep).padStart(12)}   ${at.ms.toFixed(1).padStart(10)}   ratio to floor ${(at.perStep / rt.perStep).toFixed(2)}x   (${(at.fileBytes / 1024).toFixed(0)} KiB written)`);
console.log('');
console.log(`  loop overhead per step (agent - runner): ${f(a.perStep - r.perStep)} ms   target ≤ 1 ms: ${a.perStep <= 1 ? 'met' : 'NOT met'}`);
console.log(`  heap growth, step 100 → ${STEPS - 1}: ${Number.isFinite(a.growth) ? `${(a.growth / 1024).toFixed(2)} KiB/step` : 'n/a'} (the conversation itself holds ${a.messages} messages)`);
