import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, tempGlassbox } from '../helpers/cli';

/**
 * An extension's tool served by `glassbox mcp serve` (stdio) to a real MCP SDK client: listed
 * with its schema, callable, and still subject to extension hooks.
 */
let client: Client | undefined;

afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
});

type TextContent = { type: string; text?: string };

function textOf(result: unknown): string {
  const content = (result as { content?: TextContent[] }).content ?? [];
  return content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('');
}

describe('extension tools through glassbox mcp serve', () => {
  it('lists and calls an extension tool; its before-hook still blocks', async () => {
    const t = tempGlassbox();
    mkdirSync(t.workspace, { recursive: true });
    const dir = join(t.home, 'extensions', 'greeter');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'extension.mjs'),
      `export default {
  onLoad(api) {
    api.registerTool({
      name: 'greet',
      description: 'Greets someone by name.',
      inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
      execute: ({ who }) => 'Hello, ' + who + '!',
    });
    api.addBeforeToolHook((call) => (call.tool === 'greet' && call.args.who === 'Mallory' ? { blocked: true, reason: 'greeter: not Mallory' } : undefined));
  },
};
`,
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', 'serve', '--approve', 'auto', '--workspace', t.workspace],
      env: t.env as Record<string, string>,
      cwd: t.workspace,
      stderr: 'pipe',
    });
    client = new Client({ name: 'glassbox-extension-test', version: '1.0.0' });
    await client.connect(transport);

    const { tools } = await client.listTools();
    const greet = tools.find((x) => x.name === 'greet');
    expect(greet, `served tools: ${tools.map((x) => x.name).join(', ')}`).toBeDefined();
    expect(greet!.description).toBe('Greets someone by name.');
    expect(greet!.inputSchema).toMatchObject({ type: 'object', required: ['who'] });

    const ok = await client.callTool({ name: 'greet', arguments: { who: 'Ada' } });
    expect(textOf(ok)).toBe('Hello, Ada!');
    expect(ok.isError ?? false).toBe(false);

    const blocked = await client.callTool({ name: 'greet', arguments: { who: 'Mallory' } });
    expect(textOf(blocked)).toContain('[BLOCKED] greeter: not Mallory');
  }, 240_000);
});
