import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runGlassbox } from '../helpers/cli';
import { useAgentFixtures, ofType, readSessionLines, requestText, runJson, TEST_KEY, WIRES, CLI_TIMEOUT_MS, type AgentFixture } from './agent-harness';

// End to end: the real `glassbox run` against a scripted model over HTTP, in both wire formats.
// Needs `npm run build` first (npm test builds).

// Each case spawns the CLI several times; on a loaded 2-core machine one start can take 10 s+.
vi.setConfig({ testTimeout: 300_000 });

const fixture = useAgentFixtures();

function toolNames(f: AgentFixture, i: number): string[] {
  const tools = (f.model.requests[i].body.tools ?? []) as Array<{ name?: string; function?: { name: string } }>;
  return tools.map((t) => t.function?.name ?? t.name ?? '');
}

describe.each(WIRES)('glassbox run --json (%s wire format)', (wire) => {
  it('views, edits and runs a file, then terminates', async () => {
    const f = await fixture(wire, []);
    const app = join(f.workspace, 'app.py');
    writeFileSync(app, 'print("hello")\n');
    f.model.push(
      { text: 'I will look at the file first.', toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: app } }] },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: app, old_str: 'print("hello")', new_str: 'print("hello, glassbox")' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: `python3 ${app}` } }] },
      { text: 'The script now prints hello, glassbox.', toolCalls: [{ name: 'terminate', arguments: { status: 'success' } }] },
    );
    const r = await runJson(f, 'make app.py greet glassbox', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(app, 'utf8')).toBe('print("hello, glassbox")\n');

    const ev = r.events;
    // The envelope: seq 1, 2, …; ts; one session id.
    expect(ev.map((e) => e.seq)).toEqual(ev.map((_, i) => i + 1));
    expect(new Set(ev.map((e) => e.session)).size).toBe(1);
    expect(ev.every((e) => typeof e.ts === 'number')).toBe(true);
    expect(ev[0]).toMatchObject({ type: 'agent_start', task: 'make app.py greet glassbox' });
    expect(ev[ev.length - 1]).toMatchObject({ type: 'agent_end', reason: 'finished' });
    for (const t of ['turn_start', 'turn_end', 'message_start', 'message_update', 'message_end', 'model_request', 'model_response', 'tool_execution_start', 'tool_execution_end']) {
      expect(ofType(ev, t).length, t).toBeGreaterThan(0);
    }
    const ends = ofType(ev, 'tool_execution_end');
    expect(ends.map((e) => e.tool)).toEqual(['str_replace_editor', 'str_replace_editor', 'bash', 'terminate']);
    const bashEnd = ends[2] as unknown as { result: { output: string } };
    expect(bashEnd.result.output).toContain('hello, glassbox');
    const streamed = ofType(ev, 'message_update').map((e) => e.delta).join('');
    expect(streamed).toContain('I will look at the file first.');
    // Every tool call id in the model's turns was answered in the next request.
    expect(f.model.requests.length).toBe(4);
    expect(requestText(f, 3)).toContain('hello, glassbox');
    expect(requestText(f, 1)).toContain("Here's the result of running `cat -n`");
    expect(toolNames(f, 0)).toEqual(expect.arrayContaining(['str_replace_editor', 'bash', 'terminate']));
    // The default system prompt names the workspace.
    expect(JSON.stringify(f.model.requests[0].body)).toContain(f.workspace);
    // The session file holds the same events; the API key appears nowhere.
    const lines = readSessionLines(f, ev[0].session);
    expect(lines.length).toBe(ev.length);
    expect(lines.join('\n')).not.toContain(TEST_KEY);
    expect(r.stdout).not.toContain(TEST_KEY);
    expect(f.model.requests[0].headers.authorization ?? f.model.requests[0].headers['x-api-key']).toContain(TEST_KEY);
  });

  it('ends with a final answer on stdout when the model calls no tool', async () => {
    const f = await fixture(wire, [{ text: 'The answer is 42.' }]);
    const r = await runGlassbox(['run', 'what is the answer?', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('The answer is 42.\n');
    expect(r.stderr).toContain('finished');
  });

  it('answers malformed arguments and unknown tools with errors the model sees, and goes on', async () => {
    const f = await fixture(wire, [
      { toolCalls: [{ name: 'str_replace_editor', arguments: '{"command": "view", "path": ' }] },
      { toolCalls: [{ name: 'launch_rockets', arguments: { count: 3 } }] },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'explode', path: '/tmp' } }] },
      { text: 'I could not do it.' },
    ]);
    const r = await runJson(f, 'try things', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    const ends = ofType(r.events, 'tool_execution_end') as unknown as Array<{ result: { error: string | null } }>;
    expect(ends).toHaveLength(3);
    expect(ends[0].result.error).toContain('malformed JSON');
    expect(ends[1].result.error).toContain("Unknown tool 'launch_rockets'");
    expect(ends[2].result.error).toMatch(/Invalid arguments for str_replace_editor/);
    expect(requestText(f, 1)).toContain('malformed JSON');
    expect(requestText(f, 2)).toContain("Unknown tool 'launch_rockets'");
    expect(requestText(f, 3)).toContain('Invalid arguments for str_replace_editor');
    expect(r.events[r.events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'finished' });
  });

  it('retries a 429 and succeeds; a persistent 500 fails with the endpoint and status', async () => {
    const f = await fixture(wire, [{ status: 429 }, { text: 'worked after a retry' }]);
    const r = await runJson(f, 'hello');
    expect(r.code, r.stderr).toBe(0);
    expect(f.model.requests).toHaveLength(2);
    expect(ofType(r.events, 'model_retry')).toEqual([expect.objectContaining({ attempt: 1, maxRetries: 2, status: 429 })]);
    expect(ofType(r.events, 'message_end').some((e) => e.content === 'worked after a retry')).toBe(true);

    const g = await fixture(wire, [{ status: 500 }, { status: 500 }, { status: 500 }, { text: 'never reached' }]);
    const s = await runJson(g, 'hello');
    expect(s.code).toBe(1);
    expect(g.model.requests).toHaveLength(3); // 1 + GLASSBOX_LLM_MAX_RETRIES=2
    const end = s.events[s.events.length - 1];
    expect(end).toMatchObject({ type: 'agent_end', reason: 'error' });
    expect(String(end.error)).toContain('127.0.0.1');
    expect(String(end.error)).toContain('HTTP 500');
    // The status once, then the server's own text (the SDK's "500 " prefix dropped).
    expect(String(end.error)).toMatch(/HTTP 500: scripted error 500$/);
    expect(s.stderr).toContain('HTTP 500');
    // The failed request and the response body, for the inspector.
    const failed = ofType(s.events, 'model_error')[0]!;
    expect(failed).toMatchObject({ status: 500, attempts: 3, message: 'scripted error 500' });
    expect(JSON.stringify((failed.wire as { request: unknown }).request)).toContain('hello');
    expect(JSON.stringify((failed.wire as { response: unknown }).response)).toContain('scripted error 500');
  });

  it('a before-hook from an extension blocks a call: [BLOCKED] for the model, blocked in the event', async () => {
    const f = await fixture(wire, []);
    const target = join(f.workspace, 'forbidden.txt');
    const ext = join(f.home, 'extensions', 'no-create');
    mkdirSync(ext, { recursive: true });
    writeFileSync(
      join(ext, 'extension.mjs'),
      `export default { onLoad(api) { api.addBeforeToolHook((call) => call.tool === 'str_replace_editor' && call.args.command === 'create' ? { blocked: true, reason: 'creating files is not allowed here' } : undefined); } };\n`,
    );
    f.model.push({ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: target, file_text: 'x' } }] }, { text: 'ok, blocked' });
    const r = await runJson(f, 'create a file', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(target)).toBe(false);
    const end = ofType(r.events, 'tool_execution_end')[0] as unknown as { blocked?: boolean; result: { output: string } };
    expect(end.blocked).toBe(true);
    expect(end.result.output).toBe('[BLOCKED] creating files is not allowed here');
    expect(requestText(f, 1)).toContain('[BLOCKED] creating files is not allowed here');
  });

  it('images from a tool result reach the model, each wire format in its own way', async () => {
    const f = await fixture(wire, []);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const ext = join(f.home, 'extensions', 'camera');
    mkdirSync(ext, { recursive: true });
    writeFileSync(
      join(ext, 'extension.mjs'),
      `export default { onLoad(api) { api.registerTool({ name: 'snap', description: 'takes a picture', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true }, async execute() { return { output: 'here is the picture', images: [{ data: '${png}', mimeType: 'image/png' }] }; } }); } };\n`,
    );
    f.model.push({ toolCalls: [{ name: 'snap', arguments: {} }] }, { text: 'a single pixel' });
    const r = await runJson(f, 'take a picture', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    const messages = f.model.requests[1].body.messages as Array<{ role: string; content: unknown }>;
    if (wire === 'openai') {
      // tool message with the text, then a user message carrying the image
      const i = messages.findIndex((m) => m.role === 'tool');
      expect(messages[i].content).toBe('here is the picture');
      expect(JSON.stringify(messages[i + 1])).toContain(`data:image/png;base64,${png}`);
      expect(messages[i + 1].role).toBe('user');
    } else {
      const last = messages[messages.length - 1] as { role: string; content: Array<{ type: string; content?: Array<{ type: string; source?: { data: string } }> }> };
      const result = last.content.find((b) => b.type === 'tool_result');
      expect(result?.content?.map((b) => b.type)).toEqual(['text', 'image']);
      expect(result?.content?.[1].source?.data).toBe(png);
    }
  });

  it('approvals: a rule allows one edit, an unanswerable ask (no TTY) denies the other', async () => {
    const f = await fixture(wire, []);
    const allowed = join(f.workspace, 'allowed.txt');
    const denied = join(f.workspace, 'denied.txt');
    writeFileSync(
      join(f.home, 'config.json'),
      JSON.stringify({ approvals: { mode: 'ask', rules: [{ tool: 'str_replace_editor', match: '*/allowed.txt', decision: 'allow' }] } }),
    );
    f.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: allowed, file_text: 'yes\n' } }] },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: denied, file_text: 'no\n' } }] },
      { text: 'one of two' },
    );
    const r = await runJson(f, 'create two files');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(allowed, 'utf8')).toBe('yes\n');
    expect(existsSync(denied)).toBe(false);
    const requested = ofType(r.events, 'approval_requested');
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({ tool: 'str_replace_editor', args: { path: denied } });
    expect(ofType(r.events, 'approval_resolved')[0]).toMatchObject({ requestId: requested[0].requestId, decision: 'deny' });
    const ends = ofType(r.events, 'tool_execution_end');
    expect(ends[0].blocked).toBeUndefined();
    expect(ends[1].blocked).toBe(true);
    expect(requestText(f, 2)).toContain('not attached to a terminal');
    expect(r.stderr).toContain('not a TTY');
  });
});

describe('glassbox run exit codes', () => {
  it('3 at max steps; 2 for usage and config errors, with the reason on stderr', async () => {
    const loop = { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: '/tmp' } }] };
    const f = await fixture('openai', [loop, loop, loop, { text: 'never' }]);
    const r = await runJson(f, 'loop forever', ['--max-steps', '2', '--approve', 'auto']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.events[r.events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'max_steps' });
    expect(ofType(r.events, 'turn_start')).toHaveLength(2);
    expect(f.model.requests).toHaveLength(2);

    const noModel = await runGlassbox(['run', 'hi', '--workspace', f.workspace], { env: { ...f.env, GLASSBOX_LLM_MODEL: '' }, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toContain('GLASSBOX_LLM_MODEL');
    const badFlag = await runGlassbox(['run', 'hi', '--approve', 'sometimes'], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('--approve must be one of ask, auto, deny');
    const noSession = await runGlassbox(['run', 'hi', '--session', 'does-not-exist'], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(noSession.code).toBe(2);
    expect(noSession.stderr).toContain("no saved session 'does-not-exist'");
    expect(f.model.requests).toHaveLength(2); // none of the failed starts reached the model

    // The model gives up via terminate(failure): finished for the events, 1 for scripts.
    const g = await fixture('openai', [{ text: 'I cannot do this.', toolCalls: [{ name: 'terminate', arguments: { status: 'failure' } }] }]);
    const gaveUp = await runGlassbox(['run', 'impossible', '--workspace', g.workspace], { env: g.env, cwd: g.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(gaveUp.code).toBe(1);
    expect(gaveUp.stdout).toBe('I cannot do this.\n');
    expect(gaveUp.stderr).toContain('terminate status "failure"');
  });
});
