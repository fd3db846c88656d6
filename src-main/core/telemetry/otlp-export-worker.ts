import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { OtlpPipeline } from './otlp-pipeline';
import { unpackSpans } from './span-wire';
import { SHARED, type ExportWorkerData, type FromExportWorker, type ToExportWorker } from './worker-span-export';

// The export worker (a worker thread of the process exporting): takes recorded spans from the
// agent's thread, makes SDK spans of them, and the batch processor and the OTLP exporter queue,
// encode and send them here. How many spans it took (the other side's bound on what is in
// flight) and its counts are written to shared memory: no message goes back per batch.

/** How often the counts are copied out for exports that ended since. */
const COUNTS_EVERY_MS = 100;

function serve(pipeline: OtlpPipeline, port: MessagePort, shared: Int32Array): void {
  const publish = (): void => {
    const c = pipeline.counts();
    Atomics.store(shared, SHARED.exported, c.exported);
    Atomics.store(shared, SHARED.dropped, c.dropped);
    Atomics.store(shared, SHARED.failed, c.failed);
  };
  setInterval(publish, COUNTS_EVERY_MS).unref();
  port.on('message', (m: ToExportWorker) => {
    if (m.type === 'spans') {
      pipeline.write(unpackSpans(m.spans));
      Atomics.add(shared, SHARED.taken, m.count);
      publish();
      return;
    }
    if (m.type === 'flush') {
      void pipeline.flush(m.timeoutMs).then((ok) => {
        publish();
        port.postMessage({ type: 'flushed', id: m.id, ok } satisfies FromExportWorker);
      });
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromExportWorker);
}

const port = parentPort;
if (!port) throw new Error('otlp-export-worker runs as a worker thread');
const data = workerData as ExportWorkerData;
OtlpPipeline.open(data.target).then(
  (pipeline) => serve(pipeline, port, new Int32Array(data.shared)),
  (err: unknown) => {
    port.postMessage({ type: 'failed', message: (err as Error).message } satisfies FromExportWorker);
    port.close();
  },
);
