// @lane integration: a session with the real shell and an MCP server
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer } from '../../../e2e/fixtures/scripted-model-server';
import { byName, startOtlpHttpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../../e2e/fixtures/otlp-receiver';
import { QueuedHumanPorts } from '../approvals/queued-human-ports';
import { GlassboxSession } from '../session/glassbox-session';
import { ATTR } from './span-names';

// A real session against a scripted model, a real stdio MCP server instrumented by a third
// party (openinference), and a real OTLP/HTTP receiver decoding with the official protos.

vi.setConfig({ testTimeout: 180_000 });

const FIXTURE = resolve(__dirname, '../../../e2e/fixtures/otel-mcp-server.mjs');
const API_KEY = 'sk-otel-SECRET-0123456789';
const OTLP_HEADER_SECRET = 'hc-OTLP-HEADER-SECRET-42';
const FILE_MARKER = 'private-notes-marker-7f3a';

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

/** Runs one task that reads a file (built-in), calls the MCP tool (approved by the user) and answers. */
async function tracedRun(captureContent: boolean): Promise<{ receiver: OtlpReceiver; session: GlassboxSession; spans: ReceivedSpan[] }> {
  const base = mkdtempSync(join(tmpdir(), 'gb-otel-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  const notes = join(workspace, 'notes.txt');
  const receiver = await startOtlpHttpReceiver();
  open.push(receiver);
  const model = await startScriptedModelServer([
    {
      toolCalls: [
        { id: 'call_view', name: 'str_replace_editor', arguments: { command: 'view', path: notes } },
        { id: 'call_lookup', name: 'mcp_fx_lookup', arguments: { key: 'alpha' } },
      ],
    },
    { text: 'All done.' },
  ]);
  open.push(model);
  mkdirSync(workspace, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(notes, `${FILE_MARKER}\nkey: ${API_KEY}\n`);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } } },
      telemetry: { otlp: { endpoint: receiver.endpoint, headers: { 'x-team-key': OTLP_HEADER_SECRET } }, captureContent, traceUrl: 'https://traces.example/trace/{traceId}' },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, GLASSBOX_HOME: home, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_API_KEY: API_KEY, GLASSBOX_DISABLE_BROWSER: '1' };
  const ports = new QueuedHumanPorts();
  const session = await GlassboxSession.create({ workspace, env, withExtensions: false, approveMode: 'ask', approvalPort: ports, humanInput: ports });
  const stop = ports.onChange((pending) => {
    for (const p of pending) if (p.kind === 'approval') ports.resolveApproval(p.requestId, 'allow');
  });
  const result = await session.send('Look up alpha');
  stop();
  expect(result.reason).toBe('finished');
  const traceId = session.telemetry.traceId;
  await session.dispose();
  // The fixture exports its own span as soon as it ends; Glassbox's flushed on dispose.
  await expect.poll(() => receiver.spans.map((s) => s.name), { timeout: 60_000 }).toEqual(expect.arrayContaining(['invoke_agent', 'lookup-work']));
  const spans = receiver.spans.filter((s) => s.traceId === traceId);
  return { receiver, session, spans };
}

describe('OpenTelemetry export of a session', () => {
  it('spans by the GenAI and MCP conventions, joined with a third-party-instrumented MCP server; no content, no secrets', async () => {
    const { receiver, session, spans } = await tracedRun(false);
    expect(session.telemetry.traceId).toBe(session.id.replace(/-/g, ''));
    const run = byName(spans, 'invoke_agent');
    const chat = byName(spans, 'chat scripted');
    const view = byName(spans, 'execute_tool str_replace_editor');
    const lookup = byName(spans, 'execute_tool mcp_fx_lookup');
    const approval = byName(spans, 'approval mcp_fx_lookup');
    const work = byName(spans, 'lookup-work');

    expect(run.parentSpanId).toBe('');
    expect(run.resource['service.name']).toBe('glassbox');
    expect(run.attributes).toMatchObject({ [ATTR.operationName]: 'invoke_agent', [ATTR.conversationId]: session.id, [ATTR.endReason]: 'finished' });
    expect(spans.filter((s) => s.name === 'chat scripted')).toHaveLength(2);
    expect(chat.parentSpanId).toBe(run.spanId);
    expect(chat.kind).toBe(3);
    expect(chat.attributes).toMatchObject({ [ATTR.operationName]: 'chat', [ATTR.providerName]: 'openai', [ATTR.requestModel]: 'scripted', [ATTR.finishReasons]: ['tool_call'], [ATTR.serverAddress]: '127.0.0.1' });
    expect(chat.attributes[ATTR.inputTokens]).toEqual(expect.any(Number));
    expect(chat.attributes[ATTR.outputTokens]).toEqual(expect.any(Number));
    expect(chat.attributes[ATTR.timeToFirstChunk]).toEqual(expect.any(Number));

    expect(view.parentSpanId).toBe(run.spanId);
    expect(view.kind).toBe(1);
    expect(view.status.code).toBe(0);
    expect(view.attributes).toMatchObject({ [ATTR.operationName]: 'execute_tool', [ATTR.toolName]: 'str_replace_editor', [ATTR.toolCallId]: 'call_view', [ATTR.toolType]: 'function' });

    expect(lookup.parentSpanId).toBe(run.spanId);
    expect(lookup.kind).toBe(3);
    expect(lookup.attributes).toMatchObject({ [ATTR.mcpMethodName]: 'tools/call', [ATTR.mcpServer]: 'fx', [ATTR.networkTransport]: 'pipe', [ATTR.toolCallId]: 'call_lookup' });
    expect(String(lookup.attributes[ATTR.mcpProtocolVersion])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lookup.attributes[ATTR.jsonrpcRequestId]).toBeDefined();

    expect(approval.parentSpanId).toBe(lookup.spanId);
    expect(approval.attributes).toMatchObject({ [ATTR.approvalDecision]: 'allow', [ATTR.toolName]: 'mcp_fx_lookup' });

    // The server's own span continues Glassbox's trace under the call's span.
    expect(work.traceId).toBe(run.traceId);
    expect(work.parentSpanId).toBe(lookup.spanId);
    expect(work.resource['service.name']).toBe('otel-mcp-fixture');

    // Opted out of content: no messages, arguments or results anywhere.
    for (const s of spans.filter((x) => x.resource['service.name'] === 'glassbox')) {
      for (const key of [ATTR.inputMessages, ATTR.outputMessages, ATTR.toolCallArguments, ATTR.toolCallResult]) expect(s.attributes[key]).toBeUndefined();
    }
    const wire = Buffer.concat(receiver.bodies).toString('latin1');
    expect(wire).not.toContain(FILE_MARKER);
    expect(wire).not.toContain('Look up alpha');
    expect(wire).not.toContain(API_KEY);
    expect(wire).not.toContain(OTLP_HEADER_SECRET);
    // The header does go to the collector (that is what it is for).
    expect(receiver.requests.some((h) => h['x-team-key'] === OTLP_HEADER_SECRET)).toBe(true);
    // Spans were built and sent in the export worker, not on the agent's thread.
    expect(session.telemetry.status()).toMatchObject({ exporting: true, exportThread: 'worker', traceUrl: `https://traces.example/trace/${run.traceId}` });
  });

  it('with captureContent: messages, arguments and results, redacted as session files are', async () => {
    const { receiver, spans } = await tracedRun(true);
    const run = byName(spans, 'invoke_agent');
    expect(JSON.parse(String(run.attributes[ATTR.inputMessages]))).toEqual([{ role: 'user', parts: [{ type: 'text', content: 'Look up alpha' }] }]);
    const chats = spans.filter((s) => s.name === 'chat scripted').sort((a, b) => a.startMs - b.startMs);
    expect(JSON.parse(String(chats[0]!.attributes[ATTR.outputMessages]))[0]).toMatchObject({ role: 'assistant', finish_reason: 'tool_call', parts: [{ type: 'tool_call', name: 'str_replace_editor' }, { type: 'tool_call', name: 'mcp_fx_lookup', arguments: { key: 'alpha' } }] });
    // The second turn's input: the two tool results.
    expect(String(chats[1]!.attributes[ATTR.inputMessages])).toContain('value of alpha');
    const view = byName(spans, 'execute_tool str_replace_editor');
    expect(view.attributes[ATTR.toolCallArguments]).toEqual(expect.stringContaining('"command":"view"'));
    expect(String(view.attributes[ATTR.toolCallResult])).toContain(FILE_MARKER);
    expect(String(view.attributes[ATTR.toolCallResult])).toContain('[REDACTED]');
    expect(byName(spans, 'execute_tool mcp_fx_lookup').attributes[ATTR.toolCallResult]).toBe('value of alpha');
    const wire = Buffer.concat(receiver.bodies).toString('latin1');
    expect(wire).toContain(FILE_MARKER);
    expect(wire).not.toContain(API_KEY);
    expect(wire).not.toContain(OTLP_HEADER_SECRET);
  });
});
