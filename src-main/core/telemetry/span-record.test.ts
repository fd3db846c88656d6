import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { PinnedTraceIds } from './pinned-trace-ids';
import { ATTRIBUTE_VALUE_LIMIT, RecordingTracer, type SpanRecord } from './span-record';
import { ReplayIds, replaySpans } from './span-replay';
import { packSpans, unpackSpans } from './span-wire';
import { carrierOf, contextFromCarrier } from './trace-carrier';

function rig() {
  const records: SpanRecord[] = [];
  const ids = new PinnedTraceIds();
  const tracer = new RecordingTracer(ids, (r) => records.push(r));
  const exporter = new InMemorySpanExporter();
  const replayIds = new ReplayIds();
  const provider = new BasicTracerProvider({ idGenerator: replayIds, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  // Through the wire format the export worker receives (a structured clone of it, as postMessage makes).
  const replay = (): void => replaySpans(provider.getTracer('t'), replayIds, unpackSpans(structuredClone(packSpans(records.splice(0)))));
  return { ids, tracer, records, exporter, replay };
}

describe('recorded spans, made into SDK spans on the export side', () => {
  it('keep their ids, parents, kinds, times, attributes, events and status', () => {
    const { ids, tracer, exporter, replay } = rig();
    const TRACE = '0af7651916cd43dd8448eb211c80319c';
    const root = ids.withTraceId(TRACE, () => tracer.startSpan('invoke_agent', { kind: SpanKind.INTERNAL, attributes: { a: 1 }, startTime: 1_700_000_000_000 }, ROOT_CONTEXT));
    const child = tracer.startSpan('execute_tool x', { kind: SpanKind.CLIENT, attributes: { 'gen_ai.tool.name': 'x' }, startTime: 1_700_000_000_010 }, trace.setSpan(ROOT_CONTEXT, root));
    child.setAttribute('late', 'yes');
    child.addEvent('gen_ai.request.retry', { attempt: 1 }, 1_700_000_000_015);
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
    child.end(1_700_000_000_020);
    child.setAttribute('after-end', 'ignored');
    root.setAttribute('big', 'x'.repeat(ATTRIBUTE_VALUE_LIMIT + 10));
    root.end(1_700_000_000_030);
    replay();
    const [c, r] = exporter.getFinishedSpans();
    expect(r!.spanContext()).toMatchObject({ traceId: TRACE, spanId: root.spanContext().spanId });
    expect(r!.parentSpanContext).toBeUndefined();
    expect(String(r!.attributes.big)).toHaveLength(ATTRIBUTE_VALUE_LIMIT);
    expect(c!.spanContext()).toMatchObject({ traceId: TRACE, spanId: child.spanContext().spanId });
    expect(c!.parentSpanContext?.spanId).toBe(root.spanContext().spanId);
    expect(c!.kind).toBe(SpanKind.CLIENT);
    expect(c!.startTime).toEqual([1_700_000_000, 10_000_000]);
    expect(c!.endTime).toEqual([1_700_000_000, 20_000_000]);
    expect(c!.attributes).toEqual({ 'gen_ai.tool.name': 'x', late: 'yes' });
    expect(c!.events).toMatchObject([{ name: 'gen_ai.request.retry', attributes: { attempt: 1 }, time: [1_700_000_000, 15_000_000] }]);
    expect(c!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
  });

  it("a remote parent's flags and tracestate carry on; an unsampled parent's children are not exported", () => {
    const { tracer, exporter, replay } = rig();
    const sampled = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc' })!;
    const span = tracer.startSpan('invoke_agent', { startTime: 1_700_000_000_000 }, sampled);
    // What an MCP request made in this span carries.
    expect(carrierOf(trace.setSpan(sampled, span))).toEqual({ traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-${span.spanContext().spanId}-01`, tracestate: 'vendor=abc' });
    span.end(1_700_000_000_001);
    const unsampled = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' })!;
    const quiet = tracer.startSpan('invoke_agent', { startTime: 1_700_000_000_000 }, unsampled);
    expect(carrierOf(trace.setSpan(unsampled, quiet))?.traceparent).toMatch(/-00$/);
    quiet.end(1_700_000_000_001);
    replay();
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    expect(spans[0]!.parentSpanContext).toMatchObject({ spanId: '00f067aa0ba902b7', isRemote: true });
    expect(spans[0]!.spanContext().traceState?.serialize()).toBe('vendor=abc');
  });

  it('ids are random, hex, never all zeros', () => {
    const ids = new PinnedTraceIds();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const s = ids.generateSpanId();
      expect(s).toMatch(/^[0-9a-f]{16}$/);
      expect(s).not.toBe('0000000000000000');
      seen.add(s);
    }
    expect(seen.size).toBe(2000);
    expect(ids.generateTraceId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
