// @lane integration: real bash and Python under the agent
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedTurn } from '../../../e2e/fixtures/scripted-model-server';
import { ConfigError } from '../config/config-error';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { GlassboxSession } from './glassbox-session';
import { QueuedHumanPorts } from '../approvals/queued-human-ports';
import { alive, descendantsWith, uniqueSleepSeconds } from '../../../test/process-tree';

// GlassboxSession as the UI uses it: send, running, cancel, resume — against the real scripted
// model over HTTP.

// Real processes and HTTP on a loaded machine: be generous.
vi.setConfig({ testTimeout: 180_000 });

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

async function setup(script: ScriptedTurn[]): Promise<{ model: ScriptedModelServer; env: NodeJS.ProcessEnv; workspace: string; home: string }> {
  const base = mkdtempSync(join(tmpdir(), 'gb-session-'));
  const home = join(base, 'home');
  const workspace = join(base, 'ws');
  mkdirSync(workspace, { recursive: true });
  const model = await startScriptedModelServer(script);
  open.push(model);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, GLASSBOX_HOME: home, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted', GLASSBOX_LLM_API_KEY: 'k-session-test', GLASSBOX_DISABLE_BROWSER: '1' };
  return { model, env, workspace, home };
}

describe('GlassboxSession agent', () => {
  it('continues one conversation turn after turn; one run at a time', async () => {
    const { model, env, workspace } = await setup([{ text: 'Hi Ada.', chunkDelayMs: 30 }, { text: 'Your name is Ada.' }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false });
    open.push(s);
    const first = s.send('My name is Ada.');
    // Running from the moment send() returns (a wait here could outlast the short answer).
    expect(s.running).toBe(true);
    await expect(s.send('again')).rejects.toThrow(/already in progress/);
    expect((await first).finalText).toBe('Hi Ada.');
    expect(s.running).toBe(false);
    const second = await s.send('What is my name?');
    expect(second).toMatchObject({ reason: 'finished', finalText: 'Your name is Ada.' });
    expect(JSON.stringify(model.requests[1].body.messages)).toContain('My name is Ada.');
    expect(s.store.list()[0]).toMatchObject({ id: s.id, title: 'My name is Ada.' });
  });

  it('cancel() aborts the model stream and ends with agent_end cancelled', async () => {
    const { env, workspace } = await setup([{ text: 'slow '.repeat(50), chunkDelayMs: 500 }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false });
    open.push(s);
    const events: GlassboxEvent[] = [];
    s.bus.subscribe('*', (e) => void events.push(e));
    const run = s.send('talk');
    // Cancelled while the model streams (its 50 chunks come 500 ms apart).
    await vi.waitFor(() => expect(events.some((e) => e.type === 'message_update')).toBe(true), { timeout: 60_000 });
    await s.cancel();
    expect((await run).reason).toBe('cancelled');
    expect(s.running).toBe(false);
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'cancelled' });
  });

  it('cancel() during a long bash command kills the process', async () => {
    const marker = uniqueSleepSeconds();
    const { env, workspace } = await setup([{ toolCalls: [{ name: 'bash', arguments: { command: `sleep ${marker}` } }] }, { text: 'never' }]);
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, approveMode: 'auto' });
    open.push(s);
    const run = s.send('sleep');
    // Our own sleep, found in this process's tree while it runs; then that very pid must end.
    const sleepers = await vi.waitFor(
      () => {
        const found = descendantsWith(process.pid, `sleep ${marker}`);
        if (found.length === 0) throw new Error('sleep never started (is the bash tool registered?)');
        return found;
      },
      { timeout: 90_000, interval: 100 },
    );
    await s.cancel();
    expect((await run).reason).toBe('cancelled');
    await expect.poll(() => sleepers.filter(alive), { timeout: 30_000, interval: 100 }).toEqual([]);
  });

  it('approvals through QueuedHumanPorts: the UI sees the request and resolves it', async () => {
    const { env, workspace } = await setup([]);
    const target = join(workspace, 'ok.txt');
    const { model } = { model: await startScriptedModelServer([{ toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: target, file_text: 'x' } }] }, { text: 'made it' }]) };
    open.push(model);
    const ports = new QueuedHumanPorts();
    const s = await GlassboxSession.create({ workspace, env: { ...env, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL }, withExtensions: false, approveMode: 'ask', approvalPort: ports, humanInput: ports });
    open.push(s);
    const run = s.send('make a file');
    await vi.waitFor(() => expect(ports.pending().length, 'no approval request').toBeGreaterThan(0), { timeout: 90_000, interval: 20 });
    const [req] = ports.pending();
    expect(req).toMatchObject({ kind: 'approval', tool: 'str_replace_editor', args: { path: target } });
    expect(existsSync(target)).toBe(false);
    ports.resolveApproval(req.requestId, 'allow');
    expect((await run).finalText).toBe('made it');
    expect(existsSync(target)).toBe(true);
  });

  it('"always" keeps the rule in the user config, so the same call is not asked again', async () => {
    const { env, workspace, home } = await setup([]);
    const target = join(workspace, 'a.txt');
    const create = { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'view', path: workspace } }, { name: 'python_execute', arguments: { code: 'print(6*7)' } }] };
    const model = await startScriptedModelServer([create, { text: 'first' }, { toolCalls: [{ name: 'python_execute', arguments: { code: 'print(6*7)' } }] }, { text: 'second' }]);
    open.push(model);
    const ports = new QueuedHumanPorts();
    const s = await GlassboxSession.create({ workspace, env: { ...env, GLASSBOX_LLM_BASE_URL: model.openaiBaseURL }, withExtensions: false, approveMode: 'ask', approvalPort: ports });
    open.push(s);
    // Hosts refresh Settings on approval_resolved: the rule must be saved by then.
    let rulesAtResolve: unknown;
    s.bus.subscribe('approval_resolved', () => {
      rulesAtResolve = (JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { approvals: { rules: unknown[] } }).approvals.rules;
    });
    const run = s.send('compute');
    await vi.waitFor(() => expect(ports.pending().length, 'no approval request').toBeGreaterThan(0), { timeout: 90_000, interval: 20 });
    expect(ports.pending()).toHaveLength(1); // the view ran without asking
    ports.resolveApproval(ports.pending()[0].requestId, 'allow', true);
    expect((await run).finalText).toBe('first');
    const saved = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { approvals: { rules: unknown[] } };
    expect(saved.approvals.rules).toEqual([{ tool: 'python_execute', match: 'print(6?7)', decision: 'allow' }]);
    expect(rulesAtResolve).toEqual(saved.approvals.rules);
    const second = s.send('again');
    expect((await second).finalText).toBe('second');
    expect(existsSync(target)).toBe(false);
    const asked = s.store.load(s.id).events.filter((e) => e.type === 'approval_requested');
    expect(asked).toHaveLength(1);
  });

  it('ask_human through QueuedHumanPorts: events and the pending dialog share one requestId', async () => {
    const { env, workspace } = await setup([{ toolCalls: [{ name: 'ask_human', arguments: { inquire: 'Which colour?' } }] }, { text: 'green it is' }]);
    const ports = new QueuedHumanPorts();
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, approveMode: 'auto', approvalPort: ports, humanInput: ports });
    open.push(s);
    const events: GlassboxEvent[] = [];
    s.bus.subscribe('*', (e) => void events.push(e));
    const run = s.send('ask me');
    await vi.waitFor(() => expect(ports.pending().length, 'no question').toBeGreaterThan(0), { timeout: 90_000, interval: 20 });
    const [q] = ports.pending();
    expect(q).toMatchObject({ kind: 'question', question: 'Which colour?' });
    const requested = events.find((e) => e.type === 'human_input_requested');
    expect(requested).toMatchObject({ requestId: q.requestId, question: 'Which colour?' });
    ports.answerQuestion(q.requestId, { action: 'accept', text: 'green' });
    expect((await run).finalText).toBe('green it is');
    expect(events.find((e) => e.type === 'human_input_resolved')).toMatchObject({ requestId: q.requestId, answer: 'green', action: 'accept' });
    const toolEnd = events.find((e) => e.type === 'tool_execution_end');
    expect(toolEnd && toolEnd.type === 'tool_execution_end' && toolEnd.result.output).toBe('green');
  });

  it('resumes a saved session by id: same file, seq continues, conversation rebuilt', async () => {
    const { model, env, workspace } = await setup([{ text: 'noted: blue' }, { text: 'you said blue' }]);
    const a = await GlassboxSession.create({ workspace, env, withExtensions: false });
    await a.send('remember blue');
    const lastSeq = a.bus.lastSeq;
    await a.dispose();
    const b = await GlassboxSession.create({ workspace, env, withExtensions: false, sessionId: a.id });
    open.push(b);
    expect(b.agent.messages.map((m) => m.content)).toEqual(['remember blue', 'noted: blue']);
    await b.send('what colour?');
    expect(b.store.load(a.id).events[lastSeq].seq).toBe(lastSeq + 1);
    expect(JSON.stringify(model.requests[1].body.messages)).toContain('remember blue');
  });

  it('send() throws ConfigError before starting when no model is configured', async () => {
    const { env, workspace } = await setup([]);
    const s = await GlassboxSession.create({ workspace, env: { ...env, GLASSBOX_LLM_MODEL: '' }, withExtensions: false });
    open.push(s);
    await expect(s.send('x')).rejects.toThrow(ConfigError);
    expect(s.running).toBe(false);
    expect(s.store.exists(s.id)).toBe(false);
  });
});
