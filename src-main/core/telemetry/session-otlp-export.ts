import { trace } from '@opentelemetry/api';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventSpans } from './event-spans';
import type { ExportCounts } from './export-counters';
import { OtlpPipeline } from './otlp-pipeline';
import { traceIdForSession } from './pinned-trace-ids';
import type { TelemetrySettings } from './config';
import { contextFromCarrier, recordedTraceOf } from './trace-carrier';

/** How long a recorded session's export may take to leave before it counts as failed. */
const RECORDED_FLUSH_MS = 30_000;

/** What exporting a recorded session did. */
export interface RecordedExport {
  traceId: string;
  /** Spans made from the file. */
  spans: number;
  counts: ExportCounts;
  /** False when sending took longer than allowed (the rest was not sent). */
  complete: boolean;
}

/**
 * Exports a saved session's events as the spans a live export would have made (the same
 * EventSpans, at the events' own times), into the session's own trace — so a session made
 * before export was on lands where the window's trace link points. `redact` hides what the
 * file holds of secrets configured since it was written.
 */
export async function exportRecordedSession(
  sessionId: string,
  events: GlassboxEvent[],
  settings: TelemetrySettings,
  redact: (e: GlassboxEvent) => GlassboxEvent,
): Promise<RecordedExport> {
  if (!settings.otlp) throw new Error('OpenTelemetry export is not configured');
  // One queue slot per event at most, so nothing of the file is dropped.
  const pipeline = await OtlpPipeline.open(settings.otlp, { maxQueuedSpans: Math.max(2048, events.length), scheduledDelayMs: 200 });
  // The trace its runs continued (`TRACEPARENT`), else the session's own.
  const recorded = contextFromCarrier(recordedTraceOf(events));
  const traceId = (recorded && trace.getSpanContext(recorded)?.traceId) ?? traceIdForSession(sessionId);
  let spans = 0;
  const tracer = pipeline.tracer;
  const counting: typeof tracer = {
    startSpan: (...a: Parameters<typeof tracer.startSpan>) => {
      spans++;
      return tracer.startSpan(...a);
    },
    startActiveSpan: tracer.startActiveSpan.bind(tracer),
  };
  const translator = new EventSpans({ tracer: counting, ids: pipeline.ids, traceId, sessionId, captureContent: settings.captureContent });
  for (const e of events) translator.handle(redact(e));
  translator.closeAll(events.at(-1)?.ts ?? Date.now());
  const complete = await pipeline.flush(RECORDED_FLUSH_MS);
  const counts = pipeline.counts();
  await pipeline.shutdown(1000);
  return { traceId, spans, counts, complete };
}
