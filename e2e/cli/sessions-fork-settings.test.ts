import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { ofType, parseJsonLines, runJson, sessionFile, useAgentFixtures, type AgentFixture } from '../agent/agent-harness';
import { runGlassbox } from '../helpers/cli';

// A fork from a model turn with other model settings — provider, model, temperature, thinking —
// through `glassbox sessions fork`, against the scripted model speaking each wire format (Chat
// Completions, Anthropic Messages, OpenAI Responses): the fork's first request carries the new
// fields (or goes to the other configured endpoint), the parent's requests did not, the fork's
// agent_start records what changed from what, and refused settings are usage errors naming why.

vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();
const extra: ScriptedModelServer[] = [];

function cli(f: AgentFixture, ...args: string[]) {
  return runGlassbox(args, { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
}

function config(f: AgentFixture, cfg: Record<string, unknown>): void {
  writeFileSync(join(f.home, 'config.json'), JSON.stringify(cfg));
}

/** A one-step parent run; returns its id and the seq of its model request. */
async function parent(f: AgentFixture): Promise<{ id: string; at: number }> {
  const r = await runJson(f, 'say hello', ['--approve', 'auto']);
  expect(r.code, r.stderr).toBe(0);
  return { id: r.events[0]!.session, at: ofType(r.events, 'model_request')[0]!.seq };
}

async function fork(f: AgentFixture, id: string, at: number, ...flags: string[]) {
  const r = await cli(f, 'sessions', 'fork', id, '--at', String(at), '--live', '--approve', 'deny', '--json', ...flags);
  return { ...r, events: r.code === 0 ? parseJsonLines(r.stdout) : [] };
}

describe('glassbox sessions fork with other model settings', () => {
  it('Chat Completions: --temperature and --thinking reach the fork\'s first request, not the parent\'s; diff says "temperature 1 → 0.2"', async () => {
    const f = await fixture('openai', [{ text: 'Hello from the parent.' }]);
    config(f, { llm: { temperature: 1 } });
    const p = await parent(f);
    expect(f.model.requests[0]!.path).toMatch(/\/chat\/completions$/);
    expect(f.model.requests[0]!.body).toMatchObject({ temperature: 1 });
    expect(f.model.requests[0]!.body).not.toHaveProperty('reasoning_effort');

    f.model.push({ text: 'Hello from the fork.' });
    const before = f.model.requests.length;
    const r = await fork(f, p.id, p.at, '--temperature', '0.2', '--thinking', 'high');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('temperature, thinking changed');
    const first = f.model.requests[before]!;
    expect(first.body).toMatchObject({ temperature: 0.2, reasoning_effort: 'high', model: 'scripted' });
    const start = ofType(r.events, 'agent_start')[0]!;
    expect(start.changed).toMatchObject({
      what: 'model',
      temperature: 0.2,
      thinking: 'high',
      from: { provider: 'default', model: 'scripted', temperature: 1, thinking: null },
      to: { provider: 'default', api: 'chat', model: 'scripted', temperature: 0.2, thinking: 'high', endpoint: f.model.openaiBaseURL },
    });
    // The fork's model request records what it asked for.
    expect(ofType(r.events, 'model_request')[0]!.request).toMatchObject({ providerId: 'default', temperature: 0.2, thinking: 'high' });

    const diff = await cli(f, 'sessions', 'diff', p.id, start.session);
    expect(diff.stdout).toContain("B's fork changed: temperature 1 → 0.2; thinking default → high");
    const json = JSON.parse((await cli(f, 'sessions', 'diff', p.id, start.session, '--json')).stdout) as { forkChange: { fork: string; lines: string[] } };
    expect(json.forkChange).toMatchObject({ fork: 'right', lines: ['temperature 1 → 0.2', 'thinking default → high'] });

    // Refused before anything is made: each a usage error saying why.
    const refused = async (flags: string[], why: string) => {
      const n = f.model.requests.length;
      const x = await fork(f, p.id, p.at, ...flags);
      expect(x.code, x.stderr).toBe(2);
      expect(x.stderr).toContain(why);
      expect(f.model.requests.length).toBe(n);
    };
    await refused(['--temperature', '3'], 'temperature is a number from 0 to 2');
    await refused(['--temperature', 'warm'], '--temperature: temperature is a number from 0 to 2');
    await refused(['--thinking', '100'], 'a thinking budget is at least 1,024 tokens');
    await refused(['--thinking', 'lots'], 'thinking is off, low, medium, high or a token budget');
    // Chat servers other than OpenRouter take an effort only; this one has no common "off" either.
    await refused(['--thinking', '8000'], 'does not take a token budget for thinking');
    await refused(['--thinking', 'off'], 'does not take turning thinking off');
    await refused(['--provider', 'nope'], 'unknown provider "nope": the configured ones are default');
    await refused(['--temperature', '0.5', '--message', 'x'], 'a fork changes one thing: got --message and --temperature');
  });

  it('Anthropic Messages: --thinking sends a budget, --temperature within 0–1, and no temperature with thinking on', async () => {
    const f = await fixture('anthropic', [{ text: 'Parent answer.' }]);
    const p = await parent(f);
    expect(f.model.requests[0]!.path).toMatch(/\/v1\/messages$/);
    expect(f.model.requests[0]!.body).not.toHaveProperty('thinking');
    expect(f.model.requests[0]!.body).not.toHaveProperty('temperature');

    f.model.push({ thinking: ['Weighing it up.'], text: 'Fork answer after thinking.' });
    let before = f.model.requests.length;
    const r = await fork(f, p.id, p.at, '--thinking', '2048');
    expect(r.code, r.stderr).toBe(0);
    expect(f.model.requests[before]!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 } });
    expect(ofType(r.events, 'message_end').find((e) => e.role === 'assistant')).toMatchObject({ thinking: 'Weighing it up.' });

    f.model.push({ text: 'Cooler answer.' });
    before = f.model.requests.length;
    const t = await fork(f, p.id, p.at, '--temperature', '0.3');
    expect(t.code, t.stderr).toBe(0);
    expect(f.model.requests[before]!.body).toMatchObject({ temperature: 0.3 });
    expect(f.model.requests[before]!.body).not.toHaveProperty('thinking');

    for (const [flags, why] of [
      [['--temperature', '1.5'], 'temperature 1.5 is out of range for Anthropic’s Messages API: 0 to 1'],
      [['--temperature', '0.5', '--thinking', '4000'], 'Anthropic takes no temperature while thinking is on'],
      [['--model', 'claude-3-opus-20240229', '--thinking', 'high'], 'claude-3-opus-20240229 has no extended thinking'],
    ] as const) {
      const x = await fork(f, p.id, p.at, ...flags);
      expect(x.code, x.stderr).toBe(2);
      expect(x.stderr).toContain(why);
    }
  });

  it('OpenAI Responses: --model with --thinking sends the reasoning effort; a budget is refused', async () => {
    const f = await fixture('openai', [{ text: 'Parent over Responses.' }]);
    config(f, { llm: { api: 'responses' } });
    const p = await parent(f);
    expect(f.model.requests[0]!.path).toMatch(/\/responses$/);
    expect(f.model.requests[0]!.body).not.toHaveProperty('reasoning');

    f.model.push({ thinking: ['Reasoning summary.'], text: 'Fork over Responses.' });
    const before = f.model.requests.length;
    const r = await fork(f, p.id, p.at, '--model', 'o4-mini', '--thinking', 'low');
    expect(r.code, r.stderr).toBe(0);
    expect(f.model.requests[before]!.body).toMatchObject({ model: 'o4-mini', reasoning: { effort: 'low', summary: 'auto' }, include: ['reasoning.encrypted_content'] });
    expect(ofType(r.events, 'agent_start')[0]!.changed).toMatchObject({ what: 'model', model: 'o4-mini', thinking: 'low', from: { model: 'scripted' }, to: { api: 'responses', model: 'o4-mini', thinking: 'low' } });

    for (const [flags, why] of [
      [['--model', 'o4-mini', '--thinking', '8000'], 'OpenAI’s Responses API does not take a token budget for thinking'],
      [['--thinking', 'high'], 'scripted is not a reasoning model'],
      [['--model', 'o3', '--temperature', '0.2'], 'o3 is a reasoning model: the Responses API takes no temperature for it'],
    ] as const) {
      const x = await fork(f, p.id, p.at, ...flags);
      expect(x.code, x.stderr).toBe(2);
      expect(x.stderr).toContain(why);
    }
  });

  it('--provider sends the fork to another configured endpoint (its own wire, model and key); a resumed fork stays there', async () => {
    const f = await fixture('openai', [{ text: 'Parent on the first server.' }]);
    const second = await startScriptedModelServer([{ text: 'Fork on the second server.' }, { text: 'Resumed on the second server.' }]);
    extra.push(second);
    const secondKey = 'sk-second-SECRET-987654321';
    config(f, { llm: { providers: { second: { provider: 'anthropic', baseURL: second.anthropicBaseURL, apiKey: secondKey, model: 'second-model', temperature: 0.7 } } } });
    try {
      const p = await parent(f);
      const firstCount = f.model.requests.length;
      const r = await fork(f, p.id, p.at, '--provider', 'second');
      expect(r.code, r.stderr).toBe(0);
      // The fork's requests went to the second server in its wire format, with its model and key; the first got none.
      expect(f.model.requests.length).toBe(firstCount);
      expect(second.requests[0]!.path).toMatch(/\/v1\/messages$/);
      expect(second.requests[0]!.body).toMatchObject({ model: 'second-model', temperature: 0.7 });
      expect(second.requests[0]!.headers.authorization ?? second.requests[0]!.headers['x-api-key']).toContain(secondKey);
      // The parent's requests never went there.
      expect(f.model.requests.every((q) => q.body.model === 'scripted' && q.path.endsWith('/chat/completions'))).toBe(true);
      const start = ofType(r.events, 'agent_start')[0]!;
      expect(start.changed).toMatchObject({ what: 'model', provider: 'second', from: { provider: 'default', model: 'scripted' }, to: { provider: 'second', api: 'anthropic', model: 'second-model', endpoint: second.anthropicBaseURL.replace(/\/v1\/?$/, '') } });
      const fid = start.session;
      const file = readFileSync(sessionFile(f, fid), 'utf8');
      expect(file).not.toContain(secondKey);
      const diff = await cli(f, 'sessions', 'diff', p.id, fid);
      expect(diff.stdout).toMatch(/provider default → second \(anthropic at http:\/\/127\.0\.0\.1:\d+\); model scripted → second-model \(with the provider\); temperature default → 0\.7 \(with the provider\)/);

      // Resumed, the fork keeps its provider.
      const again = await runJson(f, 'and once more', ['--session', fid, '--approve', 'deny']);
      expect(again.code, again.stderr).toBe(0);
      expect(second.requests).toHaveLength(2);
      expect(f.model.requests.length).toBe(firstCount);
    } finally {
      await Promise.all(extra.splice(0).map((m) => m.close()));
    }
  });
});
