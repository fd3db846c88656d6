import type { EventType, GlassboxEvent } from '../../../src-shared/events/event-types';

/**
 * The event types that make or change a span: the only ones the projector is given (a session
 * subscribes to these, so the rest of its events cost tracing nothing).
 */
export const SPAN_EVENT_TYPES = [
  'agent_start', 'agent_end', 'model_request', 'model_retry', 'model_response', 'model_error', 'turn_end', 'tool_execution_start', 'mcp_traffic',
  'tool_execution_end', 'approval_requested', 'approval_resolved', 'human_input_requested', 'human_input_resolved', 'compaction_end', 'mcp_server_status',
] as const satisfies readonly EventType[];

/** An event that makes or changes a span. */
export type SpanMakingEvent = Extract<GlassboxEvent, { type: (typeof SPAN_EVENT_TYPES)[number] }>;

const MAKES_SPANS: ReadonlySet<string> = new Set(SPAN_EVENT_TYPES);

/** True for the events the projector takes. */
export function makesSpans(e: GlassboxEvent): e is SpanMakingEvent {
  return MAKES_SPANS.has(e.type);
}
