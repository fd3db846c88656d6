import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { EventProjector } from './event-projector';
import type { SpanEventSink } from './span-event-writer';
import { makesSpans } from './span-making-events';
import { PinnedTraceIds } from './pinned-trace-ids';
import { SessionSpanStreams } from './session-span-streams';
import { ATTRIBUTE_VALUE_LIMIT } from './span-events';
import { SpanEventWriter } from './span-event-writer';
import { carrierOf, contextFromCarrier } from './trace-carrier';

const TRACE = '0123456789abcdef0123456789abcdef';

/**
 * The live path end to end: events projected on "the agent's thread" into the wire, the wire
 * structured-cloned as postMessage does, and the spans made from it on "the export side".
 */
function rig(opts: { captureContent?: boolean; parent?: Context; callParent?: (id: string) => Context | undefined; admit?: () => boolean } = {}) {
  const exporter = new InMemorySpanExporter();
  const ids = new PinnedTraceIds();
  const provider = new BasicTracerProvider({ idGenerator: ids, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const streams = new SessionSpanStreams(provider.getTracer('t'), ids);
  const parent = opts.parent ? carrierOf(opts.parent) : undefined;
  streams.open(1, { traceId: TRACE, sessionId: 's1', ...(parent ? { parent } : {}) });
  let starts = 0;
  // The batch is handed over as one wire by `feed`, as the stream does (not event by event).
  const sink: SpanEventSink = {
    writer: new SpanEventWriter(),
    admit: opts.admit ?? (() => true),
    wrote: (n) => {
      starts += n;
    },
  };
  const projector = new EventProjector(sink, { traceId: TRACE, captureContent: opts.captureContent ?? false, ...(opts.parent ? { parent: opts.parent } : {}), ...(opts.callParent ? { callParent: opts.callParent } : {}) });
  let seq = 0;
  // Cloned with its buffer transferred, as postMessage does.
  const post = (): void => {
    const wire = sink.writer.take();
    streams.take(1, structuredClone(wire, { transfer: [wire.nums.buffer] }));
  };
  // Only the types that make spans reach the projector (a session subscribes to those).
  const feed = (...events: EventInput[]): void => {
    for (const input of events) {
      const e = { seq: ++seq, ts: 1_700_000_000_000 + seq * 10, session: 's1', ...input } as GlassboxEvent;
      if (makesSpans(e)) projector.handle(e);
    }
    post();
  };
  const spans = () => exporter.getFinishedSpans();
  const named = (name: string) => spans().find((s) => s.name === name)!;
  return { projector, feed, post, streams, spans, named, starts: () => starts };
}

describe('EventSpans, fed by the agent thread’s EventProjector', () => {
  it('retries and compaction are span events; a failed model request is an error span; open spans end with the run', () => {
    const { feed, named, spans } = rig();
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
    expect(spans()).toHaveLength(4);
  });

  it('a model turn and a tool call: attributes by the conventions, parents, and the ids the carriers named', () => {
    const { projector, feed, named } = rig();
    feed({ type: 'agent_start', task: 't' });
    const runCarrier = projector.carrier()!;
    feed(
      { type: 'model_request', step: 1, request: { provider: 'openai', model: 'gpt-x', endpoint: 'http://127.0.0.1:8080/v1/chat/completions' } },
      { type: 'model_response', step: 1, response: { text: '', stopReason: 'tool_calls' }, model: 'gpt-x-2', usage: { inputTokens: 12, outputTokens: 3, cachedInputTokens: 4, costUsd: 0.5, ttftMs: 250, durationMs: 400 } },
      { type: 'tool_execution_start', callId: 'm1', tool: 'mcp_fx_lookup', args: { key: 'a' }, source: 'mcp:fx' },
    );
    const toolCarrier = projector.carrier('m1')!;
    feed(
      { type: 'mcp_traffic', callId: 'm1', server: 'fx', request: { jsonrpc: '2.0', id: 7, method: 'tools/call' }, response: {}, protocolVersion: '2026-07-28' },
      { type: 'tool_execution_end', callId: 'm1', tool: 'mcp_fx_lookup', result: { output: 'v', error: 'no such key', images: [], system: null }, durationMs: 1 },
      { type: 'agent_end', reason: 'finished', usage: { turns: 1, inputTokens: 12, outputTokens: 3, cachedInputTokens: 4, reasoningTokens: 0, costUsd: 0.5, costUnknownTurns: 0, estimatedTurns: 0 } },
    );
    const run = named('invoke_agent');
    const chat = named('chat gpt-x');
    const tool = named('execute_tool mcp_fx_lookup');
    expect(runCarrier.traceparent).toBe(`00-${TRACE}-${run.spanContext().spanId}-01`);
    expect(toolCarrier.traceparent).toBe(`00-${TRACE}-${tool.spanContext().spanId}-01`);
    expect(chat.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    expect(tool.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    expect(chat.kind).toBe(SpanKind.CLIENT);
    expect(chat.attributes).toEqual({
      'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-x', 'gen_ai.provider.name': 'openai', 'server.address': '127.0.0.1', 'server.port': 8080,
      'gen_ai.response.model': 'gpt-x-2', 'gen_ai.response.finish_reasons': ['tool_call'], 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 3,
      'gen_ai.response.time_to_first_chunk': 0.25, 'gen_ai.usage.cache_read.input_tokens': 4, 'glassbox.usage.cost_usd': 0.5,
    });
    expect(tool.kind).toBe(SpanKind.CLIENT);
    expect(tool.attributes).toEqual({
      'mcp.method.name': 'tools/call', 'glassbox.mcp.server': 'fx', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'mcp_fx_lookup', 'gen_ai.tool.call.id': 'm1',
      'gen_ai.tool.type': 'extension', 'glassbox.tool.source': 'mcp:fx', 'jsonrpc.request.id': '7', 'mcp.protocol.version': '2026-07-28', 'error.type': 'tool_error',
    });
    expect(tool.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(run.attributes).toMatchObject({ 'glassbox.run.end_reason': 'finished', 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.cache_read.input_tokens': 4, 'glassbox.session.id': 's1' });
    // Outside a run: nothing to carry.
    expect(projector.carrier('m1')).toBeUndefined();
  });

  it('a TRACEPARENT parent: runs are its children, carriers keep its flags, tracestate and baggage', () => {
    const parent = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc', baggage: 'team=infra' })!;
    const { projector, feed, named } = rig({ parent });
    feed({ type: 'agent_start', task: 't' }, { type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: {}, source: 'builtin' });
    const carrier = projector.carrier('c1')!;
    feed({ type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: { output: 'ok', error: null, images: [], system: null }, durationMs: 1 }, { type: 'agent_end', reason: 'finished' });
    const run = named('invoke_agent');
    const tool = named('execute_tool bash');
    expect(run.parentSpanContext).toMatchObject({ spanId: '00f067aa0ba902b7', isRemote: true });
    expect(carrier).toEqual({ traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-${tool.spanContext().spanId}-01`, tracestate: 'vendor=abc', baggage: 'team=infra' });
    expect(tool.spanContext().traceState?.serialize()).toBe('vendor=abc');
  });

  it('a served call continues the caller’s context as a server span; carriers name the call’s span', () => {
    const caller = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })!;
    const { projector, feed, named } = rig({ callParent: (id) => (id === 'mcp_1' ? caller : undefined) });
    feed({ type: 'tool_execution_start', callId: 'mcp_1', tool: 'bash', args: {}, source: 'builtin' });
    const carrier = projector.carrier('mcp_1')!;
    expect(carrier.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    feed({ type: 'approval_requested', requestId: 'r1', callId: 'mcp_1', tool: 'bash', args: { command: 'ls' } }, { type: 'approval_resolved', requestId: 'r1', callId: 'mcp_1', decision: 'deny', by: 'user' });
    feed({ type: 'tool_execution_end', callId: 'mcp_1', tool: 'bash', result: { output: '[BLOCKED] denied', error: null, images: [], system: null }, durationMs: 1, blocked: true });
    const served = named('tools/call bash');
    expect(served.kind).toBe(SpanKind.SERVER);
    expect(served.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(served.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'glassbox.tool.blocked': true, 'error.type': 'blocked' });
    expect(carrier.traceparent).toContain(served.spanContext().spanId);
    expect(named('approval bash').parentSpanContext?.spanId).toBe(served.spanContext().spanId);
    expect(named('approval bash').attributes).toMatchObject({ 'glassbox.approval.decision': 'deny', 'glassbox.approval.by': 'user' });
    expect(named('approval bash').attributes['gen_ai.tool.call.arguments']).toBeUndefined();
    // Outside any call or run: nothing to carry.
    expect(projector.carrier('other')).toBeUndefined();
    expect(trace.getSpanContext(ROOT_CONTEXT)).toBeUndefined();
  });

  it('content only with capture on, as JSON made before it leaves, cut at the attribute limit', () => {
    const events: EventInput[] = [
      { type: 'agent_start', task: 'summarize' },
      { type: 'model_request', step: 1, request: { model: 'm', newMessages: [{ role: 'user', content: 'summarize' }] } },
      { type: 'model_response', step: 1, response: { text: 'ok', toolCalls: [{ id: 'c1', name: 'read', arguments: '{"p":1}' }], stopReason: 'tool_use' } },
      { type: 'tool_execution_start', callId: 'c1', tool: 'read', args: { p: 1 }, source: 'builtin' },
      { type: 'tool_execution_end', callId: 'c1', tool: 'read', result: { output: 'x'.repeat(ATTRIBUTE_VALUE_LIMIT + 100), error: null, images: [], system: null }, durationMs: 1 },
      { type: 'agent_end', reason: 'finished' },
    ];
    const off = rig();
    off.feed(...events);
    for (const s of off.spans()) expect(Object.keys(s.attributes).filter((k) => /messages|arguments|result/.test(k))).toEqual([]);
    const on = rig({ captureContent: true });
    on.feed(...events);
    expect(JSON.parse(String(on.named('invoke_agent').attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'summarize' }] }]);
    expect(JSON.parse(String(on.named('chat m').attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'ok' }, { type: 'tool_call', id: 'c1', name: 'read', arguments: { p: 1 } }], finish_reason: 'tool_call' },
    ]);
    const tool = on.named('execute_tool read');
    expect(tool.attributes['gen_ai.tool.call.arguments']).toBe('{"p":1}');
    expect(String(tool.attributes['gen_ai.tool.call.result'])).toHaveLength(ATTRIBUTE_VALUE_LIMIT);
  });

  it('a span the export cannot take is dropped with its events; carriers still name it, the rest goes on', () => {
    let room = 2;
    const { projector, feed, spans, named, starts } = rig({ admit: () => room-- > 0 });
    feed({ type: 'agent_start', task: 't' }, { type: 'model_request', step: 1, request: { model: 'm' } }, { type: 'model_response', step: 1, response: {} });
    // No room: this call's span and its events are dropped.
    feed({ type: 'tool_execution_start', callId: 'c1', tool: 'mcp_fx_x', args: {}, source: 'mcp:fx' });
    expect(projector.carrier('c1')?.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    room = 1;
    feed(
      { type: 'mcp_traffic', callId: 'c1', server: 'fx', request: { id: 1 }, response: {} },
      { type: 'tool_execution_end', callId: 'c1', tool: 'mcp_fx_x', result: { output: '', error: null, images: [], system: null }, durationMs: 1 },
      { type: 'tool_execution_start', callId: 'c2', tool: 'bash', args: {}, source: 'builtin' },
      { type: 'tool_execution_end', callId: 'c2', tool: 'bash', result: { output: '', error: null, images: [], system: null }, durationMs: 1 },
      { type: 'agent_end', reason: 'finished' },
    );
    expect(spans().map((s) => s.name).sort()).toEqual(['chat m', 'execute_tool bash', 'invoke_agent']);
    expect(named('execute_tool bash').parentSpanContext?.spanId).toBe(named('invoke_agent').spanContext().spanId);
    expect(starts()).toBe(3);
  });

  it('a served resource read or prompt: a server span under the caller’s span, or a root of the session’s trace', () => {
    const { projector, post, named, spans } = rig({ captureContent: true });
    const caller = contextFromCarrier({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    projector.served('resources/read', 'file:///a.txt', caller, 1_700_000_000_000)(1_700_000_000_005);
    projector.served('prompts/get', 'review', undefined, 1_700_000_000_010)(1_700_000_000_020, 'McpError', 'no such prompt');
    post();
    expect(spans()).toHaveLength(2);
    const read = named('resources/read');
    expect(read.kind).toBe(SpanKind.SERVER);
    expect(read.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(read.attributes).toEqual({ 'mcp.method.name': 'resources/read', 'mcp.resource.uri': 'file:///a.txt' });
    const prompt = named('prompts/get review');
    expect(prompt.spanContext().traceId).toBe(TRACE);
    expect(prompt.parentSpanContext).toBeUndefined();
    expect(prompt.attributes).toMatchObject({ 'gen_ai.prompt.name': 'review', 'error.type': 'McpError' });
    expect(prompt.status).toEqual({ code: SpanStatusCode.ERROR, message: 'no such prompt' });
  });
});
