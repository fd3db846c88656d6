import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { ExportCounts } from './export-counters';
import { MAX_QUEUED_SPANS } from './otlp-pipeline';
import { BatchingStream, type StreamTarget } from './span-event-stream';
import type { SpanEventWire } from './span-events';
import { EXIT_FLUSH_MS, type SpanEventStream, type SpanExport, type SpanSessionInit } from './span-export';
import type { OtlpTarget } from './config';

/** Messages to the export worker: sessions' streams of span events (span-events.ts), and flushes. */
export type ToExportWorker =
  | { type: 'open'; session: number; init: SpanSessionInit }
  | { type: 'events'; session: number; starts: number; wire: SpanEventWire }
  | { type: 'close'; session: number; ts: number }
  | { type: 'flush'; id: number; timeoutMs: number };

/** Messages from the export worker (its counts are shared memory, see SHARED). */
export type FromExportWorker = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'flushed'; id: number; ok: boolean };

/** What the worker is started with. */
export interface ExportWorkerData {
  target: OtlpTarget;
  /** SHARED.length Int32 counters the worker writes and this side reads, without messages. */
  shared: SharedArrayBuffer;
}

/** The shared counters: span starts the worker took from this side, and its exported / dropped / failed spans. */
export const SHARED = { taken: 0, exported: 1, dropped: 2, failed: 3, length: 4 } as const;

/** How long the worker may take to load the exporter before the export runs on this thread instead. */
const START_TIMEOUT_MS = 15_000;
/**
 * The same from TypeScript sources (tests, benchmarks): there the worker first compiles the
 * exporter's modules through jiti, which took over 15 s on the loaded 2-core build machine and
 * moved a test's export to the main thread.
 */
const SOURCE_START_TIMEOUT_MS = 120_000;

/**
 * The worker's entry: the built `otlp-export-worker.js` beside the bundle (or its chunk's
 * folder), or in a source checkout (tests, benchmarks) the TypeScript file through jiti.
 */
function startWorker(data: ExportWorkerData): Worker | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const file = fileURLToPath(new URL('./otlp-export-worker.ts', here));
    let jiti: string;
    try {
      jiti = createRequire(here).resolve('jiti');
    } catch {
      return null;
    }
    const boot = `require(${JSON.stringify(jiti)}).createJiti(${JSON.stringify(file)}).import(${JSON.stringify(file)});`;
    return new Worker(boot, { eval: true, workerData: data });
  }
  for (const rel of ['./otlp-export-worker.js', '../otlp-export-worker.js']) {
    const file = fileURLToPath(new URL(rel, here));
    if (existsSync(file)) return new Worker(file, { workerData: data });
  }
  return null;
}

/**
 * The export in a worker thread. The agent's thread only appends each session's span events to
 * its stream (EventProjector: a few values an event); the streams are posted to the worker in
 * batches, where EventSpans makes SDK spans of them, the batch processor queues them and the
 * OTLP exporter encodes and sends them. The queue is bounded on this side too: spans started
 * and not yet taken by the worker never pass the queue size — past it a new span is dropped
 * with its events, and counted (a worker starved of CPU never grows memory or slows the agent).
 * The worker does not keep the process alive, except while a flush waits for it.
 */
export class WorkerSpanExport implements SpanExport, StreamTarget {
  readonly thread = 'worker';
  /** Span starts handed to the worker in all, and those appended and not handed over yet. */
  private posted = 0;
  private pendingHere = 0;
  private droppedHere = 0;
  private lostToExit = 0;
  private readonly shared: Int32Array;
  private readonly streams = new Set<SpanEventStream>();
  private readonly flushes = new Map<number, (ok: boolean) => void>();
  private nextFlush = 1;
  private nextSession = 1;
  private alive = true;

  private constructor(
    private readonly worker: Worker,
    shared: SharedArrayBuffer,
    readonly target: OtlpTarget,
    private readonly queue: number,
  ) {
    this.shared = new Int32Array(shared);
    worker.on('message', (m: FromExportWorker) => this.onMessage(m));
    worker.on('exit', () => this.onExit());
    worker.on('error', () => undefined);
    worker.unref();
  }

  /** Starts the worker and waits until its exporter is ready; rejects when it cannot start. */
  static start(target: OtlpTarget): Promise<WorkerSpanExport> {
    const shared = new SharedArrayBuffer(SHARED.length * Int32Array.BYTES_PER_ELEMENT);
    const worker = startWorker({ target, shared });
    if (!worker) return Promise.reject(new Error('the export worker was not found'));
    return WorkerSpanExport.attach(worker, shared, target);
  }

  /**
   * The export over a worker already started with `shared` as its counters (ExportWorkerData):
   * waits for its `ready`. `start` uses it; tests give it a worker of their own (one that never
   * takes a batch: a worker starved of CPU).
   */
  static attach(worker: Worker, shared: SharedArrayBuffer, target: OtlpTarget): Promise<WorkerSpanExport> {
    return new Promise((resolve, reject) => {
      const limit = import.meta.url.endsWith('.ts') ? SOURCE_START_TIMEOUT_MS : START_TIMEOUT_MS;
      const timer = setTimeout(() => fail(new Error('the export worker did not start in time')), limit);
      const fail = (err: Error): void => {
        clearTimeout(timer);
        void worker.terminate();
        reject(err);
      };
      const first = (m: FromExportWorker): void => {
        worker.off('error', fail);
        clearTimeout(timer);
        if (m.type === 'ready') resolve(new WorkerSpanExport(worker, shared, target, target.maxQueueSize ?? MAX_QUEUED_SPANS));
        else fail(new Error(m.type === 'failed' ? m.message : 'the export worker answered out of turn'));
      };
      worker.once('message', first);
      worker.once('error', fail);
    });
  }

  openSession(init: SpanSessionInit): SpanEventStream {
    const session = this.nextSession++;
    this.send({ type: 'open', session, init });
    // A batch never holds more than a quarter of the bound, so it alone cannot fill it.
    const stream = new BatchingStream(this, session, Math.max(1, Math.floor(this.queue / 4)));
    this.streams.add(stream);
    return stream;
  }

  /** A span may start while those started and not taken by the worker stay under the queue size (StreamTarget). */
  admit(): boolean {
    if (!this.alive) {
      this.lostToExit++;
      return false;
    }
    if (this.posted - Atomics.load(this.shared, SHARED.taken) + this.pendingHere >= this.queue) {
      this.droppedHere++;
      return false;
    }
    return true;
  }

  /** StreamTarget: span starts written and not posted yet. */
  pending(starts: number): void {
    this.pendingHere += starts;
  }

  /** StreamTarget: a session's batch goes to the worker, its slots' buffer transferred, not copied. */
  deliver(session: number, wire: SpanEventWire, starts: number): void {
    this.pendingHere -= starts;
    if (!this.alive) {
      this.lostToExit += starts;
      return;
    }
    this.posted += starts;
    this.send({ type: 'events', session, starts, wire }, [wire.nums.buffer]);
  }

  /** StreamTarget: a session's stream closed. */
  close(session: number, ts: number, stream: SpanEventStream): void {
    this.streams.delete(stream);
    this.send({ type: 'close', session, ts });
  }

  counts(): ExportCounts {
    const c = this.shared;
    return { exported: Atomics.load(c, SHARED.exported), dropped: Atomics.load(c, SHARED.dropped) + this.droppedHere, failed: Atomics.load(c, SHARED.failed) + this.lostToExit };
  }

  async flush(timeoutMs = EXIT_FLUSH_MS): Promise<boolean> {
    for (const s of this.streams) s.post();
    if (!this.alive) return false;
    const id = this.nextFlush++;
    let timer: NodeJS.Timeout | undefined;
    // Waiting for the worker's answer keeps the process alive (the worker alone does not).
    this.worker.ref();
    try {
      return await new Promise<boolean>((resolve) => {
        this.flushes.set(id, resolve);
        timer = setTimeout(() => resolve(false), timeoutMs);
        this.send({ type: 'flush', id, timeoutMs });
      });
    } finally {
      clearTimeout(timer);
      this.flushes.delete(id);
      if (this.flushes.size === 0 && this.alive) this.worker.unref();
    }
  }

  async shutdown(timeoutMs = EXIT_FLUSH_MS): Promise<void> {
    await this.flush(timeoutMs);
    // Its exit counts what it had not taken (a flush that timed out) as lost.
    await this.worker.terminate();
  }

  private send(m: ToExportWorker, transfer?: TransferListItem[]): void {
    if (this.alive) this.worker.postMessage(m, transfer);
  }

  private onMessage(m: FromExportWorker): void {
    if (m.type === 'flushed') this.flushes.get(m.id)?.(m.ok);
  }

  /** The worker ended (crashed or was stopped): what it held is lost, and counted so. */
  private onExit(): void {
    if (!this.alive) return;
    this.alive = false;
    this.lostToExit += this.posted - Atomics.load(this.shared, SHARED.taken) + this.pendingHere;
    for (const done of this.flushes.values()) done(false);
  }
}
