import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ofType, parseJsonLines, runJson, sessionFile, useAgentFixtures, type AgentFixture, type JsonEvent } from '../agent/agent-harness';
import { runGlassbox } from '../helpers/cli';

// `glassbox sessions fork | diff` and `glassbox replay --offline` against the scripted model:
// the parent is recorded by a real `glassbox run`; each branch has its own script turns.

vi.setConfig({ testTimeout: 300_000 });
const fixture = useAgentFixtures();

const bash = (command: string) => ({ name: 'bash', arguments: { command } });

/** Three tool calls, each appending a line to counter.log (the side-effect counter), then an answer. */
const THREE_TOOLS = [
  { toolCalls: [bash('echo one >> counter.log; echo RESULT-A')] },
  { toolCalls: [bash('echo two >> counter.log; echo RESULT-B')] },
  { toolCalls: [bash('echo three >> counter.log; echo RESULT-C')] },
  { text: 'All three done.' },
];

function cli(f: AgentFixture, ...args: string[]) {
  return runGlassbox(args, { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
}

function lines(f: AgentFixture): string[] {
  return readFileSync(join(f.workspace, 'counter.log'), 'utf8').trim().split('\n');
}

/** The seq of the n-th (0-based) event of a type with a predicate in a session file. */
function seqOf(f: AgentFixture, id: string, type: string, n = 0, pred: (e: JsonEvent) => boolean = () => true): number {
  const events = parseJsonLines(readFileSync(sessionFile(f, id), 'utf8')).filter((e) => e.type === type && pred(e));
  return events[n]!.seq;
}

async function parent(f: AgentFixture): Promise<string> {
  const r = await runJson(f, 'run the three checks', ['--approve', 'auto']);
  expect(r.code, r.stderr).toBe(0);
  expect(lines(f)).toEqual(['one', 'two', 'three']);
  return r.events[0]!.session;
}

describe('glassbox sessions fork', () => {
  it('forked at the second result with an edited result: the first two tools do not run again, the next request holds the edit; diff names the step', async () => {
    const f = await fixture('openai', THREE_TOOLS);
    const id = await parent(f);
    const requestsBefore = f.model.requests.length;
    // The fork's own script: the model calls the third tool again, then answers.
    f.model.push({ toolCalls: [bash('echo three-again >> counter.log; echo RESULT-C2')] }, { text: 'Fork done.' });
    const at = seqOf(f, id, 'tool_execution_end', 1);
    const r = await cli(f, 'sessions', 'fork', id, '--at', String(at), '--result', 'EDITED-B says hello', '--live', '--approve', 'auto', '--json');
    expect(r.code, r.stderr).toBe(0);
    // Only the fork's own call ran: the side-effect counter has one line more, not three.
    expect(lines(f)).toEqual(['one', 'two', 'three', 'three-again']);
    const events = parseJsonLines(r.stdout);
    const start = ofType(events, 'agent_start')[0]!;
    expect(start).toMatchObject({ parent: id, forkedAt: at, forkKind: 'result', continues: true, changed: { what: 'result', result: { output: 'EDITED-B says hello' } } });
    const fid = start.session;
    // The first two calls were answered without running: one from the parent, one edited.
    const answered = ofType(events, 'tool_execution_end').map((e) => [e.answered ?? 'ran', (e.result as { output: string }).output.trim()]);
    expect(answered).toEqual([['edited', 'EDITED-B says hello'], ['ran', 'RESULT-C2']]);
    // The model's next request holds the edited result and not the recorded one.
    const next = JSON.stringify(f.model.requests[requestsBefore]!.body.messages);
    expect(next).toContain('EDITED-B says hello');
    expect(next).toContain('RESULT-A');
    expect(next).not.toContain('"content":"RESULT-B');
    expect(f.model.requests.length - requestsBefore).toBe(2);
    // The fork's file holds the parent's history (same seqs, the parent's id on them) and its own events.
    const file = parseJsonLines(readFileSync(sessionFile(f, fid), 'utf8'));
    const own = start.seq;
    expect(own).toBe(seqOf(f, id, 'turn_start', 1)); // it goes on from the second step's turn, seq for seq
    expect(file.filter((e) => e.seq < own).every((e) => e.session === id)).toBe(true);
    expect(file.filter((e) => e.seq >= own).every((e) => e.session === fid)).toBe(true);

    // Listed with its parent.
    const list = await cli(f, 'sessions', 'list', '--json');
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as Array<{ id: string; parent?: string; forkedAt?: number }>).find((s) => s.id === fid)).toMatchObject({ parent: id, forkedAt: at });
    const human = await cli(f, 'sessions', 'list');
    expect(human.stdout).toContain(`fork of ${id} at step ${at}`);

    // Diff: the first divergent step is the second one (the edited result), named with its tool.
    const diff = await cli(f, 'sessions', 'diff', id, fid);
    expect(diff.code, diff.stderr).toBe(1);
    expect(diff.stdout).toContain('First divergence: step 2 — the result of bash');
    expect(diff.stdout).toContain('+EDITED-B says hello');
    expect(diff.stdout).toContain('-RESULT-B');
    const json = await cli(f, 'sessions', 'diff', id, fid, '--json');
    const d = JSON.parse(json.stdout) as { firstDivergence: number; steps: Array<{ status: string; calls: Array<{ status: string; resultEqual?: boolean }> }> };
    expect(d.firstDivergence).toBe(2);
    expect(d.steps[0]!.status).toBe('same');
    expect(d.steps[1]!.calls[0]).toMatchObject({ status: 'same', resultEqual: false });
    expect(d.steps[2]!.calls[0]!.status).toBe('changed'); // the third call ran with another command
    expect((await cli(f, 'sessions', 'diff', id, id)).code).toBe(0);
    expect((await cli(f, 'sessions', 'diff', id, 'no-such-session')).code).toBe(2);
    // Usage errors: a change that does not fit the row, an unknown step, an unknown session.
    expect((await cli(f, 'sessions', 'fork', id, '--at', String(at), '--message', 'x')).stderr).toContain('--message edits a user message');
    expect((await cli(f, 'sessions', 'fork', id, '--at', '99999')).code).toBe(2);
    expect((await cli(f, 'sessions', 'fork', 'nope', '--at', '3')).code).toBe(2);
    expect((await cli(f, 'sessions', 'fork', id, '--at', '3', '--model', 'a', '--message', 'b')).code).toBe(2);
  });

  it('a recorded fork with another model never runs a tool when the model makes the same calls', async () => {
    const f = await fixture('openai', THREE_TOOLS);
    const id = await parent(f);
    const before = f.model.requests.length;
    f.model.push(...THREE_TOOLS); // the "other model" makes the same calls
    const at = seqOf(f, id, 'model_request', 0);
    const r = await cli(f, 'sessions', 'fork', id, '--at', String(at), '--model', 'other-model', '--recorded', '--live', '--approve', 'deny', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(lines(f)).toEqual(['one', 'two', 'three']); // nothing ran
    const events = parseJsonLines(r.stdout);
    expect(ofType(events, 'agent_start')[0]).toMatchObject({ parent: id, forkKind: 'model', recorded: true, changed: { what: 'model', model: 'other-model' } });
    const ends = ofType(events, 'tool_execution_end');
    expect(ends.map((e) => e.answered)).toEqual(['recorded', 'recorded', 'recorded']);
    expect(ends.every((e) => typeof e.recordedFrom === 'string')).toBe(true);
    // Every request of the fork went to the other model.
    expect(f.model.requests.slice(before).map((q) => q.body.model)).toEqual(['other-model', 'other-model', 'other-model', 'other-model']);
    expect(ofType(events, 'model_response').every((e) => e.model === 'other-model')).toBe(true);
  });

  it('a fork works in a copy of the files as they were at its step: an edit made after it is absent there and present in the workspace', async () => {
    const f = await fixture('openai', []);
    f.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: join(f.workspace, 'notes.txt'), file_text: 'version one\n' } }] },
      { toolCalls: [bash('echo version two > notes.txt')] },
      { text: 'Written twice.' },
    );
    mkdirSync(f.home, { recursive: true });
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ checkpoints: { enabled: true } }));
    const r = await runJson(f, 'write the notes', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    const id = r.events[0]!.session;
    expect(readFileSync(join(f.workspace, 'notes.txt'), 'utf8')).toBe('version two\n');
    // Fork at the second model turn (before the edit that wrote version two), with another model.
    f.model.push({ text: 'I would leave it.' });
    const at = seqOf(f, id, 'model_request', 1);
    const fork = await cli(f, 'sessions', 'fork', id, '--at', String(at), '--model', 'careful-model', '--json');
    expect(fork.code, fork.stderr).toBe(0);
    const fid = parseJsonLines(fork.stdout)[0]!.session;
    const copy = join(f.home, 'state', 'forks', fid, 'workspace');
    expect(readFileSync(join(copy, 'notes.txt'), 'utf8')).toBe('version one\n');
    expect(readFileSync(join(f.workspace, 'notes.txt'), 'utf8')).toBe('version two\n');
    expect(ofType(parseJsonLines(fork.stdout), 'agent_start')[0]).toMatchObject({ forkWorkspace: 'copy', workspace: copy });
    expect(f.model.requests.at(-1)!.body.model).toBe('careful-model');
    expect(fork.stderr).not.toContain('warning');
    expect(existsSync(join(f.workspace, '.glassbox-fork'))).toBe(false);
  });
});

describe('glassbox replay --offline', () => {
  it('passes on an unchanged script and names the step when the script changes', async () => {
    const f = await fixture('openai', THREE_TOOLS);
    const id = await parent(f);
    const file = sessionFile(f, id);
    f.model.push(...THREE_TOOLS);
    const same = await cli(f, 'replay', file, '--offline');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('follows the recording: 4 of 4 step(s)');
    expect(lines(f)).toEqual(['one', 'two', 'three']); // no tool ran
    // The script changes at the second step: another command.
    f.model.push(THREE_TOOLS[0]!, { toolCalls: [bash('echo TWO-CHANGED')] });
    const changed = await cli(f, 'replay', file, '--offline', '--json');
    expect(changed.code, changed.stderr).toBe(1);
    const report = JSON.parse(changed.stdout) as { divergence: { step: number; why: string; got: { calls: Array<{ args: { command: string } }> } } };
    expect(report.divergence.step).toBe(2);
    expect(report.divergence.got.calls[0]!.args.command).toBe('echo TWO-CHANGED');
    expect(report.divergence.why).toContain('with {"command":"echo TWO-CHANGED"}');
    expect((await cli(f, 'replay', file, '--offline', '--call', 'x')).code).toBe(2);
  });
});
