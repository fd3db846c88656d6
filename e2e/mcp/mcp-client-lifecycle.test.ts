import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpServerConfig } from '../../src-main/core/config/config';
import type { HumanInputPort, HumanQuestion } from '../../src-main/core/tools/tool';
import { ctxFor, EVERYTHING, makeManager, waitFor } from './mcp-test-helpers';

const SLOW = join(import.meta.dirname, 'fixtures', 'slow-server.mjs');
const slow: McpServerConfig = { command: process.execPath, args: [SLOW] };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});

function managed(config: Parameters<typeof makeManager>[0], env?: NodeJS.ProcessEnv) {
  const m = makeManager(config, env);
  cleanup.push(() => m.manager.close());
  return m;
}

describe('MCP client lifecycle', { timeout: 90_000 }, () => {
  it('killing a stdio server mid-call: error result, status error, reconnect, next call works', async () => {
    const m = managed({ mcpServers: { slow } });
    await m.manager.start();
    const pid = m.manager.connection('slow')!.pid!;
    expect(pid).toBeGreaterThan(0);
    const call = m.tools.execute('mcp_slow_sleep', { ms: 20_000 }, ctxFor(m.bus, m.workspace));
    // Killed once the call is on its way to the server (its traffic log has the request).
    await vi.waitFor(() => expect(m.manager.traffic('slow').some((e) => e.kind === 'message' && e.method === 'tools/call')).toBe(true), { timeout: 30_000 });
    process.kill(pid, 'SIGKILL');
    const result = await call;
    expect(result.error).toMatch(/closed the connection during sleep/);
    await waitFor(() => m.events.some((e) => e.type === 'mcp_server_status' && e.status === 'error'), 10_000, 'status error');
    const err = m.events.find((e) => e.type === 'mcp_server_status' && e.status === 'error');
    expect(err).toMatchObject({ server: 'slow', error: expect.stringMatching(/killed by SIGKILL/) });
    await waitFor(() => m.manager.status('slow')!.status === 'connected', 20_000, 'reconnect');
    expect(m.manager.connection('slow')!.pid).not.toBe(pid);
    const again = await m.tools.execute('mcp_slow_sleep', { ms: 10 }, ctxFor(m.bus, m.workspace));
    expect(again).toMatchObject({ output: 'slept 10' });
  });

  it('a per-call timeout ends a silent call but progress keeps a slow one alive', async () => {
    const m = managed({ mcpServers: { slow: { ...slow, timeoutMs: 1_000 } } });
    await m.manager.start();
    const silent = await m.tools.execute('mcp_slow_sleep', { ms: 5_000 }, ctxFor(m.bus, m.workspace));
    expect(silent.error).toMatch(/did not answer sleep within 1000 ms/);
    // 4 steps × 600 ms = 2.4 s > timeout, but each progress notification resets it.
    const callId = 'c-progress';
    const slowOk = await m.tools.execute('mcp_slow_sleep_progress', { steps: 4, stepMs: 600 }, ctxFor(m.bus, m.workspace, callId));
    expect(slowOk.output).toBe('done 4 steps');
    const updates = m.events.filter((e) => e.type === 'tool_execution_update' && e.callId === callId);
    expect(updates.filter((u) => u.type === 'tool_execution_update' && u.kind === 'progress').map((u) => (u as { progress?: number }).progress)).toEqual([1, 2, 3, 4]);
    expect(updates.some((u) => u.type === 'tool_execution_update' && u.kind === 'log' && u.message === 'did step 2')).toBe(true);
  });

  it('cancelling the call forwards notifications/cancelled to the server', async () => {
    const m = managed({ mcpServers: { slow } });
    await m.manager.start();
    const ac = new AbortController();
    const call = m.tools.execute('mcp_slow_sleep', { ms: 20_000 }, ctxFor(m.bus, m.workspace, 'c-cancel', ac.signal));
    await vi.waitFor(() => expect(m.manager.traffic('slow').some((e) => e.callId === 'c-cancel' && e.kind === 'message' && e.method === 'tools/call')).toBe(true), { timeout: 30_000 });
    ac.abort();
    expect((await call).error).toMatch(/cancelled/);
    await waitFor(() => m.manager.status('slow')!.stderrTail.includes('cancelled sleep'), 10_000, 'server saw cancel');
    // The traffic log shows the cancellation in order: the request, notifications/cancelled, the note.
    const log = m.manager.traffic('slow').filter((e) => e.callId === 'c-cancel');
    expect(log.map((e) => (e.kind === 'message' ? e.method : e.kind === 'note' ? e.text : e.kind))).toEqual(['tools/call', 'notifications/cancelled', 'sleep cancelled: notifications/cancelled sent']);
  });

  it('tools/list_changed: new tools callable at once, mcp_tools_changed emitted', async () => {
    const m = managed({ mcpServers: { slow } });
    await m.manager.start();
    expect(m.tools.has('mcp_slow_late')).toBe(false);
    await m.tools.execute('mcp_slow_add_tool', {}, ctxFor(m.bus, m.workspace));
    await waitFor(() => m.tools.has('mcp_slow_late'), 10_000, 'late tool');
    expect(m.events.filter((e) => e.type === 'mcp_tools_changed').at(-1)).toMatchObject({ server: 'slow', added: ['mcp_slow_late'], removed: [] });
    expect((await m.tools.execute('mcp_slow_late', {}, ctxFor(m.bus, m.workspace))).output).toBe('late tool works');
  });

  it('explains failures: not on PATH, exit code with stderr, HTTP status, missing variable, handshake timeout', async () => {
    const http = createServer((_req, res) => {
      res.writeHead(404).end('nope');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => http.close(() => r())));
    const port = (http.address() as { port: number }).port;
    const m = managed({
      mcpServers: {
        nocmd: { command: 'glassbox-no-such-command-xyz' },
        nocwd: { command: process.execPath, cwd: '/glassbox/no/such/folder' },
        crash: { command: process.execPath, args: ['-e', 'console.error("fatal: bad setting FOO"); process.exit(3)'] },
        web: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
        secret: { command: process.execPath, env: { TOKEN: '${env:GLASSBOX_TEST_UNSET_VAR}' } },
        mute: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], timeoutMs: 1_500 },
      },
    });
    await m.manager.start();
    const why = (id: string) => m.manager.status(id)!;
    expect(why('nocmd')).toMatchObject({ status: 'error', whyFailed: expect.stringMatching(/command 'glassbox-no-such-command-xyz' was not found on PATH/) });
    expect(why('nocwd').whyFailed).toBe(`the working folder '/glassbox/no/such/folder' of command '${process.execPath}' does not exist`);
    expect(why('crash').whyFailed).toMatch(/exited with code 3 during initialize[\s\S]*fatal: bad setting FOO/);
    expect(why('web').whyFailed).toMatch(/HTTP 404 from http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(why('secret').lastError).toMatch(/mcpServers\.secret\.env\.TOKEN: environment variable GLASSBOX_TEST_UNSET_VAR is not set/);
    expect(why('mute').whyFailed).toMatch(/did not answer initialize in time/);
    expect(m.tools.list()).toEqual([]);
  }, 60_000);

  it('elicitation goes to the human-input port with the server and schema', async () => {
    const asked: HumanQuestion[] = [];
    const port: HumanInputPort = {
      ask: async (q) => {
        asked.push(q);
        return { action: 'accept', content: { name: 'Ada', check: true, integer: 7 } };
      },
    };
    const m = managed({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    await m.manager.start();
    await waitFor(() => m.tools.has('mcp_everything_trigger-elicitation-request'), 20_000, 'elicitation tool');
    const r = await m.tools.execute('mcp_everything_trigger-elicitation-request', {}, { ...ctxFor(m.bus, m.workspace), humanInput: port });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ server: 'everything', question: expect.stringContaining('Please provide inputs') });
    expect((asked[0].schema as { properties: Record<string, unknown> }).properties).toHaveProperty('email');
    expect(r.output).toContain('Ada');
    expect(r.error).toBeUndefined();
  });
});
