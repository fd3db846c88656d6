import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessScriptedModel } from '../../src-main/core/agent/test-kit';
import { GlassboxSession } from '../../src-main/core/session/glassbox-session';
import { alive, waitFor } from './mcp-test-helpers';

// The window hosts open sessions with `mcpInBackground`: the session is there at once, its MCP
// servers connect meanwhile, and a run waits for them so the model's first request has their tools.

const SLOW = join(import.meta.dirname, 'fixtures', 'slow-server.mjs');

let sessions: GlassboxSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.dispose()));
  sessions = [];
});

async function open(startMs: number, model: InProcessScriptedModel, mcpInBackground: boolean): Promise<GlassboxSession> {
  const base = mkdtempSync(join(tmpdir(), 'gb-mcp-bg-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  mkdirSync(home, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const slow = { command: process.execPath, args: [SLOW], env: { SLOW_START_MS: String(startMs) } };
  writeFileSync(join(home, 'config.json'), JSON.stringify({ mcpServers: { slow } }));
  const session = await GlassboxSession.create({
    workspace,
    env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1' },
    provider: model,
    withExtensions: false,
    record: false,
    approveMode: 'auto',
    mcpInBackground,
  });
  sessions.push(session);
  return session;
}

const toolNames = (model: InProcessScriptedModel, i: number) => model.requests[i].tools.map((t) => t.function.name);

describe('MCP servers of a window session connect in the background', { timeout: 60_000 }, () => {
  it('the session opens before its server has started; the first run waits and the model sees the tools', async () => {
    const model = new InProcessScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'mcp_slow_sleep', arguments: '{"ms":1}' }] },
      { text: 'done' },
    ]);
    // The server takes 5 s to start: still connecting after open() proves open() did not wait for it.
    const session = await open(5_000, model, true);
    expect(session.mcp.status('slow')!.status).toBe('connecting');
    expect(session.tools.has('mcp_slow_sleep')).toBe(false);

    const result = await session.send('sleep a little');
    expect(session.mcp.status('slow')!.status).toBe('connected');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'done' });
    expect(toolNames(model, 0)).toContain('mcp_slow_sleep');
    const tool = model.requests[1].messages.find((m) => m.role === 'tool');
    expect(tool?.content).toContain('slept 1');
    // The tools were there before the first request: no "New tools available" note.
    expect(model.requests.flatMap((r) => r.messages).some((m) => m.role === 'system' && m.content.includes('New tools available'))).toBe(false);
  });

  it('cancelling a run that waits for the servers ends it at once, without a model request', async () => {
    const model = new InProcessScriptedModel([{ text: 'never' }]);
    const session = await open(20_000, model, true);
    const run = session.send('go');
    await new Promise((r) => setTimeout(r, 200));
    await session.cancel();
    // Not a wall-clock bound: had the run waited for the server (20 s), it would have asked the
    // model (one request) and the server would be connected.
    const result = await run;
    expect(result.reason).toBe('cancelled');
    expect(model.requests).toHaveLength(0);
    expect(session.mcp.status('slow')!.status).toBe('connecting');
  });

  it('mcpReady settles when the servers have started; without mcpInBackground create waits for them', async () => {
    const background = await open(800, new InProcessScriptedModel([{ text: 'x' }]), true);
    expect(background.mcp.status('slow')!.status).toBe('connecting');
    await background.mcpReady();
    expect(background.mcp.status('slow')!.status).toBe('connected');
    expect(background.tools.has('mcp_slow_sleep')).toBe(true);

    const waited = await open(800, new InProcessScriptedModel([{ text: 'x' }]), false);
    expect(waited.mcp.status('slow')!.status).toBe('connected');
    expect(waited.tools.has('mcp_slow_sleep')).toBe(true);
  });

  it('disposing a session whose servers are still starting stops them, and starts none later', async () => {
    const model = new InProcessScriptedModel([{ text: 'x' }]);
    const starting = await open(20_000, model, true);
    await waitFor(() => starting.mcp.connection('slow')?.pid, 20_000, 'the server process');
    const pid = starting.mcp.connection('slow')!.pid!;
    await starting.dispose();
    expect(alive(pid)).toBe(false);

    const early = await open(20_000, model, true); // disposed before the connection exists
    await early.dispose();
    await early.mcpReady();
    expect(early.mcp.connection('slow')).toBeUndefined();
    expect(early.mcp.status('slow')!.status).toBe('disconnected');
  });
});
