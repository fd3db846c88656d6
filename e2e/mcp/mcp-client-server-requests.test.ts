// What servers ask of the client, through the human port, against real peers: sampling
// (server-everything over 2025 server→client requests; the two-era server over 2026 input
// rounds), elicitation forms with defaults / enums / multi-select, URL elicitation, roots.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpSampler } from '../../src-main/core/mcp/client/sampling';
import { ctxFor, EVERYTHING, makeManager, scriptedPort, startTwoEra, waitFor } from './mcp-test-helpers';

/** Stands in for the session's model: answers with a fixed text, reports usage and cost. */
function fakeModel(seen: unknown[] = []): McpSampler {
  return async (req) => {
    seen.push(req);
    return { result: { role: 'assistant', content: { type: 'text', text: 'teal' }, model: 'fake-model', stopReason: 'endTurn' }, usage: { inputTokens: 12, outputTokens: 1 }, costUsd: 0.00042 };
  };
}

describe('MCP client: server asks, user sees', () => {
  const managers: Array<ReturnType<typeof makeManager>> = [];
  const children: ChildProcess[] = [];
  let twoEra = '';
  beforeAll(async () => {
    const s = await startTwoEra();
    children.push(s.child);
    twoEra = s.url;
  }, 30_000);
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.manager.close()));
  });
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM');
  });
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

  it('sampling (2025 request): the user sees the request, the model answers only after approval, the answer is shown before it goes back and is recorded with its cost', async () => {
    const seen: unknown[] = [];
    const port = scriptedPort(() => ({ action: 'accept' }));
    const m = makeManager({ mcpServers: { everything } }, undefined, { sampler: fakeModel(seen), humanInput: port });
    managers.push(m);
    await m.manager.start();
    await waitFor(() => m.tools.has('mcp_everything_trigger-sampling-request'), 20_000, 'sampling tool');
    const r = await m.tools.execute('mcp_everything_trigger-sampling-request', { prompt: 'a colour', maxTokens: 5 }, ctxFor(m.bus, m.workspace, 'c-sample'));
    expect(r.error).toBeUndefined();
    expect(r.output).toContain('teal');
    expect(port.asked.map((q) => q.mcp?.kind)).toEqual(['sampling', 'sampling-result']);
    expect(port.asked[0].question).toMatch(/System prompt: You are a helpful test server[\s\S]*user: .*a colour/);
    expect(port.asked[0].mcp).toMatchObject({ callId: 'c-sample', request: { systemPrompt: 'You are a helpful test server.' } });
    expect(port.asked[1].question).toContain('teal');
    expect(seen).toHaveLength(1);
    // (server-everything also asks for roots when it starts: that record is not this call's.)
    const rec = m.events.find((e) => e.type === 'mcp_server_request' && e.method === 'sampling/createMessage');
    expect(rec).toMatchObject({ callId: 'c-sample', method: 'sampling/createMessage', outcome: 'answered', costUsd: 0.00042, usage: { inputTokens: 12 } });
  });

  it('a sampling request the user denies never reaches the model; the call still ends with a clear error and the server keeps working', async () => {
    const seen: unknown[] = [];
    const port = scriptedPort(() => ({ action: 'decline' }));
    const m = makeManager({ mcpServers: { everything } }, undefined, { sampler: fakeModel(seen), humanInput: port });
    managers.push(m);
    await m.manager.start();
    await waitFor(() => m.tools.has('mcp_everything_trigger-sampling-request'), 20_000, 'sampling tool');
    const r = await m.tools.execute('mcp_everything_trigger-sampling-request', { prompt: 'x' }, ctxFor(m.bus, m.workspace, 'c-deny'));
    expect(r.error).toMatch(/rejected/i);
    expect(seen).toHaveLength(0);
    expect(m.events.find((e) => e.type === 'mcp_server_request' && e.method === 'sampling/createMessage')).toMatchObject({ callId: 'c-deny', outcome: 'request-denied' });
    expect((await m.tools.execute('mcp_everything_echo', { message: 'still here' }, ctxFor(m.bus, m.workspace))).output).toContain('still here');
  });

  it('2026 input rounds: a form with defaults, enums and multi-select; sampling; roots — each round recorded under its call', async () => {
    const port = scriptedPort((q) => (q.mcp?.kind === 'elicitation' ? { action: 'accept', content: { colour: 'red' } } : { action: 'accept' }));
    const m = makeManager({ mcpServers: { two: { url: twoEra, roots: ['extra'] } } }, undefined, { sampler: fakeModel(), humanInput: port });
    managers.push(m);
    mkdirSync(join(m.workspace, 'extra'));
    await m.manager.start();
    expect(m.manager.status('two')!.protocolVersion).toBe('2026-07-28');
    const name = await m.tools.execute('mcp_two_ask_name', {}, ctxFor(m.bus, m.workspace, 'c-form'));
    // The user's answer wins; the fields left out get the schema's defaults (an enum, a multi-select).
    expect(JSON.parse(String(name.output).replace('hello ', ''))).toEqual({ colour: 'red', name: 'Ada', tags: ['a'] });
    expect(port.asked[0]).toMatchObject({ question: 'Who are you?', server: 'two', mcp: { kind: 'elicitation', callId: 'c-form' } });
    const model = await m.tools.execute('mcp_two_ask_model', {}, ctxFor(m.bus, m.workspace, 'c-model'));
    expect(model.output).toBe('model said: teal');
    const roots = JSON.parse((await m.tools.execute('mcp_two_list_roots', {}, ctxFor(m.bus, m.workspace, 'c-roots'))).output ?? '[]') as Array<{ uri: string }>;
    expect(roots.map((r) => r.uri)).toEqual([`file://${m.workspace}`, `file://${join(m.workspace, 'extra')}`]);
    const recs = m.events.filter((e) => e.type === 'mcp_server_request');
    expect(recs.map((e) => [e.callId, e.method, e.outcome])).toEqual([
      ['c-form', 'elicitation/create', 'accept'],
      ['c-model', 'sampling/createMessage', 'answered'],
      ['c-roots', 'roots/list', 'answered'],
    ]);
  });

  it('roots are the workspace’s real path (a symlinked workspace is named as the server sees it)', async () => {
    const m = makeManager({ mcpServers: { two: { url: twoEra } } });
    managers.push(m);
    const link = join(m.base, 'ws-link');
    symlinkSync(m.workspace, link);
    // A manager whose workspace is the symlink.
    const { McpManager } = await import('../../src-main/core/mcp/client/manager');
    const linked = new McpManager({ config: { mcpServers: { two: { url: twoEra } } }, userConfigPath: join(m.base, 'c.json'), tools: m.tools, bus: m.bus, workspace: link, env: { ...process.env, GLASSBOX_DISABLE_BROWSER: '1' } });
    try {
      await linked.start();
      const out = JSON.parse((await m.tools.execute('mcp_two_list_roots', {}, ctxFor(m.bus, link))).output ?? '[]') as Array<{ uri: string }>;
      expect(out[0].uri).toBe(`file://${m.workspace}`);
    } finally {
      await linked.close();
    }
  });

  it('URL elicitation: the page opens only after the user agrees; a refusal opens nothing; non-web URLs are never offered', async () => {
    const opened: string[] = [];
    let agree = true;
    const port = scriptedPort(() => ({ action: agree ? 'accept' : 'decline' }));
    const m = makeManager({ mcpServers: { everything } }, undefined, { humanInput: port, openUrl: async (u) => void opened.push(u) });
    managers.push(m);
    await m.manager.start();
    await waitFor(() => m.tools.has('mcp_everything_trigger-url-elicitation'), 20_000, 'url elicitation tool');
    const ok = await m.tools.execute('mcp_everything_trigger-url-elicitation', { url: 'https://example.com/consent' }, ctxFor(m.bus, m.workspace, 'c-url'));
    expect(ok.error).toBeUndefined();
    expect(port.asked[0]).toMatchObject({ mcp: { kind: 'elicitation-url', url: 'https://example.com/consent', callId: 'c-url' } });
    expect(opened).toEqual(['https://example.com/consent']);
    agree = false;
    await m.tools.execute('mcp_everything_trigger-url-elicitation', { url: 'https://example.com/again' }, ctxFor(m.bus, m.workspace));
    expect(opened).toEqual(['https://example.com/consent']);
    // The 2025 error path (-32042 "open these pages first"): asked, opened, the call made once more.
    const viaError = await m.tools.execute('mcp_everything_trigger-url-elicitation', { url: 'https://example.com/first', errorPath: true }, ctxFor(m.bus, m.workspace, 'c-err'));
    expect(opened).toEqual(['https://example.com/consent']); // declined above: nothing more opened yet
    expect(viaError.error).toMatch(/needs you to open https:\/\/\S+ before trigger-url-elicitation can run; you declined/);
    agree = true;
    const accepted = await m.tools.execute('mcp_everything_trigger-url-elicitation', { url: 'https://example.com/second', errorPath: true }, ctxFor(m.bus, m.workspace, 'c-err2'));
    expect(accepted.error).toBeUndefined();
    const asked = port.asked.filter((q) => q.mcp?.kind === 'elicitation-url' && q.mcp.callId === 'c-err2').map((q) => q.mcp!.url!);
    expect(asked.length).toBeGreaterThan(0);
    expect(opened).toEqual(expect.arrayContaining(asked));
    expect(m.events.filter((e) => e.type === 'mcp_server_request' && e.callId === 'c-err2').length).toBeGreaterThan(0);
    const { elicit } = await import('../../src-main/core/mcp/client/elicitation');
    agree = true;
    const before = port.asked.length;
    expect(await elicit({ mode: 'url', message: 'm', url: 'file:///etc/passwd' }, { server: 's', port, signal: new AbortController().signal })).toEqual({ action: 'decline' });
    expect(await elicit({ mode: 'url', message: 'm', url: 'javascript:alert(1)' }, { server: 's', port, signal: new AbortController().signal })).toEqual({ action: 'decline' });
    expect(port.asked.length).toBe(before);
  });
});
