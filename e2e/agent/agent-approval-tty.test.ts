import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn as spawnPty } from 'node-pty';
import { describe, expect, it, vi } from 'vitest';
import { BIN } from '../helpers/cli';
import { useAgentFixtures, readSessionLines, waitFor, type AgentFixture } from './agent-harness';

// `--approve ask` on a real terminal (node-pty): the human answers the prompt.

// Each case spawns the CLI several times; on a loaded 2-core machine one start can take 10 s+.
vi.setConfig({ testTimeout: 300_000 });

const fixture = useAgentFixtures();

async function runOnTty(f: AgentFixture, task: string, answers: { when: string; type: string }[]): Promise<{ code: number; output: string }> {
  const term = spawnPty(process.execPath, [BIN, 'run', task, '--approve', 'ask', '--workspace', f.workspace], {
    cols: 200,
    rows: 50,
    cwd: f.workspace,
    env: f.env as Record<string, string>,
  });
  let output = '';
  term.onData((d) => (output += d));
  const exited = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  try {
    let seen = 0;
    for (const a of answers) {
      await waitFor(() => output.split(a.when).length - 1 > seen, `prompt "${a.when}"`);
      seen++;
      term.write(a.type);
    }
    const code = await Promise.race([exited, new Promise<number>((_, rej) => setTimeout(() => rej(new Error(`no exit; output:\n${output}`)), 200_000))]);
    return { code, output };
  } finally {
    try {
      term.kill();
    } catch {
      // already gone
    }
  }
}

describe('approvals on a terminal', () => {
  it('asks; "y" allows the edit, "n" denies the next one', async () => {
    const f = await fixture('openai', []);
    const yes = join(f.workspace, 'yes.txt');
    const no = join(f.workspace, 'no.txt');
    f.model.push(
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: yes, file_text: 'approved\n' } }] },
      { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: no, file_text: 'denied\n' } }] },
      { text: 'Created one file; the other was refused.' },
    );
    const r = await runOnTty(f, 'create two files', [
      { when: 'Approve str_replace_editor', type: 'y\r' },
      { when: 'Approve str_replace_editor', type: 'n\r' },
    ]);
    expect(r.code, r.output).toBe(0);
    expect(readFileSync(yes, 'utf8')).toBe('approved\n');
    expect(existsSync(no)).toBe(false);
    expect(r.output).toContain('Created one file; the other was refused.');
    const id = /--session ([0-9a-f-]+)/.exec(r.output)?.[1];
    expect(id).toBeTruthy();
    const events = readSessionLines(f, id as string).map((l) => JSON.parse(l) as Record<string, unknown>);
    const resolved = events.filter((e) => e.type === 'approval_resolved');
    expect(resolved.map((e) => [e.decision, e.by])).toEqual([
      ['allow', 'human'],
      ['deny', 'human'],
    ]);
    // The model was told about the refusal.
    expect(JSON.stringify(f.model.requests[2].body.messages)).toContain('Denied by the user');
  });
});
