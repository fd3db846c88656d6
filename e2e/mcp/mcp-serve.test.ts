import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, ROOT, runGlassbox, startGlassbox, tempGlassbox } from '../helpers/cli';

const FIXTURE = join(ROOT, 'e2e', 'fixtures', 'conformance-extension');

/** A temp home with the conformance extension installed and a file in the workspace. */
function setup() {
  const t = tempGlassbox();
  mkdirSync(join(t.home, 'extensions'), { recursive: true });
  mkdirSync(t.workspace, { recursive: true });
  cpSync(FIXTURE, join(t.home, 'extensions', 'conformance-extension'), { recursive: true });
  writeFileSync(join(t.workspace, 'hello.txt'), 'first line\nsecond line\n');
  return t;
}

function rawPost(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

function text(r: CallToolResult): string {
  return r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
}

describe('glassbox mcp serve over stdio (SDK client)', () => {
  const t = setup();
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--approve', 'auto', '--workspace', t.workspace], env: t.env as Record<string, string>, cwd: t.workspace, stderr: 'pipe' }),
    );
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('lists built-in and extension tools with their JSON Schemas as they are', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['str_replace_editor', 'planning', 'test_simple_text', 'test_image_content']));
    expect(names).not.toContain('web_fetch'); // not a default served tool
    const schema = tools.find((t) => t.name === 'json_schema_2020_12_tool')!.inputSchema;
    expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { address: { type: 'object' } }, additionalProperties: false });
    expect(tools.find((t) => t.name === 'test_simple_text')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'str_replace_editor')!.inputSchema).toMatchObject({ type: 'object', properties: { command: expect.anything(), path: expect.anything() } });
  });

  it('calls go through the runner: text, images, errors, validation', async () => {
    const view = (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'view', path: join(t.workspace, 'hello.txt') } })) as CallToolResult;
    expect(text(view)).toContain("Here's the result of running `cat -n`");
    expect(text(view)).toContain('second line');
    expect(view.isError).toBeFalsy();

    const img = (await client.callTool({ name: 'test_image_content', arguments: {} })) as CallToolResult;
    expect(img.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });

    const err = (await client.callTool({ name: 'test_error_handling', arguments: {} })) as CallToolResult;
    expect(err.isError).toBe(true);
    expect(text(err)).toBe('This tool intentionally returns an error for testing');

    const bad = (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'explode' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/Invalid arguments for str_replace_editor/);

    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);

    // Same path as the agent: the calls are in the session file.
    const sessions = readdirSync(join(t.home, 'sessions')).filter((f) => f.endsWith('.jsonl'));
    const trace = sessions.map((f) => readFileSync(join(t.home, 'sessions', f), 'utf8')).join('');
    expect(trace).toMatch(/"type":"tool_execution_end"[^\n]*"tool":"test_error_handling"/);
  });
});

describe('glassbox mcp serve options', () => {
  it('--tools chooses exactly; an unknown name is a usage error', async () => {
    const t = setup();
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--tools', 'test_simple_text,planning'], env: t.env as Record<string, string>, cwd: t.workspace }),
    );
    expect((await client.listTools()).tools.map((x) => x.name).sort()).toEqual(['planning', 'test_simple_text']);
    await client.close();
    const r = await runGlassbox(['mcp', 'serve', '--tools', 'nope'], { env: t.env, cwd: t.workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown tool\(s\) for --tools: nope/);
  }, 60_000);
});

describe('glassbox mcp serve approvals', () => {
  it('a call that needs a human is blocked (isError), nothing happens; an allow rule lets it run', async () => {
    const t = setup();
    const target = join(t.workspace, 'made-by-mcp.txt');
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { mode: 'ask', rules: [{ tool: 'str_replace_editor', match: '*allowed.txt', decision: 'allow' }] } }));
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve'], env: t.env as Record<string, string>, cwd: t.workspace }));
    try {
      const r = (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'create', path: target, file_text: 'x' } })) as CallToolResult;
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/\[BLOCKED\] glassbox mcp serve has nobody to ask/);
      expect(existsSync(target)).toBe(false);
      const allowed = join(t.workspace, 'allowed.txt');
      const ok = (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'create', path: allowed, file_text: 'x' } })) as CallToolResult;
      expect(ok.isError, text(ok)).toBeFalsy();
      expect(readFileSync(allowed, 'utf8')).toBe('x');
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('glassbox mcp serve approval defaults', () => {
  /** Serves with `args` and makes one editor `create` call; returns its result. */
  async function createVia(t: ReturnType<typeof setup>, args: string[], path: string): Promise<CallToolResult> {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', ...args], env: t.env as Record<string, string>, cwd: t.workspace }));
    try {
      return (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'create', path, file_text: 'x' } })) as CallToolResult;
    } finally {
      await client.close();
    }
  }

  it.each([
    ['no config file', undefined],
    ['a config without an approvals section', { llm: { model: 'm' } }],
    ['an empty approvals section', { approvals: {} }],
  ])('with %s, a write outside the workspace is denied: nobody can approve it', async (_label, config) => {
    const t = setup();
    if (config) writeFileSync(join(t.home, 'config.json'), JSON.stringify(config));
    const outside = join(t.home, '..', 'outside.txt');
    const r = await createVia(t, [], outside);
    expect(r.isError, text(r)).toBe(true);
    expect(text(r)).toMatch(/\[BLOCKED\] glassbox mcp serve has nobody to ask/);
    expect(existsSync(outside)).toBe(false);
  }, 60_000);

  it('--approve sets the mode over the config: auto runs a workspace write, deny refuses it', async () => {
    const t = setup();
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { mode: 'auto' } }));
    const denied = await createVia(t, ['--approve', 'deny'], join(t.workspace, 'a.txt'));
    expect(denied.isError, text(denied)).toBe(true);
    expect(existsSync(join(t.workspace, 'a.txt'))).toBe(false);
    writeFileSync(join(t.home, 'config.json'), '{}');
    const ok = await createVia(t, ['--approve', 'auto'], join(t.workspace, 'b.txt'));
    expect(ok.isError, text(ok)).toBeFalsy();
    expect(readFileSync(join(t.workspace, 'b.txt'), 'utf8')).toBe('x');
  }, 60_000);

  it('refuses an unknown --approve value (exit 2)', async () => {
    const t = setup();
    const r = await runGlassbox(['mcp', 'serve', '--approve', 'yolo'], { env: t.env, cwd: t.workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--approve must be one of ask, auto, deny/);
  }, 60_000);
});

describe('glassbox mcp serve --http', () => {
  const t = setup();
  let child: ChildProcess;
  let url = '';
  let firstLine = '';
  const TOKEN = 'test-token-123';
  beforeAll(async () => {
    const s = await startGlassbox(['mcp', 'serve', '--http', '--port', '0', '--token', TOKEN, '--approve', 'auto', '--workspace', t.workspace], { env: t.env, cwd: t.workspace, timeoutMs: 60_000 });
    child = s.child;
    firstLine = s.firstLine;
    url = firstLine.replace('Glassbox MCP: ', '');
  }, 90_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints exactly `Glassbox MCP: http://127.0.0.1:PORT/mcp` first', () => {
    expect(firstLine).toMatch(/^Glassbox MCP: http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('the SDK client lists and calls with the bearer token', async () => {
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    expect((await client.listTools()).tools.map((x) => x.name)).toContain('test_multiple_content_types');
    const r = (await client.callTool({ name: 'test_multiple_content_types', arguments: {} })) as CallToolResult;
    expect(r.content.map((c) => c.type)).toEqual(['text', 'image', 'resource']);
    const e = (await client.callTool({ name: 'test_error_handling', arguments: {} })) as CallToolResult;
    expect(e.isError).toBe(true);
    await client.close();
  });

  it('hands out no cookie (other ports of this host would receive it): the token travels in each request only', async () => {
    for (const target of [`${url}?token=${TOKEN}`, url]) {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${TOKEN}` },
        body: INIT,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      await res.body?.cancel();
    }
  });

  it('missing or wrong token → 401; the SDK client cannot connect without it', async () => {
    expect((await rawPost(url, INIT, {})).status).toBe(401);
    expect((await rawPost(url, INIT, { Authorization: 'Bearer wrong' })).status).toBe(401);
    const client = new Client({ name: 'test', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
  });

  it('bad Host or Origin → 403 even with the token', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const port = new URL(url).port;
    const host = await rawPost(url, INIT, { ...auth, Host: `evil.example.com:${port}` });
    expect(host.status).toBe(403);
    expect(JSON.parse(host.body)).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/Forbidden/) } });
    expect((await rawPost(url, INIT, { ...auth, Origin: 'http://evil.example.com' })).status).toBe(403);
    expect((await rawPost(url, INIT, { ...auth, Origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('bad requests get JSON-RPC errors', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const parse = await rawPost(url, '{not json', auth);
    expect(parse.status).toBe(400);
    expect(JSON.parse(parse.body).error.code).toBe(-32700);
    const noSession = await rawPost(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), auth);
    expect(noSession.status).toBe(400);
    expect(JSON.parse(noSession.body).error.message).toMatch(/session/i);
    const unknown = await rawPost(url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { ...auth, 'Mcp-Session-Id': 'nope' });
    expect(unknown.status).toBe(404);
  });
});

describe('glassbox mcp serve --http without --token', () => {
  it('generates a token, tells it on stderr, and accepts it', async () => {
    const t = setup();
    const s = await startGlassbox(['mcp', 'serve', '--http', '--port', '0'], { env: t.env, cwd: t.workspace, timeoutMs: 60_000 });
    try {
      const url = s.firstLine.replace('Glassbox MCP: ', '');
      const token = await vi.waitFor(() => {
        const told = /Token: (\S+)/.exec(s.output().stderr)?.[1] ?? '';
        expect(told.length).toBeGreaterThanOrEqual(24);
        return told;
      }, { timeout: 30_000 });
      expect((await rawPost(url, INIT, {})).status).toBe(401);
      expect((await rawPost(`${url}?token=${token}`, INIT, {})).status).toBe(200);
      expect((await rawPost(url, INIT, { Authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      s.child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((r) => s.child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  }, 90_000);
});

describe('an SDK v1 client (2025-11-25) asked through ask_human', () => {
  it('gets an elicitation/create request; its answer is what the tool returns', async () => {
    const t = setup();
    const client = new Client({ name: 'v1', version: '1' }, { capabilities: { elicitation: {} } });
    const seen: { message: string; schema: unknown }[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      seen.push({ message: req.params.message, schema: (req.params as { requestedSchema?: unknown }).requestedSchema });
      return { action: 'accept', content: { answer: 'use the staging database' } };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve'], env: t.env as Record<string, string>, cwd: t.workspace }));
    try {
      expect(client.getServerVersion()?.name).toBe('glassbox');
      const r = (await client.callTool({ name: 'ask_human', arguments: { inquire: 'Which database?' } })) as CallToolResult;
      expect(r.isError, text(r)).toBeFalsy();
      expect(text(r)).toBe('use the staging database');
      expect(seen).toEqual([{ message: 'Which database?', schema: expect.objectContaining({ type: 'object', required: ['answer'] }) }]);
      // A declined question is an ordinary answer for the model.
      client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
      const declined = (await client.callTool({ name: 'ask_human', arguments: { inquire: 'Again?' } })) as CallToolResult;
      expect(text(declined)).toMatch(/declined/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a call denied for want of an approver names the rule that allows it', async () => {
    const t = setup();
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { mode: 'ask' } }));
    const client = new Client({ name: 'v1', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve'], env: t.env as Record<string, string>, cwd: t.workspace }));
    try {
      const target = join(t.workspace, 'new.txt');
      const r = (await client.callTool({ name: 'str_replace_editor', arguments: { command: 'create', path: target, file_text: 'x' } })) as CallToolResult;
      expect(r.isError).toBe(true);
      const rule = /add this rule to "approvals\.rules" in (\S+): (\{.*\})/.exec(text(r));
      expect(rule, text(r)).toBeTruthy();
      expect(rule![1]).toBe(join(t.home, 'config.json'));
      // Adding exactly that rule lets the same call run.
      writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { mode: 'ask', rules: [JSON.parse(rule![2])] } }));
    } finally {
      await client.close();
    }
    const again = new Client({ name: 'v1', version: '1' });
    await again.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve'], env: t.env as Record<string, string>, cwd: t.workspace }));
    try {
      const ok = (await again.callTool({ name: 'str_replace_editor', arguments: { command: 'create', path: join(t.workspace, 'new.txt'), file_text: 'x' } })) as CallToolResult;
      expect(ok.isError, text(ok)).toBeFalsy();
      expect(readFileSync(join(t.workspace, 'new.txt'), 'utf8')).toBe('x');
    } finally {
      await again.close();
    }
  }, 60_000);
});
