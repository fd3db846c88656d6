import { ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventSpans } from './event-spans';
import { PinnedTraceIds } from './pinned-trace-ids';
import { contextFromCarrier } from './trace-carrier';

const TRACE = '0123456789abcdef0123456789abcdef';

function rig(opts: { captureContent?: boolean; callParent?: (id: string) => ReturnType<typeof contextFromCarrier> } = {}) {
  const exporter = new InMemorySpanExporter();
  const ids = new PinnedTraceIds();
  const provider = new BasicTracerProvider({ idGenerator: ids, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = new EventSpans({ tracer: provider.getTracer('t'), ids, traceId: TRACE, sessionId: 's1', captureContent: opts.captureContent ?? false, ...(opts.callParent ? { callParent: opts.callParent } : {}) });
  let seq = 0;
  const feed = (...events: EventInput[]): void => {
    for (const e of events) spans.handle({ seq: ++seq, ts: 1_700_000_000_000 + seq * 10, session: 's1', ...e } as GlassboxEvent);
  };
  const named = (name: string) => exporter.getFinishedSpans().find((s) => s.name === name)!;
  return { spans, feed, exporter, named };
}

describe('EventSpans', () => {
  it('retries and compaction are span events; a failed model request is an error span; open spans end with the run', () => {
    const { feed, named, exporter } = rig();
    feed(
      { type: 'agent_start', task: 't' },
      { type: 'compaction_start', before: 900 },
      { type: 'compaction_end', before: 900, after: 300 },
      { type: 'model_request', step: 1, request: { provider: 'anthropic', model: 'claude', endpoint: 'https://api.anthropic.com/v1/messages' } },
      { type: 'model_retry', step: 1, attempt: 1, maxRetries: 3, delayMs: 10, status: 429, error: 'rate limited' },
      { type: 'model_error', step: 1, endpoint: 'x', status: 500, message: 'server text with secret-ish detail', attempts: 3 },
      { type: 'turn_end', step: 1 },
      { type: 'tool_execution_start', callId: 'c1', tool: 'ask_human', args: { question: 'q?' }, source: 'builtin' },
      { type: 'human_input_requested', requestId: 'h1', question: 'Which file?' },
      { type: 'agent_end', reason: 'error', error: 'boom' },
    );
    const run = named('invoke_agent');
    expect(run.spanContext().traceId).toBe(TRACE);
    expect(run.events.map((e) => [e.name, e.attributes])).toEqual([['glassbox.compaction', { 'glassbox.compaction.before_tokens': 900, 'glassbox.compaction.after_tokens': 300 }]]);
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.status.message).toBeUndefined();
    const chat = named('chat claude');
    expect(chat.events[0]).toMatchObject({ name: 'gen_ai.request.retry', attributes: { 'glassbox.retry.attempt': 1, 'error.type': '429' } });
    expect(chat.attributes).toMatchObject({ 'error.type': '500', 'server.address': 'api.anthropic.com', 'server.port': 443 });
    expect(chat.status).toEqual({ code: SpanStatusCode.ERROR });
    // The human wait is a child of the call asking; both ended with the run, at its time.
    const wait = named('human_input');
    const call = named('execute_tool ask_human');
    expect(wait.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(wait.attributes['glassbox.human_input.question']).toBeUndefined();
    expect(wait.endTime).toEqual(run.endTime);
    expect(exporter.getFinishedSpans()).toHaveLength(4);
  });

  it('a served call continues the caller’s context as a server span; carriers name the call’s span', () => {
    const caller = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })!;
    const { spans, feed, named } = rig({ callParent: (id) => (id === 'mcp_1' ? caller : undefined) });
    feed({ type: 'tool_execution_start', callId: 'mcp_1', tool: 'bash', args: {}, source: 'builtin' });
    const carrier = spans.carrier('mcp_1')!;
    expect(carrier.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    feed({ type: 'approval_requested', requestId: 'r1', callId: 'mcp_1', tool: 'bash', args: { command: 'ls' } }, { type: 'approval_resolved', requestId: 'r1', callId: 'mcp_1', decision: 'deny', by: 'user' });
    feed({ type: 'tool_execution_end', callId: 'mcp_1', tool: 'bash', result: { output: '[BLOCKED] denied', error: null, images: [], system: null }, durationMs: 1, blocked: true });
    const served = named('tools/call bash');
    expect(served.kind).toBe(1);
    expect(served.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(served.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'glassbox.tool.blocked': true, 'error.type': 'blocked' });
    expect(carrier.traceparent).toContain(served.spanContext().spanId);
    expect(named('approval bash').attributes).toMatchObject({ 'glassbox.approval.decision': 'deny', 'glassbox.approval.by': 'user' });
    expect(named('approval bash').attributes['gen_ai.tool.call.arguments']).toBeUndefined();
    // Outside any call or run: nothing to carry.
    expect(spans.carrier('other')).toBeUndefined();
    expect(trace.getSpanContext(ROOT_CONTEXT)).toBeUndefined();
  });
});
