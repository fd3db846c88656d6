import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';
import { EVERYTHING } from './mcp-test-helpers';

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
