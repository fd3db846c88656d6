import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '../../src-main/core/config/config';
import { ctxFor, EVERYTHING, makeManager, startEverythingHttp, waitFor } from './mcp-test-helpers';

const children: ChildProcess[] = [];
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function check(config: McpServerConfig, expectTransport: string) {
  const m = makeManager({ mcpServers: { everything: config } });
  cleanup.push(() => m.manager.close());
  await m.manager.start();
  const st = m.manager.status('everything')!;
  expect(st.lastError, st.whyFailed).toBeUndefined();
  expect(st.status).toBe('connected');
  expect(st.transport).toBe(expectTransport);
  // Instructions from initialize are captured and offered to the model naming the server.
  expect(st.instructions).toBeTruthy();
  expect(m.manager.instructionsForModel()).toEqual([expect.stringContaining("Instructions from MCP server 'everything':")]);

  expect(m.tools.names()).toEqual(expect.arrayContaining(['mcp_everything_echo', 'mcp_everything_get-sum', 'mcp_everything_get-tiny-image']));
  const echo = await m.tools.execute('mcp_everything_echo', { message: 'hello glassbox' }, ctxFor(m.bus, m.workspace, 'c-echo'));
  expect(echo.output).toBe('Echo: hello glassbox');
  expect(echo.error).toBeUndefined();
  // The raw JSON-RPC exchange of the call is on the bus for the inspector.
  const traffic = m.events.find((e) => e.type === 'mcp_traffic' && e.callId === 'c-echo');
  expect(traffic).toMatchObject({ server: 'everything', request: { method: 'tools/call', params: { name: 'echo' } } });

  const sum = await m.tools.execute('mcp_everything_get-sum', { a: 2, b: 40 }, ctxFor(m.bus, m.workspace));
  expect(sum.output).toContain('42');

  const img = await m.tools.execute('mcp_everything_get-tiny-image', {}, ctxFor(m.bus, m.workspace));
  expect(img.images).toHaveLength(1);
  expect(img.images![0].mimeType).toBe('image/png');
  expect(Buffer.from(img.images![0].data, 'base64').subarray(1, 4).toString()).toBe('PNG');

  // Arguments are validated against the remote schema before anything goes over the wire.
  const bad = await m.tools.execute('mcp_everything_get-sum', { a: 'x' }, ctxFor(m.bus, m.workspace));
  expect(bad.error).toMatch(/Invalid arguments/);
  return m;
}

describe('MCP client against server-everything', { timeout: 90_000 }, () => {
  it('stdio: tools, image, instructions, list_changed adds tools that are callable at once', async () => {
    const m = await check({ command: process.execPath, args: [EVERYTHING, 'stdio'] }, 'stdio');
    // server-everything registers more tools after initialize and announces them with
    // notifications/tools/list_changed; they must become callable without a reconnect.
    await waitFor(() => m.tools.has('mcp_everything_get-roots-list'), 20_000, 'list_changed tools');
    const changed = m.events.filter((e) => e.type === 'mcp_tools_changed');
    expect(changed.some((e) => e.type === 'mcp_tools_changed' && e.added.includes('mcp_everything_get-roots-list'))).toBe(true);
    // Roots = the workspace.
    const roots = await m.tools.execute('mcp_everything_get-roots-list', {}, ctxFor(m.bus, m.workspace));
    expect(roots.output).toContain(m.workspace);
    const statuses = m.events.filter((e) => e.type === 'mcp_server_status').map((e) => (e as { status: string }).status);
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('Streamable HTTP (explicit type)', async () => {
    const { child, port } = await startEverythingHttp('streamableHttp');
    children.push(child);
    await check({ type: 'http', url: `http://127.0.0.1:${port}/mcp` }, 'http');
  });

  it('a bare url tries Streamable HTTP first', async () => {
    const { child, port } = await startEverythingHttp('streamableHttp');
    children.push(child);
    await check({ url: `http://127.0.0.1:${port}/mcp` }, 'http');
  });

  it('SSE (explicit type) and a bare SSE url falling back from Streamable HTTP', async () => {
    const { child, port } = await startEverythingHttp('sse');
    children.push(child);
    await check({ type: 'sse', url: `http://127.0.0.1:${port}/sse` }, 'sse');
    await check({ url: `http://127.0.0.1:${port}/sse` }, 'sse');
  });
});
