import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveTelemetry } from './config';
import { OtlpPipeline } from './otlp-pipeline';

// A flush is what the end of a session waits for before the process may exit: it must cover
// every span, also a batch the batch processor's timer had already handed to the exporter.

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A collector that answers each export `delayMs` after reading it; counts what it was sent and what it answered. */
async function slowCollector(delayMs: number) {
  const seen = { arrived: 0, answered: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.arrived++;
      setTimeout(() => {
        seen.answered++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }, delayMs);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, url };
}

describe('the OTLP pipeline', () => {
  it('a flush waits for a batch already on its way to the collector', async () => {
    const collector = await slowCollector(400);
    const target = resolveTelemetry({}, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).otlp!;
    const pipeline = await OtlpPipeline.open(target, { scheduledDelayMs: 1 });
    pipeline.sdkTracer.startSpan('sent-by-the-timer').end();
    // The timer hands the span to the exporter; its request reaches the collector, unanswered.
    await vi.waitFor(() => expect(collector.seen.arrived).toBe(1));
    expect(collector.seen.answered).toBe(0);
    // The flush comes while it is on its way: it resolves once the collector answered.
    expect(await pipeline.flush(10_000)).toBe(true);
    expect(collector.seen.answered).toBe(1);
    expect(pipeline.counts().exported).toBe(1);
    await pipeline.shutdown(1_000);
  });
});
