// @lane integration: a session with the real shell
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { GlassboxSession } from './glassbox-session';

// Real-world wire behaviour, each against the provider's own documented stream (the scripted
// server speaks Anthropic Messages SSE and OpenAI Chat Completions SSE), through a real session.

vi.setConfig({ testTimeout: 120_000 });

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

type Api = 'anthropic' | 'openai';

async function run(api: Api, script: ScriptedTurn[], opts: { config?: unknown } = {}) {
  const base = mkdtempSync(join(tmpdir(), 'gb-wire-'));
  const workspace = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(home, { recursive: true });
  if (opts.config) writeFileSync(join(home, 'config.json'), JSON.stringify(opts.config));
  const model: ScriptedModelServer = await startScriptedModelServer(script);
  open.push(model);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GLASSBOX_HOME: home,
    GLASSBOX_LLM_PROVIDER: api,
    GLASSBOX_LLM_BASE_URL: api === 'openai' ? model.openaiBaseURL : model.anthropicBaseURL,
    GLASSBOX_LLM_MODEL: 'scripted',
    GLASSBOX_LLM_API_KEY: 'k-wire',
    GLASSBOX_DISABLE_BROWSER: '1',
  };
  const session = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false, approveMode: 'auto', record: false });
  open.push(session);
  const events: GlassboxEvent[] = [];
  session.bus.subscribe('*', (e) => void events.push(e));
  return { session, model, events, workspace };
}

const toolResults = (events: GlassboxEvent[]) =>
  events.filter((e): e is Extract<GlassboxEvent, { type: 'message_end' }> => e.type === 'message_end' && e.role === 'tool');

describe.each<Api>(['anthropic', 'openai'])('%s wire', (api) => {
  it('parallel tool calls in one turn: both run, both answered in order', async () => {
    const { session, model } = await run(api, [
      { toolCalls: [{ name: 'planning', arguments: { command: 'create', plan_id: 'p', title: 'T', steps: ['a'] } }, { name: 'str_replace_editor', arguments: { command: 'view', path: '.' } }] },
      { text: 'done' },
    ]);
    expect(await session.send('go')).toMatchObject({ reason: 'finished', finalText: 'done' });
    const sent = JSON.stringify(model.requests[1].body.messages);
    const ids = api === 'openai' ? [...sent.matchAll(/"tool_call_id":"([^"]+)"/g)].map((m) => m[1]) : [...sent.matchAll(/"tool_use_id":"([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('an empty argument string is treated as {}', async () => {
    const { session, events, model } = await run(api, [{ toolCalls: [{ name: 'terminate', arguments: '' }] }, { text: 'after' }]);
    await session.send('go');
    const [result] = toolResults(events);
    // terminate's own complaint about its missing status — not a JSON error.
    expect(result.content).not.toMatch(/malformed JSON/);
    if (api === 'openai') expect(JSON.stringify(model.requests.at(-1)?.body.messages ?? [])).not.toContain('"arguments":""');
  });

  it('usage reported only at the end of the stream is recorded', async () => {
    const { session, events } = await run(api, [{ text: 'hi', usage: { inputTokens: 1234, outputTokens: 56 } }]);
    await session.send('go');
    const resp = events.find((e): e is Extract<GlassboxEvent, { type: 'model_response' }> => e.type === 'model_response')!;
    expect(resp.usage).toMatchObject({ inputTokens: 1234, outputTokens: 56 });
    expect(resp.usage?.estimated).toBeUndefined();
  });

  it('a tool call cut off by the output limit: the model gets a clear error and the loop goes on', async () => {
    const stopReason = api === 'openai' ? 'length' : 'max_tokens';
    const { session, events, workspace } = await run(api, [
      { toolCalls: [{ name: 'str_replace_editor', arguments: '{"command":"create","path":"big.txt","file_text":"aaaa' }], stopReason },
      { text: 'I will write it in parts.' },
    ]);
    const result = await session.send('write a big file');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'I will write it in parts.' });
    const [cut] = toolResults(events);
    expect(cut.isError).toBe(true);
    expect(cut.content).toContain(`cut off by the output limit (stop reason "${stopReason}")`);
    expect(events.some((e) => e.type === 'tool_execution_start')).toBe(false);
    expect(existsSync(join(workspace, 'big.txt'))).toBe(false);
  });

  it('a refusal / content-filter stop ends the run clearly, nothing of the turn is run', async () => {
    const stopReason = api === 'openai' ? 'content_filter' : 'refusal';
    const { session, events } = await run(api, [{ text: 'I can', toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }], stopReason }]);
    const result = await session.send('do something bad');
    expect(result.reason).toBe('error');
    expect(result.error).toContain(`"${stopReason}"`);
    expect(events.some((e) => e.type === 'tool_execution_start')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'agent_end', reason: 'error' });
  });

  it('a context-window overflow: compact, then retry once', async () => {
    const overflow: ScriptedTurn =
      api === 'openai'
        ? { status: 400, errorCode: 'context_length_exceeded', errorMessage: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens." }
        : { status: 400, errorMessage: 'prompt is too long: 210000 tokens > 200000 maximum' };
    const long = 'x'.repeat(3000);
    // Three runs, so the long early turns lie outside the recent messages compaction keeps.
    const history = (): ScriptedTurn[] => [
      { toolCalls: [{ name: 'planning', arguments: { command: 'create', plan_id: 'p', title: long, steps: [long] } }] },
      { text: 'step 1' },
      { text: 'ok 2' },
      { text: 'ok 3' },
      { toolCalls: [{ name: 'planning', arguments: { command: 'get', plan_id: 'p' } }] },
    ];
    const { session, events, model } = await run(api, [...history(), overflow, { text: 'summary of the conversation' }, { text: 'fits now' }]);
    for (const m of ['one', 'two', 'three']) await session.send(m);
    const result = await session.send('four');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'fits now' });
    expect(events.some((e) => e.type === 'compaction_end')).toBe(true);
    // The retried request carries the summary, not the old turns.
    expect(JSON.stringify(model.requests.at(-1)!.body.messages)).toContain('Summary of the conversation so far');
    // Retried once only: a second overflow in the same step ends the run with the server's words.
    const again = await run(api, [...history(), overflow, { text: 'summary' }, overflow]);
    for (const m of ['one', 'two', 'three']) await again.session.send(m);
    const second = await again.session.send('four');
    expect(second.reason).toBe('error');
    expect(second.error).toMatch(/HTTP 400/);
    expect(again.model.remaining()).toBe(0);
  });

  it('overloaded (529) with retry-after: waits as told, then succeeds', async () => {
    const { session, events } = await run(api, [{ status: 529, retryAfter: 1, errorMessage: 'Overloaded' }, { text: 'ok now' }]);
    expect(await session.send('go')).toMatchObject({ reason: 'finished', finalText: 'ok now' });
    const retry = events.find((e): e is Extract<GlassboxEvent, { type: 'model_retry' }> => e.type === 'model_retry')!;
    expect(retry).toMatchObject({ status: 529, delayMs: 1000, attempt: 1 });
    expect(retry.error).toContain('Overloaded');
  });
});
