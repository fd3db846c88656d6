import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runGlassbox, tempGlassbox } from '../helpers/cli';

/**
 * docs/extensions.md's example under "MCP resources, prompts and asking the client", installed
 * as written, served by `glassbox mcp serve` to an SDK client: what the doc says a client sees.
 */
function exampleFromDocs(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'extensions.md'), 'utf8');
  const start = doc.indexOf('## MCP resources, prompts and asking the client');
  expect(start, 'docs/extensions.md has the section').toBeGreaterThanOrEqual(0);
  const block = /```js\n([\s\S]*?)```/.exec(doc.slice(start));
  expect(block, 'the section has a js block').toBeTruthy();
  return block![1];
}

describe('docs/extensions.md: an extension contributes resources, a template, a prompt and a tool that asks', { timeout: 120_000 }, () => {
  it('works as the doc says', async () => {
    const t = tempGlassbox();
    mkdirSync(join(t.workspace, 'notes'), { recursive: true });
    writeFileSync(join(t.workspace, 'notes', 'standup.md'), '# Standup\n- shipped the server\n');
    mkdirSync(join(t.home, 'extensions', 'notes'), { recursive: true });
    writeFileSync(join(t.home, 'extensions', 'notes', 'extension.mjs'), exampleFromDocs());
    const asked: string[] = [];
    const client = new Client({ name: 'docs', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler('elicitation/create', async (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { title: 'retro' } };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--approve', 'auto'], env: t.env as Record<string, string>, cwd: t.workspace, stderr: 'pipe' }));
    try {
      expect((await client.listResources()).resources.map((r) => r.uri)).toContain('notes://standup');
      const read = await client.readResource({ uri: 'notes://standup' });
      expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: '# Standup\n- shipped the server\n' });
      await expect(client.readResource({ uri: 'notes://nope' })).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
      const c1 = await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{name}' }, argument: { name: 'name', value: 'st' } });
      expect(c1.completion.values).toEqual(['standup']);
      const c2 = await client.complete({ ref: { type: 'ref/prompt', name: 'summarise_note' }, argument: { name: 'name', value: 'st' } });
      expect(c2.completion.values).toEqual(['standup']);
      const prompt = await client.getPrompt({ name: 'summarise_note', arguments: { name: 'standup' } });
      expect(prompt.messages[0].content).toMatchObject({ type: 'resource', resource: { uri: 'notes://standup', text: '# Standup\n- shipped the server\n' } });
      const filed = await client.callTool({ name: 'file_note', arguments: {} });
      expect(filed.content).toEqual([{ type: 'text', text: 'notes/retro.md' }]);
      expect(asked).toEqual(['Title of the new note?']);
    } finally {
      await client.close();
    }
    // `extensions list` says what it contributes.
    const list = await runGlassbox(['extensions', 'list'], { env: t.env, cwd: t.workspace });
    expect(list.stdout).toContain('MCP: notes://{name}, prompt summarise_note');
    const json = JSON.parse((await runGlassbox(['extensions', 'list', '--json'], { env: t.env, cwd: t.workspace })).stdout);
    expect(json[0].mcp).toEqual({ resources: [], templates: ['notes://{name}'], prompts: ['summarise_note'] });
  });
});
