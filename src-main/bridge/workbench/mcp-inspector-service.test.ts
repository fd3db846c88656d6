// @lane integration: the real MCP everything server over stdio
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { GlassboxSession } from '../../core/session/glassbox-session';
import { BridgeEndpoint } from '../endpoint';
import { currentSessionOf } from '../test-kit';
import { composeWithAttachments } from './mcp-attachments';
import { isInspectorPort } from './mcp-inspector-service';
import { WorkbenchBridge } from './bridge';

// The MCP inspector's bridge methods through BridgeEndpoint.invoke (the same argument checks as a
// remote call) over a real session whose MCP server is the real server-everything (stdio).

const EVERYTHING = join(import.meta.dirname, '../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SECRET = 'sk-inspector-host-77aa11';

let session: GlassboxSession;
let host: BridgeEndpoint;
const events: GlassboxEvent[] = [];

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'gb-inspector-'));
  const workspace = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(home, { recursive: true });
  const config = { approvals: { mode: 'auto' }, mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: { EVERYTHING_TOKEN: SECRET }, disabledTools: ['get-tiny-image'] } } };
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  session = await GlassboxSession.create({ workspace, env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' }, withExtensions: false });
  session.bus.subscribe('*', (e) => void events.push(e));
  await session.mcpReady?.();
  host = new BridgeEndpoint();
  const current = await currentSessionOf(host, session);
  new WorkbenchBridge({ host, current, sessions: { load: () => ({ events: [], skipped: 0 }) } });
}, 90_000);
afterAll(async () => {
  await session?.dispose();
});

describe('MCP inspector bridge', () => {
  it('lists and reads resources, gets prompts, completes arguments, and shows the traffic in order', async () => {
    const res = await host.invoke('mcp.resources', 'everything');
    expect(res.resources.length).toBeGreaterThan(0);
    expect(res.templates.find((t) => t.uriTemplate.endsWith('{resourceId}'))?.variables).toEqual(['resourceId']);
    expect(res.canSubscribe).toBe(true);
    const text = await host.invoke('mcp.readResource', 'everything', res.resources[0]!.uri);
    expect(typeof text[0]!.text).toBe('string');
    const blob = await host.invoke('mcp.readResource', 'everything', 'demo://resource/dynamic/blob/3');
    expect(blob[0]!.blob!.bytes).toBeGreaterThan(0);
    expect(blob[0]!.blob!.imageData).toBeUndefined();

    const prompts = await host.invoke('mcp.prompts', 'everything');
    expect(prompts.find((p) => p.name === 'args-prompt')?.arguments).toEqual([expect.objectContaining({ name: 'city', required: true }), expect.objectContaining({ name: 'state' })]);
    const got = await host.invoke('mcp.getPrompt', 'everything', 'args-prompt', { city: 'Lisbon' });
    expect(got.messages[0]!.text).toContain('Lisbon');
    const done = await host.invoke('mcp.complete', 'everything', { type: 'ref/prompt', name: 'completable-prompt' }, 'department', 'Eng');
    expect(done.values).toContain('Engineering');

    const traffic = await host.invoke('mcp.traffic', 'everything');
    const methods = traffic.filter((e) => e.kind === 'message' && e.direction === 'out').map((e) => (e as { method?: string }).method);
    expect(methods.indexOf('initialize')).toBeLessThan(methods.indexOf('prompts/get'));
    expect(traffic.map((e) => e.seq)).toEqual([...traffic.map((e) => e.seq)].sort((a, b) => a - b));
    const after = await host.invoke('mcp.traffic', 'everything', traffic.at(-1)!.seq);
    expect(after).toEqual([]);
  });

  it('calls a tool by hand through the tool path (recorded) and hides the server env secret everywhere it goes', async () => {
    const echo = await host.invoke('mcp.callTool', 'everything', 'echo', { message: 'by hand' });
    expect(echo).toMatchObject({ text: 'Echo: by hand', isError: false });
    expect(events.some((e) => e.type === 'tool_execution_end' && e.callId === echo.callId && e.tool === 'mcp_everything_echo')).toBe(true);

    const env = await host.invoke('mcp.callTool', 'everything', 'get-env', {});
    expect(env.text).toContain('EVERYTHING_TOKEN');
    expect(env.text).not.toContain(SECRET);
    expect(JSON.stringify(await host.invoke('mcp.traffic', 'everything'))).not.toContain(SECRET);

    // The tool path's checks apply: a wrong argument type is the tool's error, not a crash.
    const bad = await host.invoke('mcp.callTool', 'everything', 'get-sum', { a: 'one', b: 2 });
    expect(bad.isError).toBe(true);
  });

  it('refuses bad input with a clear error and keeps working', async () => {
    const table: Array<[() => Promise<unknown>, RegExp]> = [
      [() => host.invoke('mcp.resources', 'nope'), /No MCP server 'nope'/],
      [() => host.invoke('mcp.callTool', 'everything', 'no-such-tool', {}), /has no tool 'no-such-tool'/],
      [() => host.invoke('mcp.callTool', 'everything', 'get-tiny-image', {}), /switched off/],
      [() => host.invoke('mcp.readResource', 'everything', ''), /mcp\.readResource: argument 2: must not be empty/],
      [() => host.invoke('mcp.readResource', 'everything', 'demo://no/such/resource'), /./],
      [() => host.invoke('mcp.getPrompt', 'everything', 'args-prompt', { city: 3 } as unknown as Record<string, string>), /mcp\.getPrompt: argument 3, city: must be a string, not a number/],
      [() => host.invoke('mcp.complete', 'everything', { type: 'ref/evil' } as never, 'x', ''), /mcp\.complete: argument 2, type: "ref\/evil" is not one of "ref\/prompt", "ref\/resource"/],
      [() => host.invoke('mcp.setLogLevel', 'everything', 'loud' as never), /mcp\.setLogLevel: argument 2: "loud" is not one of "debug"/],
      [() => host.invoke('mcp.traffic', 'everything', 'x' as never), /mcp\.traffic: argument 2: must be a number, not a string/],
      [() => host.invoke('agent.sendWith', 'hi', [{ kind: 'file', server: 'everything', path: '/etc/passwd' }] as never), /agent\.sendWith: argument 2, \[0\]\.kind: "file" is not one of/],
      [() => host.invoke('agent.sendWith', 'hi', Array.from({ length: 9 }, () => ({ kind: 'resource', server: 'everything', uri: 'x' }))), /agent\.sendWith: argument 2: must have at most 8 items/],
    ];
    for (const [call, message] of table) await expect(call()).rejects.toThrow(message);
    await host.invoke('mcp.setLogLevel', 'everything', 'debug');
    const traffic = await host.invoke('mcp.traffic', 'everything');
    expect(traffic.some((e) => e.kind === 'message' && (e as { method?: string }).method === 'logging/setLevel')).toBe(true);
    expect((await host.invoke('mcp.callTool', 'everything', 'echo', { message: 'still here' })).text).toBe('Echo: still here');
  });

  it('puts attachments in front of the message, each fenced and named after where it came from', async () => {
    const mcp = session.mcp;
    if (!isInspectorPort(mcp)) throw new Error('the session has no MCP inspector port');
    const text = await composeWithAttachments(
      'then summarize',
      [
        { kind: 'resource', server: 'everything', uri: 'demo://resource/dynamic/text/1' },
        { kind: 'prompt', server: 'everything', name: 'args-prompt', args: { city: 'Porto' } },
      ],
      mcp,
    );
    expect(text).toMatch(/^<attachment from="everything:resource demo:\/\/resource\/dynamic\/text\/1">\n[\s\S]+\n<\/attachment>\n\n<attachment from="everything:prompt args-prompt">\n[\s\S]*Porto[\s\S]*<\/attachment>\n\nthen summarize$/);
    await expect(composeWithAttachments('x', [{ kind: 'prompt', server: 'everything', name: 'no-such-prompt', args: {} }], mcp)).rejects.toThrow(/Could not attach everything:no-such-prompt/);
  });
});
