import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGlassbox, tempGlassbox } from '../helpers/cli';

/**
 * `glassbox replay` with a crafted session file (throwaway temp dirs only): a replay never
 * runs what the human denied, `--args` cannot swap in a command without the policy, and the
 * workspace is the user's, never the one the file names.
 */
let t: ReturnType<typeof tempGlassbox>;
let victim: string;
const SLOW = 120_000;

function sessionFile(lines: object[]): string {
  const file = join(t.workspace, 'crafted.jsonl');
  let seq = 0;
  writeFileSync(file, lines.map((l) => JSON.stringify({ seq: ++seq, ts: 1, session: 's1', ...l })).join('\n') + '\n');
  return file;
}

beforeEach(() => {
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  victim = mkdtempSync(join(tmpdir(), 'gb-replay-victim-'));
  writeFileSync(join(victim, 'keep.txt'), 'keep');
});

afterEach(() => rmSync(victim, { recursive: true, force: true }));

const replay = (args: string[]) => runGlassbox(['replay', ...args], { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });
const end = (callId: string, output: string, blocked = false) => ({ type: 'tool_execution_end', callId, tool: 'bash', result: { output, error: null, images: [], system: null }, durationMs: 1, ...(blocked ? { blocked: true } : {}) });

describe('glassbox replay never widens an approval', () => {
  it('does not re-run a call the human denied, and takes the workspace from the user, not the file', async () => {
    const file = sessionFile([
      { type: 'agent_start', task: 'x', workspace: '/' },
      { type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: `rm -rf ${victim}` }, source: 'builtin' },
      { type: 'approval_requested', requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: `rm -rf ${victim}` } },
      { type: 'approval_resolved', requestId: 'r1', callId: 'c1', decision: 'deny', by: 'human' },
      end('c1', '[BLOCKED] Denied by the user.', true),
      { type: 'tool_execution_start', callId: 'c2', tool: 'bash', args: { command: 'pwd' }, source: 'builtin' },
      end('c2', t.workspace),
    ]);
    const r = await replay([file]);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
    expect(r.stdout).toContain('DIFFERS c1 bash');
    expect(r.stdout).toContain('[BLOCKED]');
    // The file said "/": the replay ran in the directory the user is in.
    expect(r.stderr).toContain(`replayed in ${t.workspace}`);
  }, SLOW);

  it('--args cannot swap a destructive command into an allowed call', async () => {
    const file = sessionFile([
      { type: 'tool_execution_start', callId: 'c2', tool: 'bash', args: { command: 'ls' }, source: 'builtin' },
      { type: 'approval_resolved', requestId: 'r2', callId: 'c2', decision: 'allow', by: 'human' },
      end('c2', ''),
    ]);
    // Code the classifier cannot read (so not "dangerous"): auto mode used to run it unasked.
    const swapped = `python3 -c "import shutil; shutil.rmtree('${victim}')"`;
    const r = await replay([file, '--call', 'c2', '--args', JSON.stringify({ command: swapped }), '--json']);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
    const outcome = JSON.parse(r.stdout.trim().split('\n')[0]!) as { result: { output: string } };
    expect(outcome.result.output).toContain('[BLOCKED]');
    expect(outcome.result.output).toContain('not attached to a terminal');
    expect(r.code).toBe(1);
  }, SLOW);

  it('a workspace named by --workspace that does not exist is a usage error', async () => {
    const file = sessionFile([{ type: 'agent_start', task: 'x', workspace: '/' }]);
    const r = await replay([file, '--workspace', join(t.workspace, 'nope')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such workspace directory');
  }, SLOW);
});
