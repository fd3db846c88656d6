import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerPrompts, ROOT, runGlassbox, tempGlassbox } from '../helpers/cli';

/**
 * `glassbox tools list|call` through the real, built CLI (bin/glassbox.mjs → out/main/cli.js),
 * each test with its own $GLASSBOX_HOME and workspace. `npm test` builds first.
 */
let t: ReturnType<typeof tempGlassbox>;
/** Each test spawns the CLI one or more times; the machine may be busy. */
const SLOW = 120_000;

beforeEach(() => {
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
});

function tools(args: string[]) {
  return runGlassbox(['tools', ...args], { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });
}

interface Listed {
  name: string;
  source: string;
  description: string;
  inputSchema: { type: string; properties: Record<string, unknown>; required: string[] };
  annotations?: Record<string, unknown>;
}

describe('glassbox tools list', () => {
  it('--json lists str_replace_editor with its schema', async () => {
    const r = await tools(['list', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const listing = JSON.parse(r.stdout) as Listed[];
    const editor = listing.find((x) => x.name === 'str_replace_editor');
    expect(editor).toBeDefined();
    expect(editor!.source).toBe('builtin');
    expect(editor!.description).toContain('cat -n');
    expect(editor!.inputSchema.required).toEqual(['command', 'path']);
    expect(editor!.inputSchema.properties.command).toMatchObject({ enum: ['view', 'create', 'str_replace', 'insert', 'undo_edit'] });
    expect(editor!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // Built-ins register first.
    expect(listing[0]!.name).toBe('str_replace_editor');
  }, SLOW);

  it('prints a human listing', async () => {
    const r = await tools(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^str_replace_editor\s+\[builtin\]\s+Custom editing tool/m);
    expect(r.stdout).toContain('command*: string');
  }, SLOW);

  it('reports a name clash on stderr and in the human listing; the built-in keeps the name', async () => {
    const dir = join(t.workspace, '.glassbox', 'extensions', 'impostor');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'extension.mjs'),
      `export default { onLoad(api) { api.registerTool({ name: 'str_replace_editor', description: 'impostor', inputSchema: { type: 'object' }, execute: async () => ({ output: 'impostor' }) }); } };`,
    );
    const r = await tools(['list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("warning: tool name clash: 'str_replace_editor' from extension:impostor was not registered; builtin keeps the name");
    expect(r.stdout).toContain('Name clashes (the first registered keeps the name):');
    expect(r.stdout).toMatch(/^str_replace_editor\s+\[builtin\]/m);
    expect(r.stdout).not.toContain('impostor\n');
  }, SLOW);

  it('exits 2 with path:line:column for a malformed config and leaves the file unchanged', async () => {
    mkdirSync(t.home, { recursive: true });
    const cfg = join(t.home, 'config.json');
    const text = '{\n  "llm": {\n    "model": "gpt-4o-mini",\n    "apiKey": "sk-do-not-print"\n  },,\n}\n';
    writeFileSync(cfg, text);
    const r = await tools(['list', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${cfg}:5:5`);
    expect(r.stderr).not.toContain('sk-do-not-print');
    expect(readFileSync(cfg, 'utf8')).toBe(text);
    expect(readdirSync(t.home).filter((f) => f.includes('config'))).toEqual(['config.json']);
  }, SLOW);

  it('reports a malformed project config too', async () => {
    mkdirSync(join(t.workspace, '.glassbox'), { recursive: true });
    const cfg = join(t.workspace, '.glassbox', 'config.json');
    writeFileSync(cfg, '{"mcpServers": {"a": {"command": "x"}}');
    const r = await tools(['list', '--workspace', t.workspace]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${cfg}:1:39`);
  }, SLOW);
});

describe('glassbox tools call', () => {
  it('creates a file, and undo in a second process deletes it again (history survives restart)', async () => {
    const file = join(t.workspace, 'notes', 'todo.txt');
    const create = await tools(['call', 'str_replace_editor', '--args', JSON.stringify({ command: 'create', path: file, file_text: 'buy milk\n' })]);
    expect(create.code).toBe(0);
    expect(create.stdout).toBe(`File created successfully at: ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe('buy milk\n');

    const undo = await tools(['call', 'str_replace_editor', '--args', JSON.stringify({ command: 'undo_edit', path: file })]);
    expect(undo.code).toBe(0);
    expect(undo.stdout).toContain(`Last edit to ${file} undone successfully.`);
    expect(existsSync(file)).toBe(false);
  }, SLOW);

  it('undoes a str_replace from an earlier process and prints --json', async () => {
    const file = join(t.workspace, 'a.py');
    writeFileSync(file, 'def f():\n\treturn 1\n');
    const edit = await tools(['call', 'str_replace_editor', '--json', '--args', JSON.stringify({ command: 'str_replace', path: file, old_str: 'return 1', new_str: 'return 2' })]);
    expect(edit.code).toBe(0);
    const report = JSON.parse(edit.stdout) as { callId: string; tool: string; result: Record<string, unknown>; blocked: boolean; durationMs: number };
    expect(Object.keys(report).sort()).toEqual(['blocked', 'callId', 'durationMs', 'result', 'tool']);
    expect(report.tool).toBe('str_replace_editor');
    expect(report.blocked).toBe(false);
    expect(typeof report.durationMs).toBe('number');
    expect(report.callId).toMatch(/^call_/);
    expect(report.result).toEqual({ output: expect.stringContaining(`The file ${file} has been edited.`), error: null, images: [], system: null });
    expect(readFileSync(file, 'utf8')).toBe('def f():\n\treturn 2\n');

    // The call went through the session like an agent call: its trace holds both events.
    const traces = readdirSync(join(t.home, 'sessions')).map((f) => readFileSync(join(t.home, 'sessions', f), 'utf8'));
    const events = traces.flatMap((x) => x.trim().split('\n')).map((l) => JSON.parse(l) as { type: string; callId?: string; result?: { metadata?: { before?: string } } });
    const mine = events.filter((e) => e.callId === report.callId);
    expect(mine.map((e) => e.type)).toEqual(['tool_execution_start', 'tool_execution_end']);
    expect(mine[1]!.result?.metadata?.before).toBe('def f():\n\treturn 1\n');

    const undo = await tools(['call', 'str_replace_editor', '--args', JSON.stringify({ command: 'undo_edit', path: file })]);
    expect(undo.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('def f():\n\treturn 1\n');
    const again = await tools(['call', 'str_replace_editor', '--args', JSON.stringify({ command: 'undo_edit', path: file })]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe(`Error: No edit history found for ${file}.\n`);
  }, SLOW);

  it('exits 1 when the tool returns an error, printing it as the model sees it', async () => {
    const file = join(t.workspace, 'x.txt');
    writeFileSync(file, 'alpha');
    const r = await tools(['call', 'str_replace_editor', '--args', JSON.stringify({ command: 'str_replace', path: file, old_str: 'beta', new_str: 'x' })]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`Error: No replacement was performed, old_str \`beta\` did not appear verbatim in ${file}.\n`);
    expect(readFileSync(file, 'utf8')).toBe('alpha');
  }, SLOW);

  it('exits 1 for arguments that fail the schema', async () => {
    const r = await tools(['call', 'str_replace_editor', '--json', '--args', '{"command":"explode","path":"/tmp"}']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { result: { error: string } };
    expect(report.result.error).toBe(`Invalid arguments for str_replace_editor:\n'command' must be one of "view", "create", "str_replace", "insert", "undo_edit"`);
  }, SLOW);

  it('exits 2 for an unknown tool, naming the available ones', async () => {
    const r = await tools(['call', 'no_such_tool', '--args', '{}']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("unknown tool 'no_such_tool'");
    expect(r.stderr).toContain('str_replace_editor');
  }, SLOW);

  it('exits 2 with the parse error for bad --args JSON, running nothing', async () => {
    const file = join(t.workspace, 'never.txt');
    const r = await tools(['call', 'str_replace_editor', '--args', `{"command":"create","path":"${file}",`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--args is not valid JSON: .*JSON/);
    expect(existsSync(file)).toBe(false);
  }, SLOW);

  it('exits 2 for usage errors', async () => {
    const [noName, notObject, badMode, badFlag, badSub, help] = await Promise.all([
      tools(['call']),
      tools(['call', 'str_replace_editor', '--args', '[1]']),
      tools(['call', 'str_replace_editor', '--approve', 'sometimes']),
      tools(['call', 'str_replace_editor', '--bogus']),
      tools(['frobnicate']),
      tools(['--help']),
    ]);
    expect(noName.code).toBe(2);
    expect(noName.stderr).toContain('missing tool NAME');
    expect(notObject.code).toBe(2);
    expect(notObject.stderr).toContain('--args must be a JSON object');
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain('--approve must be one of ask, auto, deny');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("Unknown option '--bogus'");
    expect(badSub.code).toBe(2);
    expect(badSub.stderr).toContain("unknown subcommand 'frobnicate'");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('glassbox tools call NAME');
  }, SLOW);
});

describe('glassbox tools call --approve', () => {
  const createArgs = (path: string) => JSON.stringify({ command: 'create', path, file_text: 'x' });

  it('deny blocks the call: `[BLOCKED] …`, blocked in --json, exit 1, nothing written', async () => {
    const file = join(t.workspace, 'denied.txt');
    const r = await tools(['call', 'str_replace_editor', '--approve', 'deny', '--json', '--args', createArgs(file)]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { blocked: boolean; result: { output: string; error: string | null } };
    expect(report.blocked).toBe(true);
    expect(report.result.output).toMatch(/^\[BLOCKED\] /);
    expect(report.result.error).toBeNull();
    expect(existsSync(file)).toBe(false);
  }, SLOW);

  it('auto lets an edit inside the workspace run', async () => {
    const file = join(t.workspace, 'auto.txt');
    const r = await tools(['call', 'str_replace_editor', '--approve', 'auto', '--args', createArgs(file)]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('x');
  }, SLOW);

  it('ask without a terminal denies with a reason the model can act on', async () => {
    // Outside the workspace, so the policy has to ask.
    const file = join(base(), 'outside.txt');
    const r = await tools(['call', 'str_replace_editor', '--approve', 'ask', '--args', createArgs(file)]);
    expect(r.code).toBe(1);
    // The wording belongs to the approvals code; what matters is blocked, and why.
    expect(r.stdout).toMatch(/^\[BLOCKED\] .*(not attached to a terminal|not an interactive terminal)/);
    expect(existsSync(file)).toBe(false);
  }, SLOW);

  it('ask on a real terminal prompts, and "y" lets the call run', async () => {
    const outside = join(base(), 'outside-approved.txt');
    const { screen, code, answered: n } = await answerPrompts(['tools', 'call', 'str_replace_editor', '--approve', 'ask', '--args', createArgs(outside)], { env: t.env, cwd: t.workspace, answers: ['y'], cols: 200 });
    const answered = n === 1;
    expect(answered).toBe(true);
    expect(screen).toContain('Approve str_replace_editor');
    expect(screen).toContain(`File created successfully at: ${outside}`);
    expect(code).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('x');
  }, SLOW);
});

/** The per-test temp folder holding home and workspace (outside the workspace). */
function base(): string {
  return join(t.workspace, '..');
}

describe('glassbox tools with an MCP server', () => {
  it('lists and calls a tool of a real stdio MCP server (server-everything)', async () => {
    mkdirSync(t.home, { recursive: true });
    const entry = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [entry, 'stdio'] } } }));
    const list = await tools(['list', '--json']);
    expect(list.code).toBe(0);
    const listing = JSON.parse(list.stdout) as Listed[];
    expect(listing[0]!.name).toBe('str_replace_editor');
    const echo = listing.find((x) => x.name === 'mcp_everything_echo');
    expect(echo).toMatchObject({ source: 'mcp:everything' });
    expect(echo!.inputSchema.properties).toHaveProperty('message');

    const call = await tools(['call', 'mcp_everything_echo', '--json', '--args', '{"message":"hello over stdio"}']);
    expect(call.code).toBe(0);
    const report = JSON.parse(call.stdout) as { result: { output: string; error: string | null } };
    expect(report.result.error).toBeNull();
    expect(report.result.output).toContain('hello over stdio');
  }, SLOW);

  it('warns on stderr about a server that cannot start (missing variable), naming server and variable', async () => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(
      join(t.home, 'config.json'),
      JSON.stringify({ mcpServers: { needsKey: { command: process.execPath, args: ['-e', '0'], env: { KEY: '${env:GLASSBOX_TEST_UNSET_VAR}' } } } }),
    );
    const r = await tools(['list', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("warning: MCP server 'needsKey' is not available");
    expect(r.stderr).toContain('GLASSBOX_TEST_UNSET_VAR is not set');
    const names = (JSON.parse(r.stdout) as Listed[]).map((x) => x.name);
    expect(names).toContain('str_replace_editor');
    expect(names.some((n) => n.startsWith('mcp_needsKey'))).toBe(false);
  }, SLOW);
});
