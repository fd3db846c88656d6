import { trace } from '@opentelemetry/api';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventProjector } from './event-projector';
import { makesSpans } from './span-making-events';
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
  // The same path as a live session's events: projected, then made into spans (here, on this thread).
  const stream = pipeline.openSession({ traceId, sessionId });
  const projector = new EventProjector(stream, { traceId, captureContent: settings.captureContent });
  for (const e of events) if (makesSpans(e)) projector.handle(redact(e) as typeof e);
  stream.close(events.at(-1)?.ts ?? Date.now());
  const spans = projector.started;
  const complete = await pipeline.flush(RECORDED_FLUSH_MS);
  const counts = pipeline.counts();
  await pipeline.shutdown(1000);
  return { traceId, spans, counts, complete };
}
