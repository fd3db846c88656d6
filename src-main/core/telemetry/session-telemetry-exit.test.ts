import { describe, expect, it } from 'vitest';
import { resolveTelemetry } from './config';
import { SessionTelemetry } from './session-telemetry';
import type { SpanEventStream, SpanExport } from './span-export';

// The end of a session waits a bounded time for its last spans, and says when it left some behind.

function telemetryWith(env: NodeJS.ProcessEnv, flushed: boolean) {
  const settings = resolveTelemetry({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', ...env });
  const waits: (number | undefined)[] = [];
  const warnings: string[] = [];
  const stream = { post: () => undefined, close: () => undefined } as unknown as SpanEventStream;
  const exporter: SpanExport = {
    openSession: () => stream,
    target: settings.otlp!,
    thread: 'worker',
    counts: () => ({ exported: 0, dropped: 0, failed: 0 }),
    flush: async (timeoutMs) => {
      waits.push(timeoutMs);
      return flushed;
    },
    shutdown: async () => undefined,
  };
  const t = new SessionTelemetry({ settings, sessionId: 's-1', events: { subscribe: () => () => undefined }, warn: (m) => warnings.push(m), spanExport: async () => exporter });
  return { t, waits, warnings };
}

describe('the end of a session with export on', () => {
  it('waits 5 s for its spans unless OTEL_BSP_EXPORT_TIMEOUT says otherwise', async () => {
    const plain = telemetryWith({}, true);
    await plain.t.ready();
    await plain.t.dispose();
    expect(plain.waits).toEqual([5_000]);
    expect(plain.warnings).toEqual([]);

    const longer = telemetryWith({ OTEL_BSP_EXPORT_TIMEOUT: '60000' }, true);
    await longer.t.ready();
    await longer.t.dispose();
    expect(longer.waits).toEqual([60_000]);
  });

  it('ignores a timeout that is not a positive number', () => {
    for (const v of ['0', '-5', 'soon', '']) expect(resolveTelemetry({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_BSP_EXPORT_TIMEOUT: v }).otlp?.exitFlushMs).toBeUndefined();
  });

  it('warns when spans were left unsent, naming the collector and the setting', async () => {
    const { t, warnings } = telemetryWith({ OTEL_BSP_EXPORT_TIMEOUT: '250' }, false);
    await t.ready();
    await t.dispose();
    expect(warnings).toEqual([expect.stringMatching(/spans still unsent after 250 ms were left behind \(the collector at http:\/\/127\.0\.0\.1:4318\/v1\/traces .*OTEL_BSP_EXPORT_TIMEOUT/)]);
  });
});
