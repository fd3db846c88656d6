import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueuedHumanPorts } from '../../src-main/core/approvals/queued-human-ports';
import { GlassboxSession } from '../../src-main/core/session/glassbox-session';
import { byName, startOtlpHttpReceiver } from '../fixtures/otlp-receiver';
import { startScriptedModelServer } from '../fixtures/scripted-model-server';
import { BIN } from '../helpers/cli';

// Trace context on MCP requests other than tools/call: a resource read and a prompt made while a
// run is going carry the run's span in `_meta`, to a third-party-instrumented SDK server
// (openinference) and to `glassbox mcp serve` (the built CLI), whose spans join the trace as its
// children. A real session, real servers, a real OTLP receiver decoding with the official protos.

vi.setConfig({ testTimeout: 180_000 });

const FIXTURE = resolve(__dirname, '../fixtures/otel-mcp-server.mjs');
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

describe('trace context on resources/read and prompts/get', () => {
  it('requests made during a run carry its span; both servers make their spans its children', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gb-otel-req-'));
    const home = join(base, 'home');
    const served = join(base, 'served-home');
    const workspace = join(base, 'ws');
    for (const d of [home, served, workspace]) mkdirSync(d, { recursive: true });
    writeFileSync(join(workspace, 'notes.txt'), 'notes\n');
    const receiver = await startOtlpHttpReceiver();
    open.push(() => receiver.close());
    const model = await startScriptedModelServer([{ toolCalls: [{ id: 'call_lookup', name: 'mcp_fx_lookup', arguments: { key: 'alpha' } }] }, { text: 'Done.' }]);
    open.push(() => model.close());
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({
        mcpServers: {
          fx: { command: process.execPath, args: [FIXTURE], env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } },
          gb: {
            command: process.execPath,
            args: [BIN, 'mcp', 'serve', '--approve', 'auto', '--tools', 'str_replace_editor'],
            cwd: workspace,
            env: { GLASSBOX_HOME: served, GLASSBOX_DISABLE_BROWSER: '1', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'glassbox-mcp' },
          },
        },
        telemetry: { otlp: { endpoint: receiver.endpoint } },
      }),
    );
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, GLASSBOX_HOME: home, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_API_KEY: 'sk-test-otel', GLASSBOX_DISABLE_BROWSER: '1' };
    const ports = new QueuedHumanPorts();
    const session = await GlassboxSession.create({ workspace, env, withExtensions: false, approveMode: 'ask', approvalPort: ports, humanInput: ports });
    open.push(() => session.dispose());
    const fileUri = pathToFileURL(join(workspace, 'notes.txt')).href;

    // While the run waits for the approval of its MCP call: read and get from both servers.
    let during: Promise<unknown[]> | null = null;
    const stop = ports.onChange((pending) => {
      const approval = pending.find((p) => p.kind === 'approval');
      if (!approval || during) return;
      const c = session.mcp.catalog;
      during = Promise.all([c.readResource('fx', 'fx://doc'), c.getPrompt('fx', 'greet'), c.readResource('gb', fileUri), c.getPrompt('gb', 'plan_task', { task: 'tidy up' })]);
      void during.finally(() => ports.resolveApproval(approval.requestId, 'allow'));
    });
    const result = await session.send('Look up alpha');
    stop();
    expect(result.reason).toBe('finished');
    const answers = (await during!) as Array<{ contents?: Array<{ text?: string }>; messages?: unknown[] }>;
    expect(answers[0]!.contents?.[0]?.text).toBe('the doc');
    expect(answers[2]!.contents?.[0]?.text).toBe('notes\n');
    expect(answers[3]!.messages?.length).toBeGreaterThan(0);
    const traceId = session.telemetry.traceId;
    await session.telemetry.flush(10_000);

    const names = ['invoke_agent', 'resource-work', 'prompt-work', 'resources/read', 'prompts/get plan_task'];
    await expect.poll(() => receiver.spans.map((s) => s.name), { timeout: 60_000 }).toEqual(expect.arrayContaining(names));
    const run = byName(receiver.spans, 'invoke_agent');
    expect(run.traceId).toBe(traceId);
    // The third party's handlers ran in the context from `_meta`: their spans are the run's children.
    for (const name of ['resource-work', 'prompt-work']) {
      const s = byName(receiver.spans, name);
      expect(s.resource['service.name'], name).toBe('otel-mcp-fixture');
      expect(s, name).toMatchObject({ traceId, parentSpanId: run.spanId });
      expect(s.attributes['fixture.traceparent'], name).toBe(`00-${traceId}-${run.spanId}-01`);
    }
    // `glassbox mcp serve` makes server spans for them, the run's children too.
    const read = byName(receiver.spans, 'resources/read');
    expect(read).toMatchObject({ traceId, parentSpanId: run.spanId, kind: 2 });
    expect(read.resource['service.name']).toBe('glassbox-mcp');
    expect(read.attributes).toMatchObject({ 'mcp.method.name': 'resources/read', 'mcp.resource.uri': fileUri });
    const prompt = byName(receiver.spans, 'prompts/get plan_task');
    expect(prompt).toMatchObject({ traceId, parentSpanId: run.spanId, kind: 2 });
    expect(prompt.attributes).toMatchObject({ 'mcp.method.name': 'prompts/get', 'gen_ai.prompt.name': 'plan_task' });

    // After the run there is no current context: a request carries none (no stale span).
    const before = receiver.spans.filter((s) => s.name === 'resource-work').length;
    await session.mcp.catalog.readResource('fx', 'fx://doc');
    await expect.poll(() => receiver.spans.filter((s) => s.name === 'resource-work').length, { timeout: 30_000 }).toBe(before + 1);
    const later = receiver.spans.filter((s) => s.name === 'resource-work').at(-1)!;
    expect(later.attributes['fixture.traceparent']).toBe('');
    expect(later.traceId).not.toBe(traceId);
  });
});
