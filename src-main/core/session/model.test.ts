import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import { GlassboxSession } from './glassbox-session';
import { modelNameProblem } from '../../../src-shared/contract/model-name';

// A session's own model: switched between runs against the real scripted model over HTTP, kept
// in the session file, picked up again when the session is resumed.

vi.setConfig({ testTimeout: 120_000 });

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

async function setup(script: ScriptedTurn[]): Promise<{ model: ScriptedModelServer; env: NodeJS.ProcessEnv; workspace: string; home: string }> {
  const base = mkdtempSync(join(tmpdir(), 'gb-model-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const model = await startScriptedModelServer(script);
  open.push(model);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, GLASSBOX_HOME: home, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'configured-model', GLASSBOX_LLM_API_KEY: 'k-model-switch-secret', GLASSBOX_DISABLE_BROWSER: '1' };
  return { model, env, workspace, home };
}

describe('a session switches its model', () => {
  it('the next request carries the new model; the file records it without the key; a resumed session keeps it', async () => {
    const { model, env, workspace, home } = await setup([{ text: 'one' }, { text: 'two' }, { text: 'three' }, { text: 'other' }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false });
    open.push(s);
    expect(s.modelInUse()).toEqual({ provider: 'openai', model: 'configured-model', switched: false });
    await s.send('first');
    expect(model.requests[0]!.body.model).toBe('configured-model');

    expect(s.setModel('  picked-model ')).toEqual({ provider: 'openai', model: 'picked-model' });
    expect(s.modelInUse()).toEqual({ provider: 'openai', model: 'picked-model', switched: true });
    expect(s.llm().model).toBe('picked-model');
    await s.send('second');
    expect(model.requests[1]!.body.model).toBe('picked-model');
    await s.dispose();
    open.splice(open.indexOf(s), 1);

    const file = readFileSync(join(home, 'sessions', `${s.id}.jsonl`), 'utf8');
    const changed = file.split('\n').filter((l) => l.includes('"model_changed"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ type: 'model_changed', model: 'picked-model', provider: 'openai' });
    expect(file).not.toContain('k-model-switch-secret');

    // `glassbox run --session ID` and reopening in the window both resume through this path.
    const resumed = await GlassboxSession.create({ workspace, env, sessionId: s.id, withExtensions: false, withMcp: false });
    open.push(resumed);
    expect(resumed.modelInUse()).toEqual({ provider: 'openai', model: 'picked-model', switched: true });
    await resumed.send('third');
    expect(model.requests[2]!.body.model).toBe('picked-model');

    // Another session (and the configuration) keep the configured model.
    const other = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false });
    open.push(other);
    await other.send('elsewhere');
    expect(model.requests[3]!.body.model).toBe('configured-model');
  });

  it('a run in progress finishes on its model; the switch applies from the next run', async () => {
    const { model, env, workspace } = await setup([{ text: 'slow '.repeat(10), chunkDelayMs: 40 }, { text: 'next' }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false });
    open.push(s);
    const run = s.send('long');
    // Switched once the run asked the model (its answer streams for 400 ms more).
    await vi.waitFor(() => expect(model.requests).toHaveLength(1), { timeout: 60_000 });
    s.setModel('later-model');
    const first = await run;
    expect(first.reason).toBe('finished');
    expect(model.requests[0]!.body.model).toBe('configured-model');
    await s.send('again');
    expect(model.requests[1]!.body.model).toBe('later-model');
  });

  it('refuses a bad name and keeps the model it had', async () => {
    const { env, workspace } = await setup([]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false });
    open.push(s);
    const events: string[] = [];
    s.bus.subscribe('*', (e) => void events.push(e.type));
    for (const bad of ['', '   ', 'x'.repeat(201), 'gpt\n-4', 'gpt\u202e4o', 'a\u0000b']) {
      expect(() => s.setModel(bad)).toThrow(/model/i);
    }
    expect(s.modelInUse()?.model).toBe('configured-model');
    expect(events).not.toContain('model_changed');
    expect(modelNameProblem('llama3.1:8b-instruct-q4_K_M')).toBeNull();
    expect(modelNameProblem('openrouter/anthropic/claude-3.5-sonnet')).toBeNull();
  });
});
