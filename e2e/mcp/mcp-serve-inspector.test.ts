import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, tempGlassbox } from '../helpers/cli';
import { NODE22 } from './conformance-run';

// A real client nobody here wrote: the MCP Inspector 2.x CLI (Node >= 22.19, from the private
// prefix scripts/ensure-node22.mjs installs) drives `glassbox mcp serve` over stdio. Its connect
// timeout (15 s for a command) is raised to 60 s: on a loaded machine the serve process's own start
// can take longer than 15 s, which is the machine, not the handshake under test.

const PREFIX = join(ROOT, '.cache', 'node22', 'node_modules', '@modelcontextprotocol', 'inspector');
const INSPECTOR = [join(PREFIX, 'clients', 'cli', 'build', 'index.js'), join(PREFIX, 'cli', 'build', 'index.js')].find((p) => existsSync(p));

function inspect(args: string[], t: ReturnType<typeof tempGlassbox>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      NODE22,
      [INSPECTOR!, ...args, '--connect-timeout', '60000', '--cwd', t.workspace, '-e', `GLASSBOX_HOME=${t.home}`, '-e', 'GLASSBOX_DISABLE_BROWSER=1', '--', process.execPath, BIN, 'mcp', 'serve'],
      { cwd: t.workspace, env: { ...process.env, MCP_CATALOG_PATH: join(t.home, 'inspector-catalog.json') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

describe.skipIf(!INSPECTOR || !existsSync(NODE22))('the MCP Inspector CLI against glassbox mcp serve', () => {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  mkdirSync(t.home, { recursive: true });
  writeFileSync(join(t.workspace, 'note.txt'), 'hello inspector\n');

  it('lists tools, resources and prompts', async () => {
    const tools = await inspect(['--method', 'tools/list'], t);
    expect(tools.code, tools.err).toBe(0);
    expect(JSON.parse(tools.out).tools.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['bash', 'str_replace_editor', 'ask_human']));
    const resources = await inspect(['--method', 'resources/list'], t);
    expect(resources.code, resources.err).toBe(0);
    expect(JSON.parse(resources.out).resources.map((x: { uri: string }) => x.uri)).toContain(pathToFileURL(join(t.workspace, 'note.txt')).href);
    const templates = await inspect(['--method', 'resources/templates/list'], t);
    expect(JSON.parse(templates.out).resourceTemplates.map((x: { uriTemplate: string }) => x.uriTemplate)).toEqual(expect.arrayContaining(['file://{+path}', 'glassbox://sessions/{id}']));
    const prompts = await inspect(['--method', 'prompts/list'], t);
    expect(prompts.code, prompts.err).toBe(0);
    expect(JSON.parse(prompts.out).prompts.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['review_file', 'plan_task']));
  }, 300_000);

  it('reads a workspace file and gets a prompt with it embedded', async () => {
    const uri = pathToFileURL(join(t.workspace, 'note.txt')).href;
    const read = await inspect(['--method', 'resources/read', '--uri', uri], t);
    expect(read.code, read.err).toBe(0);
    expect(JSON.parse(read.out).contents[0]).toMatchObject({ uri, mimeType: 'text/plain', text: 'hello inspector\n' });
    const prompt = await inspect(['--method', 'prompts/get', '--prompt-name', 'review_file', '--prompt-args', `path=${join(t.workspace, 'note.txt')}`], t);
    expect(prompt.code, prompt.err).toBe(0);
    expect(JSON.parse(prompt.out).messages[0].content).toMatchObject({ type: 'resource', resource: { uri, text: 'hello inspector\n' } });
  }, 300_000);
});
