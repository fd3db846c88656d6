import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { OtlpPipeline } from './otlp-pipeline';
import { SessionSpanStreams } from './session-span-streams';
import { SHARED, type ExportWorkerData, type FromExportWorker, type ToExportWorker } from './worker-span-export';

// The export worker (a worker thread of the process exporting): takes the sessions' span events
// from the agent's thread, makes SDK spans of them (EventSpans), and the batch processor and the
// OTLP exporter queue, encode and send them here. How many span starts it took (the other
// side's bound on what is in flight) and its counts are written to shared memory: no message
// goes back per batch.

/** How often the counts are copied out for exports that ended since. */
const COUNTS_EVERY_MS = 100;

function serve(pipeline: OtlpPipeline, port: MessagePort, shared: Int32Array): void {
  const streams = new SessionSpanStreams(pipeline.sdkTracer, pipeline.ids);
  const publish = (): void => {
    const c = pipeline.counts();
    Atomics.store(shared, SHARED.exported, c.exported);
    Atomics.store(shared, SHARED.dropped, c.dropped);
    Atomics.store(shared, SHARED.failed, c.failed);
  };
  setInterval(publish, COUNTS_EVERY_MS).unref();
  port.on('message', (m: ToExportWorker) => {
    switch (m.type) {
      case 'open':
        return streams.open(m.session, m.init);
      case 'events':
        streams.take(m.session, m.wire);
        Atomics.add(shared, SHARED.taken, m.starts);
        return publish();
      case 'close':
        return streams.close(m.session, m.ts);
      case 'flush':
        void pipeline.flush(m.timeoutMs).then((ok) => {
          publish();
          port.postMessage({ type: 'flushed', id: m.id, ok } satisfies FromExportWorker);
        });
        return;
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
