import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { byName, startOtlpGrpcReceiver, startOtlpHttpReceiver, type OtlpReceiver } from '../fixtures/otlp-receiver';
import { BIN, runGlassbox, tempGlassbox } from '../helpers/cli';
import { CLI_TIMEOUT_MS, parseJsonLines, readSessionLines, runJson, TEST_KEY, useAgentFixtures } from './agent-harness';

// `glassbox run` exporting OpenTelemetry spans, configured by the standard variables, to real
// OTLP receivers (HTTP JSON, HTTP protobuf, gRPC) that decode with the official protos.

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS });
const fixture = useAgentFixtures();

const CI_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CI_SPAN = '00f067aa0ba902b7';
const OTLP_SECRET = 'otlp-SECRET-token-98765';

async function withReceiver<T>(start: () => Promise<OtlpReceiver>, fn: (r: OtlpReceiver) => Promise<T>): Promise<T> {
  const r = await start();
  try {
    return await fn(r);
  } finally {
    await r.close();
  }
}

describe('glassbox run with OpenTelemetry export', () => {
  it('http/json: TRACEPARENT parents the run; `glassbox mcp serve` called by Glassbox continues the trace under its execute_tool span', async () => {
    await withReceiver(startOtlpHttpReceiver, async (receiver) => {
      const f = await fixture('openai', [{ toolCalls: [{ id: 'call_gb', name: 'mcp_gb_str_replace_editor', arguments: { command: 'view', path: 'hello.txt' } }] }, { text: 'It says hello.' }]);
      writeFileSync(join(f.workspace, 'hello.txt'), 'hello\n');
      // `glassbox mcp serve` as an MCP server of the run, with its own home, exporting to the same receiver.
      const served = tempGlassbox();
      mkdirSync(served.home, { recursive: true });
      writeFileSync(
        join(f.home, 'config.json'),
        JSON.stringify({
          mcpServers: {
            gb: {
              command: process.execPath,
              args: [BIN, 'mcp', 'serve', '--approve', 'auto', '--tools', 'str_replace_editor'],
              cwd: f.workspace,
              env: { GLASSBOX_HOME: served.home, GLASSBOX_DISABLE_BROWSER: '1', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'glassbox-mcp', OTEL_BSP_EXPORT_TIMEOUT: '60000' },
            },
          },
        }),
      );
      const env = {
        ...f.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${OTLP_SECRET}`,
        OTEL_SERVICE_NAME: 'ci-agent',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci',
        TRACEPARENT: `00-${CI_TRACE}-${CI_SPAN}-01`,
        // The end of the run waits for its spans as long as the poll below (5 s by default: at
        // load 29 its last spans were left behind once).
        OTEL_BSP_EXPORT_TIMEOUT: '60000',
      };
      const r = await runJson({ ...f, env }, 'What does hello.txt say?', ['--approve', 'auto']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`trace ${CI_TRACE}`);
      // The run's last line says how many spans it exported, dropped or failed to send.
      await expect.poll(() => receiver.spans.map((s) => s.name), { timeout: 60_000, message: r.stderr }).toEqual(expect.arrayContaining(['invoke_agent', 'tools/call str_replace_editor']));

      const run = byName(receiver.spans, 'invoke_agent');
      expect(run.via).toBe('http/json');
      expect(run.traceId).toBe(CI_TRACE);
      expect(run.parentSpanId).toBe(CI_SPAN);
      expect(run.resource).toMatchObject({ 'service.name': 'ci-agent', 'deployment.environment': 'ci' });
      const call = byName(receiver.spans, 'execute_tool mcp_gb_str_replace_editor');
      expect(call.parentSpanId).toBe(run.spanId);
      expect(call.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'glassbox.mcp.server': 'gb', 'network.transport': 'pipe' });
      const served2 = byName(receiver.spans, 'tools/call str_replace_editor');
      expect(served2.resource['service.name']).toBe('glassbox-mcp');
      expect(served2.traceId).toBe(CI_TRACE);
      expect(served2.parentSpanId).toBe(call.spanId);
      expect(served2.kind).toBe(2);

      // The OTLP header reached the collector and nothing else: not the spans, not the events.
      expect(receiver.requests.some((h) => h.authorization === `Bearer ${OTLP_SECRET}`)).toBe(true);
      const wire = Buffer.concat(receiver.bodies).toString('latin1');
      expect(wire).not.toContain(OTLP_SECRET);
      expect(wire).not.toContain(TEST_KEY);
      expect(r.stdout).not.toContain(OTLP_SECRET);
    });
  });

  it('grpc: the same spans over OTLP/gRPC', async () => {
    await withReceiver(startOtlpGrpcReceiver, async (receiver) => {
      const f = await fixture('anthropic', [{ text: 'Hi.' }]);
      const env = { ...f.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_HEADERS: `x-team=${OTLP_SECRET}` };
      const r = await runJson({ ...f, env }, 'Say hi');
      expect(r.code).toBe(0);
      const session = r.events[0]!.session;
      await expect.poll(() => receiver.spans.map((s) => s.name), { timeout: 60_000 }).toEqual(expect.arrayContaining(['invoke_agent', 'chat scripted']));
      const run = byName(receiver.spans, 'invoke_agent');
      expect(run.via).toBe('grpc');
      expect(run.traceId).toBe(session.replace(/-/g, ''));
      expect(byName(receiver.spans, 'chat scripted')).toMatchObject({ parentSpanId: run.spanId, attributes: expect.objectContaining({ 'gen_ai.provider.name': 'anthropic', 'gen_ai.response.finish_reasons': ['stop'] }) });
      expect(receiver.requests.some((h) => h['x-team'] === OTLP_SECRET)).toBe(true);
    });
  });

  it('a stalled collector: the run finishes, spans past the queue are dropped and counted, never waited for', async () => {
    await withReceiver(startOtlpHttpReceiver, async (receiver) => {
      receiver.stall(true);
      const calls = Array.from({ length: 6 }, (_, i) => ({ id: `call_${i}`, name: 'str_replace_editor', arguments: { command: 'view', path: '.' } }));
      const f = await fixture('openai', [{ toolCalls: calls }, { text: 'Looked.' }]);
      const env = { ...f.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_MAX_QUEUE_SIZE: '2' };
      const r = await runJson({ ...f, env }, 'Look around', ['--approve', 'auto']);
      expect(r.code).toBe(0);
      expect(r.events.find((e) => e.type === 'agent_end')).toMatchObject({ reason: 'finished' });
      const dropped = /(\d+) dropped \(queue full\)/.exec(r.stderr);
      expect(dropped, r.stderr).not.toBeNull();
      expect(Number(dropped![1])).toBeGreaterThan(0);
      const warning = r.events.find((e) => e.type === 'log' && e.source === 'telemetry');
      expect(warning?.message).toMatch(/span\(s\) dropped/);
      expect(receiver.spans).toHaveLength(0);
    });
  });

  it("TRACEPARENT is recorded in the session file: sessions export --otlp and a resumed run land in the job's trace", async () => {
    const f = await fixture('openai', [{ text: 'First.' }, { text: 'Second.' }]);
    // Export off: the trace context is still recorded (canonical form, tracestate kept, baggage not).
    const env = { ...f.env, TRACEPARENT: `  00-${CI_TRACE}-${CI_SPAN}-01\n`, TRACESTATE: 'vendor=abc', BAGGAGE: `secret=${OTLP_SECRET}` };
    const r = await runJson({ ...f, env }, 'Start');
    expect(r.code).toBe(0);
    const session = r.events[0]!.session;
    const start = readSessionLines(f, session).map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.type === 'agent_start');
    expect(start).toMatchObject({ traceparent: `00-${CI_TRACE}-${CI_SPAN}-01`, tracestate: 'vendor=abc' });
    expect(readSessionLines(f, session).join('\n')).not.toContain(OTLP_SECRET);

    await withReceiver(startOtlpHttpReceiver, async (receiver) => {
      // After the fact: the run is the job span's child again, in the job's trace.
      const out = await runGlassbox(['sessions', 'export', session, '--otlp'], { env: { ...f.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }, cwd: f.workspace });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toContain(`trace ${CI_TRACE}`);
      const exported = byName(receiver.spans, 'invoke_agent');
      expect(exported).toMatchObject({ traceId: CI_TRACE, parentSpanId: CI_SPAN });
      expect(byName(receiver.spans, 'chat scripted').traceId).toBe(CI_TRACE);

      // Resumed without TRACEPARENT, export on: the session's trace is still the job's (a root in it, not recorded again).
      receiver.spans.length = 0;
      const again = await runJson({ ...f, env: { ...f.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } }, 'Continue', ['--session', session]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain(`trace ${CI_TRACE}`);
      await expect.poll(() => receiver.spans.map((s) => s.name)).toContain('invoke_agent');
      expect(byName(receiver.spans, 'invoke_agent')).toMatchObject({ traceId: CI_TRACE, parentSpanId: '' });
      const starts = readSessionLines(f, session).map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.type === 'agent_start');
      expect(starts).toHaveLength(2);
      expect(starts[1]!.traceparent).toBeUndefined();
    });
  });

  it('a malformed TRACEPARENT is not recorded and the run starts its own trace', async () => {
    const f = await fixture('openai', [{ text: 'Hi.' }]);
    for (const bad of [`00-${CI_TRACE}-${CI_SPAN}-01\nX-Injected: 1`, `00-${'0'.repeat(32)}-${CI_SPAN}-01`, 'ff-garbage', `00-${CI_TRACE}-${CI_SPAN}`, `00-${CI_TRACE.toUpperCase()}-${CI_SPAN}-01`]) {
      const r = await runJson({ ...f, env: { ...f.env, TRACEPARENT: bad } }, 'Hi');
      expect(r.code, r.stderr).toBe(0);
      const start = r.events.find((e) => e.type === 'agent_start')!;
      expect(start.traceparent, bad).toBeUndefined();
      expect(readSessionLines(f, start.session).join('\n')).not.toContain('X-Injected');
    }
  });

  it('sessions export ID --otlp sends a session recorded with export off into its own trace', async () => {
    const f = await fixture('openai', [{ toolCalls: [{ id: 'call_v', name: 'str_replace_editor', arguments: { command: 'view', path: '.' } }] }, { text: 'Seen.' }]);
    const r = await runJson(f, 'Look', ['--approve', 'auto']);
    expect(r.code).toBe(0);
    const session = r.events[0]!.session;
    const none = await runGlassbox(['sessions', 'export', session, '--otlp'], { env: f.env, cwd: f.workspace });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    await withReceiver(startOtlpHttpReceiver, async (receiver) => {
      const out = await runGlassbox(['sessions', 'export', session, '--otlp'], { env: { ...f.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }, cwd: f.workspace });
      expect(out.code, out.stderr).toBe(0);
      const traceId = session.replace(/-/g, '');
      expect(out.stderr).toContain(`trace ${traceId}`);
      const names = receiver.spans.map((s) => s.name).sort();
      expect(names).toEqual(['chat scripted', 'chat scripted', 'execute_tool str_replace_editor', 'invoke_agent']);
      const run = byName(receiver.spans, 'invoke_agent');
      expect(receiver.spans.every((s) => s.traceId === traceId)).toBe(true);
      expect(byName(receiver.spans, 'execute_tool str_replace_editor').parentSpanId).toBe(run.spanId);
      // At the recorded times, not now.
      const started = r.events.find((e) => e.type === 'agent_start')!.ts as number;
      expect(run.startMs).toBe(started);
    });
    const events = parseJsonLines(r.stdout);
    expect(events.some((e) => e.type === 'log' && e.source === 'telemetry')).toBe(false);
  });
});
