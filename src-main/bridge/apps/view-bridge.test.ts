// @lane integration: real MCP App example servers over stdio
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { APP_VIEW_METADATA_KEY, MCP_APPS_EXTENSION } from '../../../src-shared/apps/view-types';
import { GlassboxSession } from '../../core/session/glassbox-session';
import { BridgeEndpoint } from '../endpoint';
import { currentSessionOf } from '../test-kit';
import { WorkbenchBridge } from '../workbench/bridge';
import { registerAppViews } from './view-bridge';

// MCP Apps on the host side, over a real session whose servers are the official example
// servers from npm (stdio): the system monitor (a view that polls an app-only tool) and the
// basic vanilla-JS view. Every method goes through BridgeEndpoint.invoke (the edge's checks).

const pkg = (name: string): string => join(import.meta.dirname, `../../../node_modules/@modelcontextprotocol/${name}/dist/index.js`);

let session: GlassboxSession;
let host: BridgeEndpoint;
const events: GlassboxEvent[] = [];

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'gb-apps-'));
  const workspace = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(home, { recursive: true });
  const config = {
    approvals: { mode: 'auto' },
    mcpServers: {
      monitor: { command: process.execPath, args: [pkg('server-system-monitor'), '--stdio'] },
      basic: { command: process.execPath, args: [pkg('server-basic-vanillajs'), '--stdio'] },
    },
  };
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  session = await GlassboxSession.create({ workspace, env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' }, withExtensions: false });
  session.bus.subscribe('*', (e) => void events.push(e));
  await session.mcpReady?.();
  host = new BridgeEndpoint();
  const current = await currentSessionOf(host, session);
  new WorkbenchBridge({ host, current, sessions: { load: () => ({ events: [], skipped: 0 }) } });
  registerAppViews(host, current, () => ({ url: 'http://127.0.0.1:1/proxy.html' }));
}, 90_000);
afterAll(async () => {
  await session?.dispose();
});

describe('MCP Apps host side', () => {
  it('advertises the extension in initialize', async () => {
    const traffic = await host.invoke('mcp.traffic', 'basic');
    const init = traffic.find((t) => t.kind === 'message' && t.method === 'initialize');
    expect(init && init.kind === 'message' ? JSON.stringify(init.message) : '').toContain(MCP_APPS_EXTENSION);
  });

  it("keeps an app-only tool from the model: not in the request's tools, refused when the model names it", async () => {
    const appOnly = 'mcp_monitor_poll-system-stats';
    expect(session.tools.has(appOnly)).toBe(true);
    expect(session.tools.toParams().map((p) => p.function.name)).not.toContain(appOnly);
    expect(session.tools.toParams().map((p) => p.function.name)).toContain('mcp_monitor_get-system-info');
    const model = await session.runner.run({ tool: appOnly, args: {} });
    expect(model.result.error).toMatch(/Unknown tool .*MCP App/);
  });

  it('records the view with the result, reads its resource once, and runs the view\'s call as the app\'s action', async () => {
    const shown = await session.runner.run({ tool: 'mcp_monitor_get-system-info', args: {} });
    expect(shown.result.metadata?.[APP_VIEW_METADATA_KEY]).toEqual({ server: 'monitor', resourceUri: 'ui://system-monitor/mcp-app.html', tool: 'get-system-info' });

    const r1 = await host.invoke('apps.resource', 'monitor', 'ui://system-monitor/mcp-app.html');
    expect(r1.html).toContain('<html');
    expect(r1.csp).toEqual({});
    const r2 = await host.invoke('apps.resource', 'monitor', 'ui://system-monitor/mcp-app.html');
    expect(r2.readAt).toBe(r1.readAt);
    const reads = (await host.invoke('mcp.traffic', 'monitor')).filter((t) => t.kind === 'message' && t.method === 'resources/read' && t.direction === 'out');
    expect(reads).toHaveLength(1);
    await expect(host.invoke('apps.resource', 'monitor', 'https://example.com/x')).rejects.toThrow(/ui:\/\//);

    const call = await host.invoke('apps.callTool', shown.callId, 'poll-system-stats', {});
    expect(call.isError).toBeUndefined();
    expect(JSON.stringify(call.structuredContent ?? call.content)).toMatch(/cpu|memory/i);
    const start = events.find((e) => e.type === 'tool_execution_start' && e.callId === call.callId);
    expect(start).toMatchObject({ origin: 'app', viewOf: shown.callId, tool: 'mcp_monitor_poll-system-stats' });

    // A view calls only its own server's tools.
    const other = await host.invoke('apps.callTool', shown.callId, 'get-time', {});
    expect(other.isError).toBe(true);
    await expect(host.invoke('apps.callTool', 'call_nope', 'poll-system-stats', {})).rejects.toThrow(/no MCP App view/);
  });

  it("logs the view's messages in its server's Traffic, and only for that server's calls", async () => {
    const shown = await session.runner.run({ tool: 'mcp_basic_get-time', args: {} });
    await host.invoke('apps.traffic', 'basic', [
      { direction: 'in', callId: shown.callId, message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} } },
      { direction: 'out', callId: shown.callId, message: { jsonrpc: '2.0', id: 1, result: {} } },
    ]);
    await host.invoke('apps.traffic', 'monitor', [{ direction: 'in', callId: shown.callId, message: { jsonrpc: '2.0', method: 'forged' } }]);
    const basic = (await host.invoke('mcp.traffic', 'basic')).filter((t) => t.kind === 'message' && t.channel === 'view');
    expect(basic.map((t) => (t.kind === 'message' ? [t.direction, t.method ?? null] : null))).toEqual([['in', 'ui/initialize'], ['out', null]]);
    const monitor = (await host.invoke('mcp.traffic', 'monitor')).filter((t) => t.kind === 'message' && t.channel === 'view');
    expect(monitor).toHaveLength(0);
    await expect(host.invoke('apps.traffic', 'basic', [{ direction: 'sideways', callId: 'x', message: {} }] as never)).rejects.toThrow(/apps.traffic/);
  });

  it("sends a view's model context with the next requests (and the context meter names it)", async () => {
    const shown = await session.runner.run({ tool: 'mcp_basic_get-time', args: {} });
    const list = await host.invoke('apps.setModelContext', shown.callId, 'The user picked 3 items.');
    expect(list).toEqual([expect.objectContaining({ callId: shown.callId, server: 'basic', text: 'The user picked 3 items.' })]);
    expect(session.agent.systemText()).toContain("Context from the view of MCP server 'basic'");
    expect(session.agent.systemText()).toContain('The user picked 3 items.');
    await host.invoke('apps.setModelContext', shown.callId, '');
    expect(session.agent.systemText()).not.toContain('The user picked 3 items.');
  });
});
