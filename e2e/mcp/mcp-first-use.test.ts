import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessScriptedModel } from '../../src-main/core/agent/test-kit';
import { GlassboxSession } from '../../src-main/core/session/glassbox-session';
import { CHROMIUM_PATH } from '../helpers/cli';
import type { GlassboxEvent } from '../../src-shared/events/event-types';

// A server that starts on first use (the default browser server's mode) must never hold up the
// first model request: on a cache miss it starts in the background; with its listing cached it is
// not started at all, its tools are deferred (named in tool_search, schemas left out), and it
// starts when one of them is loaded or called. A slow fake server stands in for the browser;
// SLOW_START_UNTIL holds its start until the test lets it go.

const SLOW = join(import.meta.dirname, 'fixtures', 'slow-server.mjs');

let sessions: GlassboxSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});

function home(): { home: string; workspace: string; gate: string } {
  const base = mkdtempSync(join(tmpdir(), 'gb-first-use-'));
  const h = join(base, 'home');
  const workspace = join(base, 'ws');
  mkdirSync(h, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const gate = join(base, 'gate');
  // `browser` with its own command replaces the default browser server; it starts on first use.
  const browser = { command: process.execPath, args: [SLOW], env: { SLOW_START_UNTIL: gate }, startOn: 'first-use', prefix: false };
  writeFileSync(join(h, 'config.json'), JSON.stringify({ mcpServers: { browser } }));
  return { home: h, workspace, gate };
}

async function open(dirs: { home: string; workspace: string }, model: InProcessScriptedModel): Promise<{ session: GlassboxSession; events: GlassboxEvent[] }> {
  const events: GlassboxEvent[] = [];
  const session = await GlassboxSession.create({
    workspace: dirs.workspace,
    env: { ...process.env, GLASSBOX_HOME: dirs.home, GLASSBOX_DISABLE_BROWSER: '1' },
    provider: model,
    withExtensions: false,
    record: false,
    approveMode: 'auto',
    mcpInBackground: true,
    onEvent: (e) => void events.push(e),
  });
  sessions.push(session);
  return { session, events };
}

const names = (model: InProcessScriptedModel, i: number): string[] => model.requests[i].tools.map((t) => t.function.name);

describe('an MCP server that starts on first use', { timeout: 90_000 }, () => {
  it('cache miss: the first request leaves while the server is still starting; its listing is cached once it is up', async () => {
    const dirs = home();
    const model = new InProcessScriptedModel([{ text: 'hello back' }]);
    const { session } = await open(dirs, model);
    const statusAtRequest: string[] = [];
    session.bus.subscribe('model_request', () => void statusAtRequest.push(session.mcp.status('browser')!.status));
    const result = await session.send('hello');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'hello back' });
    // The gate is still closed: the server could not have answered its handshake.
    expect(statusAtRequest).toEqual(['connecting']);
    expect(names(model, 0)).not.toContain('sleep');
    writeFileSync(dirs.gate, '');
    await expect.poll(() => session.mcp.status('browser')!.status, { timeout: 60_000 }).toBe('connected');
    const cache = JSON.parse(readFileSync(join(dirs.home, 'state', 'mcp-tools.json'), 'utf8')) as { servers: Record<string, { tools: { name: string }[] }> };
    expect(cache.servers.browser.tools.map((t) => t.name)).toEqual(['sleep', 'sleep_progress', 'add_tool']);
  });

  it('cache hit: not started at all; its tools are deferred, loaded through tool_search, and calling one starts it', async () => {
    const dirs = home();
    // A first session fills the cache (the server's start is let through at once).
    writeFileSync(dirs.gate, '');
    const first = await open(dirs, new InProcessScriptedModel([{ text: 'x' }]));
    await first.session.send('warm up');
    await expect.poll(() => first.session.mcp.status('browser')!.status, { timeout: 60_000 }).toBe('connected');
    await first.session.dispose();
    sessions = [];

    const model = new InProcessScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'tool_search', arguments: '{"query":"sleep milliseconds"}' }] },
      { toolCalls: [{ id: 'c2', name: 'sleep', arguments: '{"ms":5}' }] },
      { text: 'slept' },
    ]);
    const { session, events } = await open(dirs, model);
    // Known from the cache, not started: no connection, no process.
    expect(session.mcp.notStarted('browser')).toBe(true);
    expect(session.mcp.connection('browser')).toBeUndefined();
    expect(session.mcp.status('browser')).toMatchObject({ startOn: 'first-use', toolsFromCache: true, toolCount: 3 });
    expect(session.tools.has('sleep')).toBe(true);

    const result = await session.send('sleep a bit');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'slept' });
    // First request: the server's tools are named in tool_search, their schemas absent.
    expect(names(model, 0)).toContain('tool_search');
    expect(names(model, 0)).not.toContain('sleep');
    const search = model.requests[0].tools.find((t) => t.function.name === 'tool_search')!;
    // Named by source, names only (the built-in planning is deferred by default too).
    expect(search.function.description).toContain('- built-in: planning\n- MCP server browser: sleep, sleep_progress, add_tool');
    // tool_search loaded `sleep` (and started the server); the next request carries its schema.
    const searchResult = model.requests[1].messages.find((m) => m.role === 'tool')!;
    expect(searchResult.content).toContain('## sleep (mcp:browser)');
    expect(searchResult.content).toContain('"required":["ms"]');
    expect(names(model, 1)).toContain('sleep');
    expect(names(model, 1)).not.toContain('add_tool');
    // The call ran on the real server.
    const slept = model.requests[2].messages.filter((m) => m.role === 'tool').at(-1)!;
    expect(slept.content).toContain('slept 5');
    expect(session.mcp.status('browser')!.status).toBe('connected');
    // The context meter of the first request says what was deferred.
    const req = events.find((e): e is Extract<GlassboxEvent, { type: 'model_request' }> => e.type === 'model_request')!;
    expect(req.context?.deferred).toMatchObject({ count: 4 });
    expect(req.context?.deferred?.tools.map((t) => t.name)).toEqual(['planning', 'sleep', 'sleep_progress', 'add_tool']);
    expect((req.request as { deferredTools?: string[] }).deferredTools).toEqual(['planning', 'sleep', 'sleep_progress', 'add_tool']);
  });

  it('a deferred tool called without tool_search still runs (starting its server) and is loaded from then on', async () => {
    const dirs = home();
    writeFileSync(dirs.gate, '');
    const first = await open(dirs, new InProcessScriptedModel([{ text: 'x' }]));
    await first.session.send('warm up');
    await expect.poll(() => first.session.mcp.status('browser')!.status, { timeout: 60_000 }).toBe('connected');
    await first.session.dispose();
    sessions = [];
    expect(existsSync(join(dirs.home, 'state', 'mcp-tools.json'))).toBe(true);

    const model = new InProcessScriptedModel([{ toolCalls: [{ id: 'c1', name: 'sleep', arguments: '{"ms":3}' }] }, { text: 'ok' }]);
    const { session } = await open(dirs, model);
    await session.send('go');
    expect(names(model, 0)).not.toContain('sleep');
    expect(model.requests[1].messages.filter((m) => m.role === 'tool').at(-1)!.content).toContain('slept 3');
    expect(names(model, 1)).toContain('sleep');
  });

  it('the real default browser server (@playwright/mcp): a new session\'s first request leaves before it has started', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gb-first-use-pw-'));
    const dirs = { home: join(base, 'home'), workspace: join(base, 'ws') };
    mkdirSync(dirs.workspace, { recursive: true });
    const model = new InProcessScriptedModel([{ text: 'hi' }]);
    const env: NodeJS.ProcessEnv = { ...process.env, GLASSBOX_HOME: dirs.home, CHROMIUM_PATH };
    delete env.GLASSBOX_DISABLE_BROWSER;
    const session = await GlassboxSession.create({ workspace: dirs.workspace, env, provider: model, withExtensions: false, record: false, approveMode: 'auto', mcpInBackground: true });
    sessions.push(session);
    const statusAtRequest: string[] = [];
    session.bus.subscribe('model_request', () => void statusAtRequest.push(session.mcp.status('browser')!.status));
    expect((await session.send('hello')).reason).toBe('finished');
    // Not connected when the request left: nothing waited for Playwright (it takes seconds to start).
    expect(statusAtRequest).toHaveLength(1);
    expect(statusAtRequest[0]).not.toBe('connected');
    expect(names(model, 0).some((n) => n.startsWith('browser_'))).toBe(false);
    // Its listing is cached once it is up: the next session names its tools from the start.
    await expect.poll(() => session.mcp.status('browser')!.status, { timeout: 90_000 }).toBe('connected');
    const cache = JSON.parse(readFileSync(join(dirs.home, 'state', 'mcp-tools.json'), 'utf8')) as { servers: Record<string, { tools: { name: string }[] }> };
    expect(cache.servers.browser.tools.map((t) => t.name)).toContain('browser_navigate');
  });
});
