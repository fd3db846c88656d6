import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, ctxFor, EVERYTHING, FILESYSTEM, makeManager, waitFor } from './mcp-test-helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((f) => f()));
  cleanup = [];
});

describe('MCP client against server-filesystem', { timeout: 90_000 }, () => {
  it('reads inside the allowed folder; outside is an error result', async () => {
    const m = makeManager({});
    cleanup.push(() => m.manager.close());
    writeFileSync(join(m.workspace, 'notes.txt'), 'inside the workspace\n');
    await m.manager.add('files', { command: process.execPath, args: [FILESYSTEM, m.workspace] });
    expect(m.manager.status('files')).toMatchObject({ status: 'connected' });
    const read = m.tools.list().find((t) => t.name === 'mcp_files_read_text_file' || t.name === 'mcp_files_read_file')!;
    expect(read, m.tools.names().join(',')).toBeDefined();
    const inside = await m.tools.execute(read.name, { path: join(m.workspace, 'notes.txt') }, ctxFor(m.bus, m.workspace));
    expect(inside).toMatchObject({ output: expect.stringContaining('inside the workspace') });
    const outside = await m.tools.execute(read.name, { path: '/etc/hostname' }, ctxFor(m.bus, m.workspace));
    expect(outside.output).toBeUndefined();
    expect(outside.error).toMatch(/denied|outside|not allowed/i);
  });
});

describe('McpManager runtime management', { timeout: 90_000 }, () => {
  it('add / disable / enable / per-tool switch / remove are persisted and kill the process', async () => {
    const m = makeManager({});
    cleanup.push(() => m.manager.close());
    const cfg = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
    await m.manager.add('everything', cfg);
    expect(JSON.parse(readFileSync(m.configPath, 'utf8')).mcpServers.everything).toEqual(cfg);
    const pid = m.manager.connection('everything')!.pid!;
    expect(alive(pid)).toBe(true);

    m.manager.setToolEnabled('everything', 'echo', false);
    expect(m.tools.has('mcp_everything_echo')).toBe(false);
    expect(m.manager.status('everything')!.tools.find((t) => t.originalName === 'echo')).toMatchObject({ enabled: false });
    expect(JSON.parse(readFileSync(m.configPath, 'utf8')).mcpServers.everything.disabledTools).toEqual(['echo']);
    m.manager.setToolEnabled('everything', 'echo', true);
    expect(m.tools.has('mcp_everything_echo')).toBe(true);

    await m.manager.disable('everything');
    expect(m.manager.status('everything')).toMatchObject({ status: 'disabled', toolCount: 0 });
    expect(m.tools.names().filter((n) => n.startsWith('mcp_everything'))).toEqual([]);
    await waitFor(() => !alive(pid), 10_000, 'process gone');
    expect(JSON.parse(readFileSync(m.configPath, 'utf8')).mcpServers.everything.disabled).toBe(true);

    await m.manager.enable('everything');
    expect(m.manager.status('everything')!.status).toBe('connected');
    expect(m.tools.has('mcp_everything_echo')).toBe(true);

    const pid2 = m.manager.connection('everything')!.pid!;
    await m.manager.restart('everything');
    expect(m.manager.connection('everything')!.pid).not.toBe(pid2);

    const pid3 = m.manager.connection('everything')!.pid!;
    await m.manager.remove('everything');
    expect(m.manager.ids()).toEqual([]);
    expect(m.tools.list()).toEqual([]);
    await waitFor(() => !alive(pid3), 10_000, 'process gone');
    expect(JSON.parse(readFileSync(m.configPath, 'utf8')).mcpServers).toEqual({});
  });

  it('a name clash keeps the first tool and reports the loser', async () => {
    const m = makeManager({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    cleanup.push(() => m.manager.close());
    const first = { name: 'mcp_everything_echo', description: 'builtin', inputSchema: { type: 'object' }, execute: async () => ({ output: 'mine' }) };
    m.tools.add(first);
    await m.manager.start();
    expect(m.tools.get('mcp_everything_echo')).toBe(first);
    expect(m.tools.conflicts).toContainEqual({ name: 'mcp_everything_echo', kept: 'builtin', rejected: 'mcp:everything' });
    expect(m.events.some((e) => e.type === 'log' && /not available as 'mcp_everything_echo'/.test(e.message))).toBe(true);
    expect(m.manager.status('everything')!.tools.find((t) => t.originalName === 'echo')).toMatchObject({ registered: false });
  });

  it('includeInstructions: false keeps the instructions away from the model but shows them', async () => {
    const m = makeManager({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], includeInstructions: false } } });
    cleanup.push(() => m.manager.close());
    await m.manager.start();
    expect(m.manager.status('everything')!.instructions).toBeTruthy();
    expect(m.manager.instructionsForModel()).toEqual([]);
    expect(existsSync(m.configPath)).toBe(false); // nothing written without a change
  });
});
