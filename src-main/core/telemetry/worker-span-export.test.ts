// @lane integration: a real worker thread, starved and then let go
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { OtlpTarget } from './config';
import { EventProjector } from './event-projector';
import { makesSpans } from './span-making-events';
import { SHARED, WorkerSpanExport } from './worker-span-export';

const TRACE = '0123456789abcdef0123456789abcdef';
const QUEUE = 16;

/**
 * An export worker starved of CPU: it says it is ready, then its thread is blocked until the
 * test opens `gate` — it reads no batch meanwhile. Let go, it takes every batch as the real
 * worker does (the span starts it took, in the shared counters) and answers flushes.
 */
const STARVED = `
const { parentPort, workerData } = require('node:worker_threads');
const counters = new Int32Array(workerData.shared);
const gate = new Int32Array(workerData.gate);
parentPort.on('message', (m) => {
  if (m.type === 'events') Atomics.add(counters, ${SHARED.taken}, m.starts);
  if (m.type === 'flush') parentPort.postMessage({ type: 'flushed', id: m.id, ok: true });
});
parentPort.postMessage({ type: 'ready' });
Atomics.wait(gate, 0, 0);
`;

const target: OtlpTarget = { protocol: 'http/protobuf', url: 'http://127.0.0.1:9/v1/traces', headers: {}, serviceName: 'test', resourceAttributes: {}, maxQueueSize: QUEUE };

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function starvedExport() {
  const shared = new SharedArrayBuffer(SHARED.length * Int32Array.BYTES_PER_ELEMENT);
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(STARVED, { eval: true, workerData: { shared, gate: gate.buffer } });
  const exp = await WorkerSpanExport.attach(worker, shared, target);
  stops.push(() => exp.shutdown(100));
  const stream = exp.openSession({ traceId: TRACE, sessionId: 's1' });
  const projector = new EventProjector(stream, { traceId: TRACE, captureContent: false });
  let seq = 0;
  const feed = (input: Record<string, unknown>): void => {
    const e = { seq: ++seq, ts: 1_700_000_000_000 + seq, session: 's1', ...input } as GlassboxEvent;
    if (makesSpans(e)) projector.handle(e);
  };
  /** `n` tool calls, each started and ended (a span each when admitted). */
  const calls = (n: number, from: number): void => {
    for (let i = from; i < from + n; i++) {
      feed({ type: 'tool_execution_start', callId: `c${i}`, tool: 'noop', args: {}, source: 'builtin' });
      feed({ type: 'tool_execution_end', callId: `c${i}`, tool: 'noop', result: { output: 'ok', error: null, images: [], system: null }, durationMs: 0 });
    }
  };
  const letGo = (): void => {
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  };
  return { exp, stream, projector, feed, calls, letGo, taken: () => Atomics.load(new Int32Array(shared), SHARED.taken) };
}

describe('WorkerSpanExport with its worker starved', () => {
  it('holds at most the queue bound for it: later spans are dropped and counted, and admitted again once it takes them', async () => {
    const { exp, stream, projector, feed, calls, letGo, taken } = await starvedExport();
    feed({ type: 'agent_start', task: 't' });
    calls(1000, 1);
    stream.post();
    // The run and QUEUE - 1 calls got in; nothing more is held for the worker.
    expect(projector.started).toBe(QUEUE);
    expect(exp.counts().dropped).toBe(1 + 1000 - QUEUE);
    // Its flush does not wait past its bound.
    expect(await exp.flush(50)).toBe(false);

    letGo();
    await expect.poll(taken).toBe(QUEUE);
    calls(3, 2000);
    expect(projector.started).toBe(QUEUE + 3);
    expect(exp.counts().dropped).toBe(1 + 1000 - QUEUE);
    expect(await exp.flush(5000)).toBe(true);
  });

  it('a worker that ends while starved: what it held is counted as failed', async () => {
    const { exp, stream, projector, feed, calls } = await starvedExport();
    feed({ type: 'agent_start', task: 't' });
    calls(5, 1);
    stream.post();
    expect(projector.started).toBe(6);
    await exp.shutdown(50);
    expect(exp.counts()).toMatchObject({ exported: 0, dropped: 0, failed: 6 });
  });
});
