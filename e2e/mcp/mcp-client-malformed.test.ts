// A server that sends malformed messages: the client reports them and keeps working.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';
import { ctxFor, makeManager } from './mcp-test-helpers';

const MALFORMED = join(ROOT, 'e2e/mcp/fixtures/malformed-server.mjs');

describe('MCP client: a server that sends malformed messages', () => {
  const managers: Array<ReturnType<typeof makeManager>> = [];
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.manager.close()));
  });

  it('garbage lines, stray answers and bad notifications are reported, valid traffic goes on, a wrong-shaped result is an error result', async () => {
    const m = makeManager({ mcpServers: { bad: { command: process.execPath, args: [MALFORMED], protocolVersion: '2025-11-25' } } });
    managers.push(m);
    await m.manager.start();
    expect(m.manager.status('bad')).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect((await m.tools.execute('mcp_bad_ok', {}, ctxFor(m.bus, m.workspace))).output).toBe('fine');
    const broken = await m.tools.execute('mcp_bad_broken', {}, ctxFor(m.bus, m.workspace));
    expect(broken.error).toMatch(/MCP server 'bad' failed broken/);
    expect((await m.tools.execute('mcp_bad_ok', {}, ctxFor(m.bus, m.workspace))).output).toBe('fine');
    const warnings = m.events.filter((e) => e.type === 'log' && e.source === 'mcp:bad').map((e) => (e as { message: string }).message);
    expect(warnings.some((w) => /not JSON|parse|Unexpected token|JSON/i.test(w))).toBe(true);
    expect(m.manager.status('bad')!.status).toBe('connected');
  });

  it('a tools/list that is not a list fails the connect with the step named', async () => {
    const m = makeManager({ mcpServers: { bad: { command: process.execPath, args: [MALFORMED, '--bad-list'], protocolVersion: '2025-11-25' } } });
    managers.push(m);
    await m.manager.start();
    expect(m.manager.status('bad')).toMatchObject({ status: 'error', whyFailed: expect.stringMatching(/tools\/list/) });
  });
});
