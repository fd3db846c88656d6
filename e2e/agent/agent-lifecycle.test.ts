import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer } from '../fixtures/scripted-model-server';
import { runGlassbox } from '../helpers/cli';
import { useAgentFixtures, ofType, parseJsonLines, readSessionLines, runJson, sessionFile, spawnGlassbox, waitFor, WIRES, CLI_TIMEOUT_MS } from './agent-harness';

// Cancel, crash + resume and replay, end to end through the real CLI.

// Each case spawns the CLI several times; on a loaded 2-core machine one start can take 10 s+.
vi.setConfig({ testTimeout: 300_000 });

const fixture = useAgentFixtures();

/** Command lines of running processes containing `needle` (excluding the ps/grep itself). */
function processesMatching(needle: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(needle) && !l.includes('ps -eo'));
}

describe.each(WIRES)('cancel, crash and resume (%s wire format)', (wire) => {
  it('SIGINT while the model streams ends the run as cancelled (exit 1)', async () => {
    const f = await fixture(wire, [{ text: 'a very slow answer that keeps on streaming word after word after word', chunkDelayMs: 6000 }]);
    const p = spawnGlassbox(['run', 'talk slowly', '--json', '--workspace', f.workspace], f);
    await waitFor(() => p.stdout().includes('"message_update"'), 'the first streamed delta');
    p.child.kill('SIGINT');
    const { code } = await p.exited;
    // Not a wall-clock bound: had SIGINT not cancelled the run, it would stream to the end and
    // finish (exit 0, reason finished).
    expect(code).toBe(1);
    const events = parseJsonLines(p.stdout());
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'cancelled' });
  });

  it('SIGINT during a long bash command kills it: cancelled, no child left', async () => {
    const marker = `${Math.floor(Math.random() * 900) + 100}.25`; // a unique sleep length to look for
    const f = await fixture(wire, [{ toolCalls: [{ name: 'bash', arguments: { command: `sleep ${marker}` } }] }, { text: 'never' }]);
    const p = spawnGlassbox(['run', 'wait a while', '--json', '--approve', 'auto', '--workspace', f.workspace], f);
    await waitFor(() => p.stdout().includes('"tool_execution_start"'), 'the bash call to start');
    await waitFor(() => processesMatching(`sleep ${marker}`).length > 0, 'the sleep process to appear');
    p.child.kill('SIGINT');
    const { code } = await p.exited;
    expect(code).toBe(1);
    const events = parseJsonLines(p.stdout());
    expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'cancelled' });
    expect(ofType(events, 'tool_execution_end')).toHaveLength(1);
    await waitFor(() => processesMatching(`sleep ${marker}`).length === 0, 'the sleep process to be gone', 30_000);
  });

  it('kill -9 mid-run: the session file loads (torn last line skipped) and --session resumes it', async () => {
    const f = await fixture(wire, []);
    const notes = join(f.workspace, 'notes.txt');
    f.model.push(
      { text: 'Creating the notes.', toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: notes, file_text: 'first line\n' } }] },
      { text: 'this turn never arrives', delayMs: 60_000 },
    );
    const p = spawnGlassbox(['run', 'write notes', '--json', '--approve', 'auto', '--workspace', f.workspace], f);
    await waitFor(() => p.stdout().includes('"tool_execution_end"') && f.model.requests.length >= 2, 'the first call to finish and the second request');
    p.child.kill('SIGKILL');
    await p.exited;
    const id = parseJsonLines(p.stdout().split('\n').slice(0, 1).join('\n'))[0].session;
    const before = readSessionLines(f, id);
    const lastSeq = (JSON.parse(before[before.length - 1]) as { seq: number }).seq;
    // What a write cut by the kill would leave: half a line at the end.
    appendFileSync(sessionFile(f, id), '{"seq":9999,"ts":17,"session":"' + id + '","type":"message_upd');

    const model2 = await startScriptedModelServer([{ text: 'Resumed: notes.txt has one line.' }]);
    try {
      const env = { ...f.env, GLASSBOX_LLM_BASE_URL: wire === 'openai' ? model2.openaiBaseURL : model2.anthropicBaseURL };
      const r = await runGlassbox(['run', 'what did you write?', '--json', '--session', id, '--approve', 'auto', '--workspace', f.workspace], { env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/torn last line/);
      const events = parseJsonLines(r.stdout);
      expect(events.every((e) => e.session === id)).toBe(true);
      expect(events[0].seq).toBe(lastSeq + 1);
      expect(events[events.length - 1]).toMatchObject({ type: 'agent_end', reason: 'finished' });
      // The model got the whole earlier conversation: task, its call, the tool's result, the new task.
      const sent = JSON.stringify(model2.requests[0].body.messages);
      expect(sent).toContain('write notes');
      expect(sent).toContain('Creating the notes.');
      expect(sent).toContain('File created successfully');
      expect(sent).toContain('what did you write?');
      expect(sent.indexOf('write notes')).toBeLessThan(sent.indexOf('what did you write?'));
    } finally {
      await model2.close();
    }
  });
});

describe('glassbox replay', () => {
  it('replays a recorded call: equal as recorded, different (with a diff) with edited args', async () => {
    const f = await fixture('openai', []);
    const a = join(f.workspace, 'a.txt');
    const b = join(f.workspace, 'b.txt');
    writeFileSync(a, 'alpha\n');
    writeFileSync(b, 'beta\n');
    f.model.push({ toolCalls: [{ id: 'call_view_a', name: 'str_replace_editor', arguments: { command: 'view', path: a } }] }, { text: 'a says alpha' });
    const run = await runJson(f, 'read a.txt', ['--approve', 'auto']);
    expect(run.code, run.stderr).toBe(0);
    const file = sessionFile(f, run.events[0].session);

    const same = await runGlassbox(['replay', file, '--call', 'call_view_a', '--json'], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(same.code, same.stderr).toBe(0);
    const [o1] = parseJsonLines(same.stdout) as unknown as Array<{ equal: boolean; replayOf: string; diff: string }>;
    expect(o1).toMatchObject({ equal: true, replayOf: 'call_view_a', diff: '' });

    const edited = await runGlassbox(['replay', file, '--call', 'call_view_a', '--args', JSON.stringify({ command: 'view', path: b })], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain('DIFFERS call_view_a');
    expect(edited.stdout).toMatch(/^-.*alpha$/m);
    expect(edited.stdout).toMatch(/^\+.*beta$/m);

    // The file changed since: replaying everything reports the difference.
    writeFileSync(a, 'gamma\n');
    const all = await runGlassbox(['replay', file, '--json'], { env: f.env, cwd: f.workspace, timeoutMs: CLI_TIMEOUT_MS });
    expect(all.code).toBe(1);
    const outs = parseJsonLines(all.stdout) as unknown as Array<{ equal: boolean; diff: string }>;
    expect(outs).toHaveLength(1);
    expect(outs[0].equal).toBe(false);
    expect(outs[0].diff).toContain('+');
    expect(outs[0].diff).toContain('gamma');

    // Usage errors: unknown call, --args without --call, missing file.
    expect((await runGlassbox(['replay', file, '--call', 'nope'], { env: f.env, timeoutMs: CLI_TIMEOUT_MS })).code).toBe(2);
    expect((await runGlassbox(['replay', file, '--args', '{}'], { env: f.env, timeoutMs: CLI_TIMEOUT_MS })).code).toBe(2);
    expect((await runGlassbox(['replay', join(f.home, 'missing.jsonl')], { env: f.env, timeoutMs: CLI_TIMEOUT_MS })).code).toBe(2);

    // Replays are recorded with replayOf in their own session files.
    const sessions = readFileSync(file, 'utf8');
    expect(sessions).not.toContain('replayOf');
  });
});
