// Row 2 of bench/mcp.mjs: an SDK client calling `glassbox mcp serve` vs a minimal SDK v2 server
// doing the same real work, over stdio, side by side in one run:
//   - `view` of a 200-line file (Glassbox: str_replace_editor through the runner — validation,
//     hooks, approvals, trace; minimal: read the file and number its lines the same way)
//   - `resources/read` of the same file (Glassbox: the workspace template, real-path check,
//     text detection; minimal: read the file)
// Kept in its own module so the rows of the MCP client bench and these do not collide.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const MINIMAL = `
  import { readFileSync } from 'node:fs';
  import { fileURLToPath } from 'node:url';
  import { Server } from '@modelcontextprotocol/server';
  import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
  const s = new Server({ name: 'minimal', version: '1' }, { capabilities: { tools: {}, resources: {} } });
  const schema = { type: 'object', properties: { command: { type: 'string' }, path: { type: 'string' } }, required: ['command', 'path'] };
  s.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'str_replace_editor', description: 'x', inputSchema: schema }] }));
  s.setRequestHandler('tools/call', async (req) => {
    const path = req.params.arguments.path;
    const numbered = readFileSync(path, 'utf8').split('\\n').map((l, i) => String(i + 1).padStart(6) + '\\t' + l).join('\\n');
    return { content: [{ type: 'text', text: 'Here is the result of running cat -n on ' + path + ':\\n' + numbered + '\\n' }] };
  });
  s.setRequestHandler('resources/list', async () => ({ resources: [] }));
  s.setRequestHandler('resources/read', async (req) => ({ contents: [{ uri: req.params.uri, mimeType: 'text/plain', text: readFileSync(fileURLToPath(req.params.uri), 'utf8') }] }));
  await s.connect(new StdioServerTransport());`;

/**
 * Runs the rows; returns them as `[name, { a, b, ratio }, target]` for the table of
 * bench/mcp.mjs. `ctx` brings that script's helpers and settings.
 */
export async function serveRows({ ROOT, BIN, env, tmp, sideBySide, CALLS, WARMUP, ROUNDS }) {
  const home = tmp('glassbox-bench-home-');
  const ws = tmp('glassbox-bench-ws-');
  const file = join(ws, 'two-hundred-lines.ts');
  writeFileSync(file, Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1} of a file the editor views`).join('\n') + '\n');
  const uri = pathToFileURL(file).href;
  const glassbox = new Client({ name: 'bench', version: '1' });
  await glassbox.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--tools', 'str_replace_editor'], env: { ...env, GLASSBOX_HOME: home }, cwd: ws, stderr: 'ignore' }),
  );
  const plain = new Client({ name: 'bench', version: '1' });
  await plain.connect(new StdioClientTransport({ command: process.execPath, args: ['--input-type=module', '-e', MINIMAL], cwd: ROOT, stderr: 'ignore' }));
  const view = (c, n = CALLS) => async () => {
    for (let i = 0; i < n; i++) {
      const r = await c.callTool({ name: 'str_replace_editor', arguments: { command: 'view', path: file } });
      if (r.isError || !r.content[0].text.includes('line 200 of')) throw new Error(JSON.stringify(r).slice(0, 500));
    }
  };
  const read = (c, n = CALLS) => async () => {
    for (let i = 0; i < n; i++) {
      const r = await c.readResource({ uri });
      if (!r.contents[0].text?.includes('line 200 of')) throw new Error(JSON.stringify(r).slice(0, 500));
    }
  };
  const rows = [];
  try {
    for (const [label, op] of [
      ['editor view of a 200-line file', view],
      ['resources/read of the same file', read],
    ]) {
      await op(glassbox, WARMUP)();
      await op(plain, WARMUP)();
      rows.push([`SDK client → glassbox mcp serve vs minimal SDK server · ${label}`, await sideBySide(op(glassbox), op(plain), CALLS, ROUNDS), 1.3]);
    }
  } finally {
    await glassbox.close();
    await plain.close();
  }
  return rows;
}
