#!/usr/bin/env node
// MCP bridge benchmarks (issue 6), measured side by side in one run:
//   1. a call through Glassbox's MCP tool vs the raw SDK callTool, same stdio server (target ≤ 1.15×)
//   2. the SDK client calling `glassbox mcp serve` vs a minimal SDK server with the same tool (≤ 1.3×)
//   3. five stdio servers at start vs one (≤ 1.5×)
// Run: `npm run build && node bench/mcp.mjs [--calls N]`. Needs the built CLI for (2).
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createJiti } from 'jiti';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const jiti = createJiti(import.meta.url);
const { McpManager } = await jiti.import(join(ROOT, 'src-main/core/mcp/mcp-manager.ts'));
const { ToolCollection } = await jiti.import(join(ROOT, 'src-main/core/tools/tool-collection.ts'));
const { EventBus } = await jiti.import(join(ROOT, 'src-main/core/events/event-bus.ts'));

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const BIN = join(ROOT, 'bin/glassbox.mjs');
const argIdx = process.argv.indexOf('--calls');
const CALLS = argIdx > 0 ? Number(process.argv[argIdx + 1]) : 300;
const ROUNDS = 7;
const env = { ...process.env, GLASSBOX_DISABLE_BROWSER: '1' };

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function tmp(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}

function manager(servers) {
  const dir = tmp('glassbox-bench-');
  const tools = new ToolCollection();
  const bus = new EventBus('bench');
  const m = new McpManager({ config: { mcpServers: servers }, userConfigPath: join(dir, 'config.json'), tools, bus, workspace: dir, env });
  return { m, tools, bus, dir };
}

/** Runs `a` and `b` alternately ROUNDS times; returns median ms per op of each. */
async function sideBySide(a, b, ops) {
  const ta = [];
  const tb = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [fn, out] of r % 2 ? [[b, tb], [a, ta]] : [[a, ta], [b, tb]]) {
      const t0 = performance.now();
      await fn();
      out.push((performance.now() - t0) / ops);
    }
  }
  return { a: median(ta), b: median(tb) };
}

const rows = [];

// 1. Glassbox MCP tool vs raw SDK callTool on the same server process (the connection's own SDK
// client), so the ratio is exactly what Glassbox adds: validation, result mapping, traffic
// capture, the per-call abort link.
{
  const { m, tools, dir } = manager({ everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } });
  await m.start();
  const raw = m.connection('everything').sdkClient;
  const viaGlassbox = async () => {
    for (let i = 0; i < CALLS; i++) {
      const ctx = { signal: new AbortController().signal, workspace: dir, home: dir, callId: `c${i}` };
      const r = await tools.execute('mcp_everything_echo', { message: `m${i}` }, ctx);
      if (r.error) throw new Error(r.error);
    }
  };
  const viaSdk = async () => {
    for (let i = 0; i < CALLS; i++) await raw.callTool({ name: 'echo', arguments: { message: `m${i}` } });
  };
  await viaGlassbox();
  await viaSdk();
  const { a, b } = await sideBySide(viaGlassbox, viaSdk, CALLS);
  rows.push(['Glassbox MCP tool vs raw SDK callTool (echo, stdio)', a, b, 1.15]);
  await m.close();
}

// 2. SDK client → glassbox mcp serve vs → a minimal SDK server with the same tool.
{
  const home = tmp('glassbox-bench-home-');
  mkdirSync(join(home, 'extensions'), { recursive: true });
  cpSync(join(ROOT, 'e2e/fixtures/conformance-extension'), join(home, 'extensions/conformance-extension'), { recursive: true });
  const ws = tmp('glassbox-bench-ws-');
  const minimal = `
    import { Server } from '@modelcontextprotocol/sdk/server/index.js';
    import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
    import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
    const s = new Server({ name: 'minimal', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'test_simple_text', description: 'x', inputSchema: { type: 'object', properties: {} } }] }));
    s.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'This is a simple text response for testing.' }] }));
    await s.connect(new StdioServerTransport());`;
  const glassbox = new Client({ name: 'bench', version: '1' });
  await glassbox.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--tools', 'test_simple_text'], env: { ...env, GLASSBOX_HOME: home }, cwd: ws, stderr: 'ignore' }));
  const plain = new Client({ name: 'bench', version: '1' });
  await plain.connect(new StdioClientTransport({ command: process.execPath, args: ['--input-type=module', '-e', minimal], cwd: ROOT, stderr: 'ignore' }));
  const call = (c) => async () => {
    for (let i = 0; i < CALLS; i++) {
      const r = await c.callTool({ name: 'test_simple_text', arguments: {} });
      if (r.isError) throw new Error(JSON.stringify(r));
    }
  };
  await call(glassbox)();
  await call(plain)();
  const { a, b } = await sideBySide(call(glassbox), call(plain), CALLS);
  rows.push(['SDK client → glassbox mcp serve vs minimal SDK server', a, b, 1.3]);
  await glassbox.close();
  await plain.close();
}

// 3. Connecting five stdio servers vs one (parallel start).
{
  const one = { e1: { command: process.execPath, args: [EVERYTHING, 'stdio'] } };
  const five = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`e${i}`, { command: process.execPath, args: [EVERYTHING, 'stdio'] }]));
  const start = (servers) => async () => {
    const { m } = manager(servers);
    await m.start();
    const bad = m.servers().filter((s) => s.status !== 'connected');
    await m.close();
    if (bad.length) throw new Error(`not connected: ${bad.map((s) => s.id).join(', ')}`);
  };
  const { a, b } = await sideBySide(start(five), start(one), 1);
  rows.push(['start: five stdio servers vs one', a, b, 1.5]);
}

console.log(`MCP bench (median of ${ROUNDS} alternating rounds; ${CALLS} calls per round for call benchmarks)\n`);
console.log(`${'measure'.padEnd(56)} ${'glassbox'.padStart(12)} ${'baseline'.padStart(12)} ${'ratio'.padStart(7)}  target`);
for (const [name, a, b, target] of rows) {
  const ratio = a / b;
  const unit = (v) => (v < 10 ? `${v.toFixed(3)} ms` : `${v.toFixed(0)} ms`);
  console.log(`${name.padEnd(56)} ${unit(a).padStart(12)} ${unit(b).padStart(12)} ${ratio.toFixed(2).padStart(6)}×  ≤ ${target}× ${ratio <= target ? 'ok' : 'OVER'}`);
}
process.exit(0);
