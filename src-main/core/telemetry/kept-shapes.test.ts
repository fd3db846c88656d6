// @lane integration: a node child process with V8's test natives (--allow-natives-syntax)
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Run in the child: sessions' telemetry one after the other, a full garbage collection after the
 * last, and V8's own word on the per-event code of the agent thread's tracing path. After a first
 * session, each hot method is optimized during session A (forced, so the test does not depend on
 * V8's tiering heuristics); A's objects are then dropped and collected. The code must still be
 * optimized after that collection.
 */
const CHILD = String.raw`
const { createJiti } = require(process.env.JITI);
const jiti = createJiti(process.env.HERE);
const natives = (src) => new Function('f', src);
const status = natives('return %GetOptimizationStatus(f);');
const prepare = natives('%PrepareFunctionForOptimization(f);');
const optimizeNext = natives('%OptimizeFunctionOnNextCall(f);');
const TURBOFANNED = 1 << 6, MARKED_FOR_DEOPT = 1 << 14;
const optimized = (f) => (status(f) & TURBOFANNED) !== 0 && (status(f) & MARKED_FOR_DEOPT) === 0;
(async () => {
  const { EventBus } = await jiti.import(process.env.BUS);
  const { SessionTelemetry } = await jiti.import(process.env.HERE + '/session-telemetry.ts');
  const { EventProjector } = await jiti.import(process.env.HERE + '/event-projector.ts');
  const { BatchingStream } = await jiti.import(process.env.HERE + '/span-event-stream.ts');
  const { SpanEventWriter } = await jiti.import(process.env.HERE + '/span-event-writer.ts');
  const target = { protocol: 'http/protobuf', url: 'http://127.0.0.1:9/v1/traces', headers: {}, serviceName: 't', resourceAttributes: {} };
  // An export that takes the batches and throws them away (no worker: only the agent thread's side).
  const sink = { admit: () => true, pending: () => undefined, deliver: () => undefined, close: () => undefined };
  let n = 0;
  const none = { openSession: () => new BatchingStream(sink, ++n), target, thread: 'main', counts: () => ({ exported: 0, dropped: 0, failed: 0 }), flush: async () => true, shutdown: async () => undefined };
  // Methods that read only the tracing path's own objects (an event's shape is the agent's: it
  // lives as long as the session keeps its events, not this module's business).
  const hot = {
    'SpanEventWriter.num': SpanEventWriter.prototype.num,
    'SpanEventWriter.ref': SpanEventWriter.prototype.ref,
    'SpanEventWriter.id': SpanEventWriter.prototype.id,
    'BatchingStream.admit': BatchingStream.prototype.admit,
    'EventProjector.writer': EventProjector.prototype.writer,
  };
  const session = async (id, steps, optimizeAt) => {
    const bus = new EventBus(id);
    const t = new SessionTelemetry({ settings: { otlp: target, captureContent: false }, sessionId: id, events: bus, warn: () => {}, spanExport: async () => none });
    await t.ready();
    bus.emit({ type: 'agent_start', task: 'task' });
    for (let i = 0; i < steps; i++) {
      if (i === optimizeAt) for (const f of Object.values(hot)) optimizeNext(f);
      bus.emit({ type: 'turn_start', step: i });
      bus.emit({ type: 'model_request', step: i, request: { provider: 'openai', model: 'm', endpoint: 'http://127.0.0.1:1/v1' } });
      bus.emit({ type: 'model_response', step: i, model: 'm', response: { stopReason: 'tool_use' }, usage: { inputTokens: 10, outputTokens: 2, ttftMs: 1, durationMs: 2 } });
      bus.emit({ type: 'tool_execution_start', callId: 'c' + i, tool: 'noop', args: { n: i }, source: 'builtin' });
      bus.emit({ type: 'tool_execution_end', callId: 'c' + i, tool: 'noop', result: { output: 'ok', error: null, images: [], system: null }, durationMs: 0 });
      bus.emit({ type: 'turn_end', step: i });
    }
    bus.emit({ type: 'agent_end', reason: 'finished', usage: { inputTokens: 10, outputTokens: 2 } });
    await t.dispose(100);
  };
  for (const f of Object.values(hot)) prepare(f);
  // A first session settles what changes once per shape (a field that held one value takes another).
  await session('first', 20, -1);
  await session('a', 60, 50);
  const before = Object.fromEntries(Object.entries(hot).map(([k, f]) => [k, optimized(f)]));
  // Session A's objects are unreachable now: a full collection (twice: a shape goes in the second at the latest).
  globalThis.gc();
  globalThis.gc();
  const after = Object.fromEntries(Object.entries(hot).map(([k, f]) => [k, optimized(f)]));
  process.stdout.write(JSON.stringify({ before, after }));
})().catch((err) => { console.error(err); process.exit(1); });
`;

describe('the tracing path keeps its optimized code from one session to the next', () => {
  it('after a session ends and a full collection runs, the per-event writes are still V8-optimized', async () => {
    const here = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
    const env = {
      ...process.env,
      HERE: here,
      BUS: fileURLToPath(new URL('../events/event-bus.ts', import.meta.url)),
      JITI: createRequire(import.meta.url).resolve('jiti'),
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--expose-gc', '-e', CHILD], { env, timeout: 120_000 });
    const { before, after } = JSON.parse(stdout) as Record<string, Record<string, boolean>>;
    const all = Object.fromEntries(Object.keys(before!).map((k) => [k, true]));
    // The check can fail: each method really was optimized in session A.
    expect(before).toEqual(all);
    // Without the kept shapes, V8 throws all of it away at that collection ("weak objects").
    expect(after).toEqual(all);
  });
});
