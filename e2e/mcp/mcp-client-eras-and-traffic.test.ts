// Both protocol eras against real peers (a v2 SDK server serving 2026-07-28 and 2025-11-25 on
// one URL; server-everything, a 2025-only server), the traffic log of every message, and the
// sign-in hook (a 401 is `needs-sign-in`, and a retry after signing in connects).
import type { ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpAuthFactory } from '../../src-main/core/mcp/client/oauth/server-auth';
import { ctxFor, EVERYTHING, makeManager, startEverythingHttp, startTwoEra } from './mcp-test-helpers';

describe('MCP client: protocol eras and the traffic log', () => {
  const children: ChildProcess[] = [];
  const managers: Array<ReturnType<typeof makeManager>> = [];
  let url = '';
  beforeAll(async () => {
    const s = await startTwoEra();
    children.push(s.child);
    url = s.url;
  }, 30_000);
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.manager.close()));
  });
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM');
  });
  function managed(...args: Parameters<typeof makeManager>) {
    const m = makeManager(...args);
    managers.push(m);
    return m;
  }

  it('auto speaks 2026-07-28 to a server that offers it: on the status, the status event, every exchange, the per-call traffic', async () => {
    const m = managed({ mcpServers: { two: { url } } });
    await m.manager.start();
    expect(m.manager.status('two')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28', transport: 'http' });
    expect(m.events.find((e) => e.type === 'mcp_server_status' && e.status === 'connected')).toMatchObject({ protocolVersion: '2026-07-28' });
    const r = await m.tools.execute('mcp_two_echo', { text: 'hi' }, ctxFor(m.bus, m.workspace, 'c-echo'));
    expect(r.output).toBe('echo: hi');
    expect(m.events.find((e) => e.type === 'mcp_traffic')).toMatchObject({ callId: 'c-echo', protocolVersion: '2026-07-28' });
    const log = m.manager.traffic('two');
    const messages = log.filter((e) => e.kind === 'message');
    // Discovery first, then lists and the call, each with the era it crossed in.
    expect(messages[0]).toMatchObject({ direction: 'out', method: 'server/discover', protocolVersion: '2026-07-28' });
    expect(messages.map((e) => e.method).filter(Boolean)).toEqual(expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']));
    expect(messages.every((e) => e.protocolVersion === '2026-07-28')).toBe(true);
    expect(messages.some((e) => e.method === 'initialize')).toBe(false);
    const call = log.find((e) => e.kind === 'http' && e.requestHeaders['mcp-method'] === 'tools/call');
    expect(call).toMatchObject({ status: 200, requestHeaders: { 'mcp-name': 'echo', 'mcp-protocol-version': '2026-07-28' } });
    expect(log.find((e) => e.kind === 'message' && e.method === 'tools/call')).toMatchObject({ callId: 'c-echo' });
    // The request carries a trace context in _meta.
    const sent = log.find((e) => e.kind === 'message' && e.method === 'tools/call') as { message: { params: { _meta: Record<string, string> } } };
    expect(sent.message.params._meta.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('auto asks once: a reconnect uses the era found (no second probe); a remembered era that stopped working is asked again', async () => {
    const strict = await startTwoEra(['--reject-legacy']);
    children.push(strict.child);
    const first = managed({ mcpServers: { two: { url: strict.url } } });
    await first.manager.start();
    expect(first.manager.status('two')!.protocolVersion).toBe('2026-07-28');
    await first.manager.restart('two');
    const probes = first.manager.traffic('two').filter((e) => e.kind === 'message' && e.method === 'server/discover');
    expect(probes).toHaveLength(0); // the restarted connection's log: connected without asking
    expect(first.manager.status('two')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    // The server "changed": the remembered verdict says 2025, the server now only speaks 2026.
    const { eraKey, rememberEra } = await import('../../src-main/core/mcp/client/era-verdicts');
    rememberEra(eraKey('http', { url: strict.url }), { getProtocolEra: () => 'legacy' } as never);
    await first.manager.restart('two');
    expect(first.manager.status('two')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
  });

  it('the era found is remembered across runs (a 0600 file under $GLASSBOX_HOME/state, keys hashed): the next process does not probe', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, readFileSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { ROOT } = await import('../helpers/cli');
    const home = mkdtempSync(join(tmpdir(), 'glassbox-era-'));
    const run = (target: string) =>
      JSON.parse(execFileSync(join(ROOT, 'node_modules/.bin/jiti'), [join(ROOT, 'e2e/mcp/fixtures/era-memory-run.ts'), home, target], { encoding: 'utf8' })) as { status: string; protocolVersion: string; ms: number; log: string[] };
    const first = run(url);
    expect(first).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(first.log[0]).toBe('server/discover');
    const second = run(url);
    expect(second).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(second.log).not.toContain('server/discover');
    expect(second.log).toContain('note: connected: protocol 2026-07-28 (the era found before, no probe)');
    // A 2025-only stdio server: the second run starts one process instead of two (probe sibling + server).
    const s1 = run(`stdio:${EVERYTHING}`);
    const s2 = run(`stdio:${EVERYTHING}`);
    expect([s1.protocolVersion, s2.protocolVersion]).toEqual(['2025-11-25', '2025-11-25']);
    expect(s2.log).toContain('note: connected: protocol 2025-11-25 (the era found before, no probe)');
    const file = join(home, 'state', 'mcp-protocol-eras.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(url);
  }, 90_000);

  it('protocolVersion "2025-11-25" keeps to initialize on the same server: no probe in the traffic', async () => {
    const m = managed({ mcpServers: { two: { url, protocolVersion: '2025-11-25' } } });
    await m.manager.start();
    expect(m.manager.status('two'), m.manager.status('two')!.whyFailed).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    const methods = m.manager.traffic('two').flatMap((e) => (e.kind === 'message' && e.method ? [e.method] : []));
    expect(methods.slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
    expect(methods).not.toContain('server/discover');
    expect((await m.tools.execute('mcp_two_echo', { text: 'x' }, ctxFor(m.bus, m.workspace))).output).toBe('echo: x');
  });

  it('a socket closed under the first request (a kept-alive connection the server was closing) is tried once more, not a failed server', async () => {
    // In front of the real server: the first request's socket is destroyed before any answer.
    let dropped = 0;
    const target = new URL(url);
    const front = createServer((req, res) => {
      if (dropped++ === 0) return void req.socket.destroy();
      const up = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    try {
      const m = managed({ mcpServers: { two: { url: `http://127.0.0.1:${(front.address() as AddressInfo).port}${target.pathname}`, type: 'http', protocolVersion: '2025-11-25' } } });
      await m.manager.start();
      expect(m.manager.status('two'), m.manager.status('two')!.whyFailed).toMatchObject({ status: 'connected' });
      expect(dropped).toBeGreaterThan(1);
      expect((await m.tools.execute('mcp_two_echo', { text: 'x' }, ctxFor(m.bus, m.workspace))).output).toBe('echo: x');
    } finally {
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
    }
  });

  it('auto against a 2025-only server falls back to initialize (stdio: the probe never shows on the connection), and a 2026 pin fails clearly', async () => {
    const { child, port } = await startEverythingHttp('streamableHttp');
    children.push(child);
    const m = managed({
      mcpServers: {
        std: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
        web: { url: `http://127.0.0.1:${port}/mcp` },
        pinned: { url: `http://127.0.0.1:${port}/mcp`, protocolVersion: '2026-07-28' },
        bad: { url: `http://127.0.0.1:${port}/mcp`, protocolVersion: '2024-01-01' },
      },
    });
    await m.manager.start();
    expect(m.manager.status('std')).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect(m.manager.traffic('std').some((e) => e.kind === 'message' && e.method === 'server/discover')).toBe(false);
    expect(m.manager.status('web')).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    const pinned = m.manager.status('pinned')!;
    expect(pinned.status).toBe('error');
    expect(pinned.whyFailed).toMatch(/2026-07-28/);
    expect(m.manager.status('bad')!.lastError).toMatch(/protocolVersion must be "auto", "2026-07-28" or "2025-11-25"/);
  }, 60_000);

  it('log level per server: logging/setLevel on 2025, the request _meta on 2026; saved to the config; a bad level is refused', async () => {
    const m = managed({ mcpServers: { two: { url }, std: { command: process.execPath, args: [EVERYTHING, 'stdio'], logLevel: 'warning' } } });
    await m.manager.start();
    const setLevel = () => m.manager.traffic('std').filter((e) => e.kind === 'message' && e.method === 'logging/setLevel').map((e) => (e as { message: { params: { level: string } } }).message.params.level);
    expect(setLevel()).toEqual(['warning']); // from config, at connect
    await m.manager.setLogLevel('std', 'error');
    expect(setLevel()).toEqual(['warning', 'error']);
    await m.manager.setLogLevel('two', 'debug');
    await m.tools.execute('mcp_two_echo', { text: 'x' }, ctxFor(m.bus, m.workspace));
    const call = m.manager.traffic('two').findLast((e) => e.kind === 'message' && e.method === 'tools/call') as { message: { params: { _meta: Record<string, unknown> } } };
    expect(call.message.params._meta['io.modelcontextprotocol/logLevel']).toBe('debug');
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(m.configPath, 'utf8')).mcpServers.two.logLevel).toBe('debug');
    await expect(m.manager.setLogLevel('two', 'loud')).rejects.toThrow(/log level must be one of debug/);
  }, 60_000);

  it('masks configured secrets in the traffic log; a 401 is needs-sign-in, and after signing in a restart connects', async () => {
    const s = await startTwoEra(['--secret-header', 'x-api-key:sekrit-4711']);
    children.push(s.child);
    let signedIn = false;
    // The sign-in hook: what OAuth plugs in. Before the sign-in its fetch adds nothing.
    const auth: McpAuthFactory = async () => ({
      fetch: (u, init) => {
        const headers = new Headers(init?.headers);
        if (signedIn) headers.set('x-api-key', 'sekrit-4711');
        return fetch(u, { ...init, headers });
      },
      provider: {} as never,
    });
    const env = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1', TEST_API_KEY: 'sekrit-4711' };
    const m = managed({ mcpServers: { keyed: { url: `${s.url}?k=\${env:TEST_API_KEY}`, headers: { 'X-Api-Key': '${env:TEST_API_KEY}' } }, oauth: { type: 'http', url: s.url } } }, env, { auth });
    await m.manager.start();
    expect(m.manager.status('keyed')!.status).toBe('connected');
    const log = m.manager.traffic('keyed');
    expect(log.find((e) => e.kind === 'http')).toMatchObject({ url: expect.stringContaining('?k=[REDACTED]'), requestHeaders: { 'x-api-key': '[REDACTED]' } });
    expect(JSON.stringify(log)).not.toContain('sekrit-4711');
    const o = m.manager.status('oauth')!;
    expect(o).toMatchObject({ status: 'needs-sign-in', lastError: expect.stringMatching(/sign/i) });
    expect(m.events.find((e) => e.type === 'mcp_server_status' && e.server === 'oauth' && e.status === 'needs-sign-in')).toBeTruthy();
    signedIn = true;
    expect((await m.manager.restart('oauth')).status).toBe('connected');
  });
});
