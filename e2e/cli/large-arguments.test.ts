import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAgentFixtures, requestText } from '../agent/agent-harness';
import { runGlassbox, tempGlassbox } from '../helpers/cli';

// One command-line argument cannot pass 128 KiB on Linux (MAX_ARG_STRLEN): large tool arguments
// and tasks come from a file (`--args-file`, `--task-file`) or stdin (`--args -`, `run -`).

const BIG = 'x'.repeat(200 * 1024) + '\nend\n';

function workspace() {
  const t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  return t;
}

describe('tools call with arguments too large for the command line', () => {
  it('--args-file FILE', async () => {
    const t = workspace();
    const target = join(t.workspace, 'big.txt');
    const file = join(t.workspace, 'args.json');
    writeFileSync(file, JSON.stringify({ command: 'create', path: target, file_text: BIG }));
    const r = await runGlassbox(['tools', 'call', 'str_replace_editor', '--args-file', 'args.json', '--approve', 'auto'], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(BIG);
  }, 60_000);

  it('--args - reads stdin', async () => {
    const t = workspace();
    const target = join(t.workspace, 'from-stdin.txt');
    const r = await runGlassbox(['tools', 'call', 'str_replace_editor', '--args', '-', '--approve', 'auto'], {
      env: t.env,
      cwd: t.workspace,
      input: JSON.stringify({ command: 'create', path: target, file_text: BIG }),
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(BIG);
  }, 60_000);

  it('a missing file, both forms at once, or bad JSON from the file: exit 2 with the reason', async () => {
    const t = workspace();
    const missing = await runGlassbox(['tools', 'call', 'planning', '--args-file', 'nope.json'], { env: t.env, cwd: t.workspace });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--args-file ${join(t.workspace, 'nope.json')}: no such file`);
    const both = await runGlassbox(['tools', 'call', 'planning', '--args', '{}', '--args-file', 'nope.json'], { env: t.env, cwd: t.workspace });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give either --args or --args-file, not both');
    writeFileSync(join(t.workspace, 'bad.json'), '{"command":');
    const bad = await runGlassbox(['tools', 'call', 'planning', '--args-file', 'bad.json'], { env: t.env, cwd: t.workspace });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--args is not valid JSON');
  }, 60_000);
});

describe('run with a task too large for the command line', () => {
  const fixture = useAgentFixtures();

  it('--task-file FILE and - (stdin) send the whole task to the model', async () => {
    const f = await fixture('openai', [{ text: 'read it' }, { text: 'read it again' }]);
    const task = `Summarise this:\n${'y'.repeat(200 * 1024)}\nTHE END`;
    writeFileSync(join(f.workspace, 'task.txt'), task);
    const fromFile = await runGlassbox(['run', '--task-file', 'task.txt', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: 120_000 });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(requestText(f, 0)).toContain('THE END');
    expect(requestText(f, 0).length).toBeGreaterThan(200 * 1024);
    const fromStdin = await runGlassbox(['run', '-', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, input: task.replace('THE END', 'STDIN END'), timeoutMs: 120_000 });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(requestText(f, 1)).toContain('STDIN END');
  }, 240_000);

  it('--args-file FILE and --args - (the names tools call uses) do the same; two sources are a usage error', async () => {
    const f = await fixture('openai', [{ text: 'read it' }, { text: 'read it again' }]);
    const task = `Summarise this:\n${'z'.repeat(200 * 1024)}\nFILE END`;
    writeFileSync(join(f.workspace, 'task.txt'), task);
    const fromFile = await runGlassbox(['run', '--args-file', 'task.txt', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, timeoutMs: 120_000 });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(requestText(f, 0)).toContain('FILE END');
    const fromStdin = await runGlassbox(['run', '--args', '-', '--workspace', f.workspace], { env: f.env, cwd: f.workspace, input: task.replace('FILE END', 'STDIN END'), timeoutMs: 120_000 });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(requestText(f, 1)).toContain('STDIN END');
    const both = await runGlassbox(['run', 'a task', '--args-file', 'task.txt', '--workspace', f.workspace], { env: f.env, cwd: f.workspace });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give the task once: TASK and --args-file');
  }, 240_000);
});
