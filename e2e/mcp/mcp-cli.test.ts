import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';
import { EVERYTHING } from './mcp-test-helpers';

const SLOW = join(import.meta.dirname, 'fixtures', 'slow-server.mjs');

function setup(config?: unknown) {
  const t = tempGlassbox();
  mkdirSync(t.home, { recursive: true });
  mkdirSync(t.workspace, { recursive: true });
  if (config !== undefined) writeFileSync(join(t.home, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return t;
}

describe('glassbox mcp list', () => {
  it('--json: id, transport, status, protocol version, tool / resource / prompt counts, instructions, last error', async () => {
    const t = setup({
      mcpServers: {
        everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
        broken: { command: 'glassbox-no-such-command' },
        off: { type: 'sse', url: 'http://127.0.0.1:9/sse', disabled: true },
      },
    });
    const r = await runGlassbox(['mcp', 'list', '--json'], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; transport: string; status: string; protocolVersion: string | null; toolCount: number; resourceCount: number | null; promptCount: number | null; instructions: string | null; lastError: string | null; tools: string[] }[];
    const by = Object.fromEntries(list.map((l) => [l.id, l]));
    expect(by.everything).toMatchObject({ transport: 'stdio', status: 'connected', protocolVersion: '2025-11-25', lastError: null });
    expect(by.everything.resourceCount).toBeGreaterThan(0);
    expect(by.everything.promptCount).toBeGreaterThan(0);
    expect(by.everything.toolCount).toBeGreaterThan(5);
    expect(by.everything.instructions).toBeTruthy();
    expect(by.everything.tools).toContain('mcp_everything_echo');
    expect(by.broken).toMatchObject({ status: 'error', protocolVersion: null, resourceCount: null, toolCount: 0, lastError: expect.stringMatching(/not found on PATH/) });
    expect(by.off).toMatchObject({ status: 'disabled', transport: 'sse' });
  }, 60_000);

  it('human output is a table; a malformed config exits 2 naming path and position', async () => {
    const t = setup({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const r = await runGlassbox(['mcp', 'list'], { env: t.env, cwd: t.workspace });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID\s+TRANSPORT\s+STATUS\s+PROTOCOL\s+TOOLS\s+RESOURCES\s+PROMPTS\s+INSTRUCTIONS\s+LAST ERROR/m);
    expect(r.stdout).toMatch(/^everything\s+stdio\s+connected\s+2025-11-25\s+\d+\s+\d+\s+\d+\s+yes/m);
    const bad = setup('{\n  "mcpServers": {,\n}');
    const r2 = await runGlassbox(['mcp', 'list'], { env: bad.env, cwd: bad.workspace });
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain(`${join(bad.home, 'config.json')}:2:`);
    expect(readFileSync(join(bad.home, 'config.json'), 'utf8')).toBe('{\n  "mcpServers": {,\n}'); // never overwritten
  }, 60_000);
});

describe('glassbox tools list', () => {
  it('shows MCP tools with their source', async () => {
    const t = setup({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    const r = await runGlassbox(['tools', 'list', '--json'], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    const tools = JSON.parse(r.stdout) as { name: string; source: string; inputSchema: unknown }[];
    expect(tools.find((x) => x.name === 'mcp_everything_get-sum')).toMatchObject({ source: 'mcp:everything', inputSchema: { type: 'object' } });
  }, 60_000);
});

describe('glassbox tools list with cached listings', () => {
  it('lists a server from its cached listing without starting it (marked cached and, for a first-use server, deferred); --live starts it', async () => {
    const gate = join(tempGlassbox().home, 'gate');
    const slow = { command: process.execPath, args: [SLOW], env: { SLOW_START_UNTIL: gate }, startOn: 'first-use', prefix: false };
    const t = setup({ mcpServers: { slow } });
    // Never listed before: started and waited for (the gate is open), its listing cached.
    mkdirSync(dirname(gate), { recursive: true });
    writeFileSync(gate, '');
    const first = await runGlassbox(['tools', 'list', '--json'], { env: t.env, cwd: t.workspace });
    expect(first.code, first.stderr).toBe(0);
    const live = JSON.parse(first.stdout) as { name: string; cached?: boolean; deferred?: boolean }[];
    expect(live.find((x) => x.name === 'sleep')).toMatchObject({ deferred: true });
    expect(live.find((x) => x.name === 'sleep')?.cached).toBeUndefined();
    // The gate is closed now: were the server started, it would never answer and this would hang.
    rmSync(gate);
    const cached = await runGlassbox(['tools', 'list', '--json'], { env: t.env, cwd: t.workspace });
    expect(cached.code, cached.stderr).toBe(0);
    const tools = JSON.parse(cached.stdout) as { name: string; source: string; cached?: boolean; deferred?: boolean; inputSchema: unknown }[];
    expect(tools.filter((x) => x.source === 'mcp:slow').map((x) => [x.name, x.cached, x.deferred])).toEqual([
      ['sleep', true, true],
      ['sleep_progress', true, true],
      ['add_tool', true, true],
    ]);
    expect(tools.find((x) => x.name === 'sleep')?.inputSchema).toMatchObject({ required: ['ms'] });
    // tool_search is listed because something is deferred; built-ins are not cached, and only
    // the ones agent.deferTools names (by default planning) are deferred.
    expect(tools.find((x) => x.name === 'tool_search')).toBeDefined();
    expect(tools.find((x) => x.name === 'bash')).not.toHaveProperty('deferred');
    expect(tools.find((x) => x.name === 'planning')).toMatchObject({ source: 'builtin', deferred: true });
    const human = await runGlassbox(['tools', 'list'], { env: t.env, cwd: t.workspace });
    expect(human.stdout).toMatch(/sleep +\[mcp:slow\] +\(deferred, cached\) Sleeps ms milliseconds/);
    expect(human.stdout).toMatch(/MCP server 'slow' has not started: its tools are from its cached listing of \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    // --live starts it (open the gate again) and lists what it says now.
    writeFileSync(gate, '');
    const fresh = await runGlassbox(['tools', 'list', '--json', '--live'], { env: t.env, cwd: t.workspace });
    expect((JSON.parse(fresh.stdout) as { name: string; cached?: boolean }[]).find((x) => x.name === 'sleep')?.cached).toBeUndefined();
  }, 90_000);
});

describe('glassbox mcp import', () => {
  it('merges a Claude Desktop file, then a VS Code file; keeps existing ids unless --replace', async () => {
    const t = setup({ llm: { model: 'm' }, mcpServers: { files: { command: 'old' } } });
    const claude = join(t.workspace, 'claude_desktop_config.json');
    writeFileSync(claude, JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] }, git: { command: 'uvx', args: ['mcp-server-git'] } } }));
    const r = await runGlassbox(['mcp', 'import', claude], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('added: git');
    expect(r.stdout).toMatch(/kept .*: files/);
    let cfg = JSON.parse(readFileSync(join(t.home, 'config.json'), 'utf8'));
    expect(cfg).toEqual({ llm: { model: 'm' }, mcpServers: { files: { command: 'old' }, git: { command: 'uvx', args: ['mcp-server-git'] } } });

    const r2 = await runGlassbox(['mcp', 'import', claude, '--replace'], { env: t.env, cwd: t.workspace });
    expect(r2.stdout).toContain('replaced: files');
    cfg = JSON.parse(readFileSync(join(t.home, 'config.json'), 'utf8'));
    expect(cfg.mcpServers.files.command).toBe('npx');

    const vscode = join(t.workspace, 'mcp.json');
    writeFileSync(vscode, '{\n  // VS Code\n  "servers": { "remote": { "type": "http", "url": "http://127.0.0.1:3001/mcp" }, },\n}');
    const r3 = await runGlassbox(['mcp', 'import', vscode], { env: t.env, cwd: t.workspace });
    expect(r3.code, r3.stderr).toBe(0);
    cfg = JSON.parse(readFileSync(join(t.home, 'config.json'), 'utf8'));
    expect(cfg.mcpServers.remote).toEqual({ type: 'http', url: 'http://127.0.0.1:3001/mcp' });
  }, 60_000);

  it('a malformed file exits 2 and changes nothing', async () => {
    const t = setup({ mcpServers: {} });
    const f = join(t.workspace, 'bad.json');
    writeFileSync(f, '{"mcpServers": ');
    const r = await runGlassbox(['mcp', 'import', f], { env: t.env, cwd: t.workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Malformed JSON in ${f}:1:`);
    expect(JSON.parse(readFileSync(join(t.home, 'config.json'), 'utf8'))).toEqual({ mcpServers: {} });
  }, 30_000);
});
