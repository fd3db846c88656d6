import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, ROOT, tempGlassbox } from '../helpers/cli';

// `glassbox mcp serve` over stdio as an SDK v2 client sees it, once per protocol era: the
// 2025-11-25 handshake (the default) and 2026-07-28 (pinned: server/discover, no session,
// input_required rounds). Resources, prompts, completions and tools that ask their client.

const FIXTURE = join(ROOT, 'e2e', 'fixtures', 'conformance-extension');
// 1×1 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

function setup() {
  const t = tempGlassbox();
  mkdirSync(join(t.home, 'extensions'), { recursive: true });
  mkdirSync(join(t.workspace, 'src'), { recursive: true });
  cpSync(FIXTURE, join(t.home, 'extensions', 'conformance-extension'), { recursive: true });
  writeFileSync(join(t.workspace, 'hello.txt'), 'first line\nsecond line\n');
  writeFileSync(join(t.workspace, 'pixel.png'), PNG);
  writeFileSync(join(t.workspace, 'bytes.bin'), Buffer.from([0, 1, 2, 255, 254]));
  for (let i = 0; i < 150; i++) writeFileSync(join(t.workspace, 'src', `f${String(i).padStart(3, '0')}.ts`), `export const n = ${i};\n`);
  // A secret file outside the workspace, and links to it from inside.
  const outside = join(t.home, '..', 'outside-secret.txt');
  writeFileSync(outside, 'TOP SECRET');
  symlinkSync(outside, join(t.workspace, 'leak.txt'));
  symlinkSync(join(t.home, '..'), join(t.workspace, 'up'));
  symlinkSync(join(t.workspace, 'hello.txt'), join(t.workspace, 'alias.txt'));
  return { ...t, outside };
}

type Era = 'legacy' | 'modern';
/** The model key `mcp serve` runs with: redacted from everything it serves. */
const SECRET = 'sk-test-SECRET-0123456789';

function connect(t: ReturnType<typeof setup>, era: Era, capabilities: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): Promise<Client> {
  const client = new Client(
    { name: 'eras-test', version: '1' },
    { capabilities, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {}) },
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', 'serve', '--approve', 'auto'],
    env: { ...t.env, ...env } as Record<string, string>,
    cwd: t.workspace,
    stderr: 'pipe',
  });
  return client.connect(transport).then(() => client);
}

function texts(r: { content?: unknown }): string {
  return ((r.content as { type: string; text?: string }[]) ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

describe.each<Era>(['legacy', 'modern'])('glassbox mcp serve over stdio, %s era', (era) => {
  const t = setup();
  const asked: string[] = [];
  let client: Client;
  beforeAll(async () => {
    client = await connect(t, era, { elicitation: {}, sampling: {}, roots: {} }, { GLASSBOX_LLM_API_KEY: SECRET });
    client.setRequestHandler('elicitation/create', async (req) => {
      asked.push(req.params.message);
      const props = Object.keys((req.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
      return { action: 'accept', content: Object.fromEntries(props.map((p) => [p, p === 'answer' ? 'blue' : p === 'name' ? 'Ada' : `a ${p}`])) };
    });
    client.setRequestHandler('sampling/createMessage', async () => ({ model: 'test-model', role: 'assistant', content: { type: 'text', text: 'Hello' } }));
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: pathToFileURL(t.workspace).href, name: 'ws' }] }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('speaks the era it was asked for', () => {
    expect(client.getProtocolEra()).toBe(era);
  });

  it('lists the workspace files a page at a time, then the recorded sessions; templates for both', async () => {
    // The SDK client follows nextCursor itself: 150+ files are more than one page of 100.
    const all = (await client.listResources()).resources.map((r) => r.uri);
    expect(all).toContain('test://static-text');
    const files = all.filter((u) => u.startsWith('file:'));
    expect(files).toContain(pathToFileURL(join(t.workspace, 'hello.txt')).href);
    expect(files).toContain(pathToFileURL(join(t.workspace, 'src', 'f149.ts')).href);
    expect(files).toContain(pathToFileURL(join(t.workspace, 'alias.txt')).href);
    // The link that leads outside is not listed.
    expect(files.some((u) => u.endsWith('/leak.txt'))).toBe(false);
    expect(new Set(all).size).toBe(all.length);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((x) => x.uriTemplate)).toEqual(expect.arrayContaining(['file://{+path}', 'glassbox://sessions/{id}', 'test://template/{id}/data']));
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
  });

  it('reads text as text and binary as base64; a link inside is followed', async () => {
    const text = await client.readResource({ uri: pathToFileURL(join(t.workspace, 'hello.txt')).href });
    expect(text.contents[0]).toMatchObject({ mimeType: 'text/plain', text: 'first line\nsecond line\n' });
    const png = await client.readResource({ uri: pathToFileURL(join(t.workspace, 'pixel.png')).href });
    expect(png.contents[0]).toMatchObject({ mimeType: 'image/png', blob: PNG.toString('base64') });
    const bin = await client.readResource({ uri: pathToFileURL(join(t.workspace, 'bytes.bin')).href });
    expect(Buffer.from((bin.contents[0] as { blob: string }).blob, 'base64')).toEqual(Buffer.from([0, 1, 2, 255, 254]));
    const alias = await client.readResource({ uri: pathToFileURL(join(t.workspace, 'alias.txt')).href });
    expect(alias.contents[0]).toMatchObject({ text: 'first line\nsecond line\n' });
  });

  it('refuses what is outside the workspace by real path: links out, .., absolute paths; missing is not-found', async () => {
    for (const p of [join(t.workspace, 'leak.txt'), join(t.workspace, 'up', 'outside-secret.txt'), join(t.workspace, '..', 'outside-secret.txt'), t.outside, '/etc/passwd']) {
      const err = await client.readResource({ uri: pathToFileURL(p).href }).then(
        (r) => r,
        (e: { code: number; message: string }) => e,
      );
      expect(err, p).toMatchObject({ code: -32602 });
      expect(JSON.stringify(err)).not.toContain('TOP SECRET');
    }
    // A missing name under the link that leads out is refused too (no probing outside).
    await expect(client.readResource({ uri: pathToFileURL(join(t.workspace, 'up', 'nope.txt')).href })).rejects.toMatchObject({ code: -32602 });
    // The SDK's not-found error (-32602 with the URI in data, as SEP-2164 has it).
    for (const uri of [pathToFileURL(join(t.workspace, 'missing.txt')).href, 'test://nonexistent']) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/not found/i) });
    }
  });

  it('prompts with arguments: an embedded file, an image, plain text; missing arguments are refused', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['review_file', 'plan_task', 'test_prompt_with_arguments']));
    const review = await client.getPrompt({ name: 'review_file', arguments: { path: join(t.workspace, 'hello.txt'), focus: 'naming' } });
    expect(review.messages[0].content).toMatchObject({ type: 'resource', resource: { text: 'first line\nsecond line\n' } });
    expect(texts({ content: review.messages.map((m) => m.content) })).toContain('Focus on: naming');
    const image = await client.getPrompt({ name: 'review_file', arguments: { path: join(t.workspace, 'pixel.png') } });
    expect(image.messages[0].content).toMatchObject({ type: 'image', mimeType: 'image/png', data: PNG.toString('base64') });
    const plan = await client.getPrompt({ name: 'plan_task', arguments: { task: 'rename foo' } });
    expect(texts({ content: plan.messages.map((m) => m.content) })).toContain('Task: rename foo');
    await expect(client.getPrompt({ name: 'plan_task', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: 'review_file', arguments: { path: t.outside } })).rejects.toMatchObject({ code: -32602 });
  });

  it('completes prompt arguments and template variables', async () => {
    const path = await client.complete({ ref: { type: 'ref/prompt', name: 'review_file' }, argument: { name: 'path', value: join(t.workspace, 'hel') } });
    expect(path.completion.values).toEqual([join(t.workspace, 'hello.txt')]);
    const dir = await client.complete({ ref: { type: 'ref/resource', uri: 'file://{+path}' }, argument: { name: 'path', value: join(t.workspace, 'sr') } });
    expect(dir.completion.values).toEqual([join(t.workspace, 'src') + '/']);
    const ids = await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '4' } });
    expect(ids.completion.values).toEqual(['456']);
    const ctx = await client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg2', value: '' }, context: { arguments: { arg1: 'paris' } } });
    expect(ctx.completion.values).toEqual(['paris-one', 'paris-two']);
  });

  it('a subscribed workspace file tells the client when it changes (2025: resources/subscribe, 2026: a listen stream)', async () => {
    const file = join(t.workspace, 'watched.txt');
    writeFileSync(file, 'v1\n');
    const uri = pathToFileURL(file).href;
    let heard: string | undefined;
    client.setNotificationHandler('notifications/resources/updated', async (n) => void (heard = n.params.uri));
    let stop: (() => Promise<void>) | undefined;
    if (era === 'legacy') {
      await client.subscribeResource({ uri });
      stop = () => client.unsubscribeResource({ uri }).then(() => undefined);
    } else {
      const sub = await client.listen({ resourceSubscriptions: [uri] });
      expect(sub.honoredFilter.resourceSubscriptions).toEqual([uri]);
      stop = () => sub.close();
    }
    // The server watches the file from some moment after the subscription: change it until heard.
    let version = 1;
    await vi.waitFor(() => {
      if (heard === undefined) writeFileSync(file, `v${++version}\n`);
      expect(heard).toBe(uri);
    }, { timeout: 60_000, interval: 500 });
    await stop();
  });

  it('ask_human becomes an elicitation to this client, and the answer reaches the tool', async () => {
    const r = await client.callTool({ name: 'ask_human', arguments: { inquire: 'Favourite colour?' } });
    expect(r.isError, texts(r)).toBeFalsy();
    expect(texts(r)).toBe('blue');
    expect(asked).toContain('Favourite colour?');
  });

  it('extension tools ask the client for a form, a completion and its roots in one go', async () => {
    const r = await client.callTool({ name: 'test_input_required_result_multiple_inputs', arguments: {} });
    expect(texts(r)).toBe('Hello Ada — 1 root(s) visible');
    const two = await client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} });
    expect(texts(two)).toBe('Multi-round complete: Ada likes a color');
  });

  it('recorded sessions are resources: a summary and the JSONL, secrets redacted', async () => {
    const secret = SECRET;
    const sessions = join(t.home, 'sessions');
    mkdirSync(sessions, { recursive: true });
    const ev = (seq: number, rest: object) => JSON.stringify({ seq, ts: 1700000000000 + seq, session: 's-old', ...rest });
    writeFileSync(
      join(sessions, 's-old.jsonl'),
      [ev(1, { type: 'agent_start', task: `use key ${secret}` }), ev(2, { type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' } })].join('\n') + '\n',
    );
    const r = await client.readResource({ uri: 'glassbox://sessions/s-old' });
    const [summary, jsonl] = r.contents as { mimeType: string; text: string }[];
    expect(summary.mimeType).toBe('text/markdown');
    expect(summary.text).toContain('tool calls: bash ×1');
    expect(jsonl.mimeType).toBe('application/jsonl');
    expect(jsonl.text.trim().split('\n').map((l) => JSON.parse(l).type)).toEqual(['agent_start', 'tool_execution_start']);
    expect(JSON.stringify(r)).not.toContain(secret);
    await expect(client.readResource({ uri: 'glassbox://sessions/..%2Fconfig' })).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
  });
});

describe.each<Era>(['legacy', 'modern'])('a %s client without the capability gets an answer, not a hang', (era) => {
  const t = setup();
  let client: Client;
  beforeAll(async () => {
    client = await connect(t, era, {});
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('ask_human: a clear error at once', async () => {
    // "At once": waiting for an answer that cannot come would outlast the test's timeout.
    const outcome = await client.callTool({ name: 'ask_human', arguments: { inquire: 'Anyone?' } }).then(
      (r) => ({ tool: texts(r), isError: r.isError }),
      (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
    );
    if (era === 'legacy') {
      expect(outcome).toMatchObject({ isError: true });
      expect(JSON.stringify(outcome)).toMatch(/did not declare the 'elicitation' capability/);
    } else {
      // 2026-07-28: the spec's MissingRequiredClientCapability error.
      expect(outcome).toMatchObject({ code: -32021 });
    }
  });
});
