import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../events/event-bus';
import { SessionTelemetry } from './session-telemetry';
import type { SpanEventStream, SpanExport } from './span-export';
import { SpanEventWriter } from './span-event-writer';

// A session's span-making events wait in a queue and are projected together (QUEUE_AT events, or
// 50 ms after the first), and at once whenever something reads what they make: an MCP request's
// carrier, a served request, a call `glassbox mcp serve` forgets, a flush, the session's end.

/** A session's telemetry over an export that keeps its stream's slots on this thread. */
function traced() {
  const writer = new SpanEventWriter();
  const stream: SpanEventStream = { writer, admit: () => true, wrote: () => undefined, post: () => undefined, close: () => undefined };
  const spanExport: SpanExport = {
    openSession: () => stream,
    target: { protocol: 'http/protobuf', url: 'http://127.0.0.1:1/v1/traces', headers: {}, serviceName: 't', resourceAttributes: {} },
    thread: 'main',
    counts: () => ({ exported: 0, dropped: 0, failed: 0 }),
    flush: async () => true,
    shutdown: async () => undefined,
  };
  const bus = new EventBus('s');
  const warnings: string[] = [];
  const telemetry = new SessionTelemetry({ settings: { otlp: spanExport.target, captureContent: false }, sessionId: 's', events: bus, warn: (w) => void warnings.push(w), spanExport: async () => spanExport });
  return { bus, writer, telemetry, warnings };
}

const startTool = (callId: string) => ({ type: 'tool_execution_start', callId, tool: 'mcp_fx_lookup', args: {}, source: 'mcp:fx' }) as const;

describe('SessionTelemetry: the queue of span-making events', () => {
  it('projects a lone event within 50 ms, not on the agent step that emitted it', async () => {
    const { bus, writer, telemetry } = traced();
    await telemetry.ready();
    bus.emit({ type: 'agent_start', task: 't' });
    expect(writer.length).toBe(0);
    await vi.waitFor(() => expect(writer.length).toBeGreaterThan(0), { timeout: 5_000, interval: 5 });
    await telemetry.dispose(100);
  });

  it('a carrier asked for during a call names the call span, its start projected first', async () => {
    const { bus, writer, telemetry } = traced();
    await telemetry.ready();
    bus.emit({ type: 'agent_start', task: 't' });
    const run = telemetry.carrier();
    bus.emit(startTool('c1'));
    expect(writer.length).toBeGreaterThan(0);
    const written = writer.length;
    const call = telemetry.carrier('c1');
    expect(writer.length).toBeGreaterThan(written);
    // Same trace, another span: the call's, a child of the run's.
    expect(call?.traceparent.slice(0, 35)).toBe(run?.traceparent.slice(0, 35));
    expect(call?.traceparent).not.toBe(run?.traceparent);
    await telemetry.dispose(100);
  });

  it('projects in batches while the agent runs without pause; flush and dispose take the rest', async () => {
    const { bus, writer, telemetry } = traced();
    await telemetry.ready();
    bus.emit({ type: 'agent_start', task: 't' });
    let firstBatchAt = 0;
    for (let i = 0; i < 300 && !firstBatchAt; i++) {
      bus.emit(startTool(`c${i}`));
      if (writer.length > 0) firstBatchAt = i + 2; // events emitted so far, agent_start included
    }
    expect(firstBatchAt).toBe(256);
    bus.emit(startTool('late'));
    const batch = writer.length;
    await telemetry.flush(100);
    expect(writer.length).toBeGreaterThan(batch);
    await telemetry.dispose(100);
  });

  it('a call `glassbox mcp serve` continues is projected under its caller before the caller is forgotten', async () => {
    const { bus, writer, telemetry } = traced();
    await telemetry.ready();
    const caller = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const forget = telemetry.continueCall('c1', { traceparent: caller });
    bus.emit(startTool('c1'));
    expect(writer.length).toBe(0);
    forget();
    expect(writer.length).toBeGreaterThan(0);
    // The call's start went with its caller's context.
    expect(writer.take(true).refs).toContainEqual(expect.objectContaining({ traceparent: caller }));
    await telemetry.dispose(100);
  });

  it('an event that cannot be traced is a warning; the events after it are still projected', async () => {
    const { bus, writer, telemetry, warnings } = traced();
    await telemetry.ready();
    bus.emit({ type: 'agent_start', task: 't' });
    bus.emit({ type: 'tool_execution_start', callId: 'bad', tool: 'x', args: {}, source: undefined as unknown as 'builtin' });
    bus.emit(startTool('c2'));
    await telemetry.flush(100);
    expect(warnings.join('\n')).toMatch(/a tool_execution_start event could not be traced/);
    expect(writer.take(true).refs).toContain('c2');
    await telemetry.dispose(100);
  });
});
