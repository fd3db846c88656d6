import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer, type ScriptedTurn } from '../fixtures/scripted-model-server';
import { answerPrompts, runGlassbox, tempGlassbox } from '../helpers/cli';

// The built CLI with the real OS sandbox (bubblewrap): what `glassbox tools call` and
// `glassbox run` let the agent's shell and Python do, in ask, auto and deny. "Outside" is a
// folder next to the workspace; the CLI gets a private TMPDIR, so /tmp is outside too.
// Needs `npm run build` first (npm test builds).

vi.setConfig({ testTimeout: 120_000 });

const KEY = 'sk-test-SANDBOX-0123456789';
const REVERSED = [...KEY].reverse().join('');

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((_req, res) => res.end('hello-from-outside'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

interface Setup {
  home: string;
  workspace: string;
  outside: string;
  env: NodeJS.ProcessEnv;
}

function setup(extraEnv: NodeJS.ProcessEnv = {}, config?: Record<string, unknown>): Setup {
  const t = tempGlassbox();
  const base = join(t.workspace, '..');
  const outside = join(base, 'outside');
  const tmp = join(base, 'tmp');
  for (const d of [t.workspace, t.home, outside, tmp]) mkdirSync(d, { recursive: true });
  writeFileSync(join(outside, 'keep.txt'), 'keep\n');
  if (config) writeFileSync(join(t.home, 'config.json'), JSON.stringify(config));
  const env: NodeJS.ProcessEnv = { ...t.env, TMPDIR: tmp, GLASSBOX_LLM_API_KEY: KEY, ...extraEnv };
  return { home: t.home, workspace: t.workspace, outside, env };
}

function call(s: Setup, command: string, approve: 'ask' | 'auto' | 'deny'): ReturnType<typeof runGlassbox> {
  return runGlassbox(['tools', 'call', 'bash', '--approve', approve, '--args', JSON.stringify({ command })], { env: s.env, cwd: s.workspace });
}

/** Every session file line of a home, joined. */
function sessionText(home: string): string {
  const dir = join(home, 'sessions');
  return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n') : '';
}

const rmtree = (dir: string): string => `python3 -c 'import shutil; shutil.rmtree(${JSON.stringify(dir)})'`;
const connect = `python3 -c 'import socket; s = socket.create_connection(("127.0.0.1", PORT), 3); s.sendall(b"GET / HTTP/1.0\\r\\n\\r\\n"); print(s.recv(999).decode().split("\\r\\n\\r\\n")[-1])'`;

describe.runIf(process.platform === 'linux')('glassbox tools call bash inside the sandbox', () => {
  it('auto: a command the policy lets run still cannot delete outside the workspace; inside works', async () => {
    const s = setup();
    const r = await call(s, `${rmtree(s.outside)}; echo made > inside.txt`, 'auto');
    expect(r.stdout).toMatch(/Read-only file system/);
    expect(readFileSync(join(s.outside, 'keep.txt'), 'utf8')).toBe('keep\n');
    expect(readFileSync(join(s.workspace, 'inside.txt'), 'utf8')).toBe('made\n');
    expect(r.stderr).not.toMatch(/UNSANDBOXED/);
  });

  it('the model key is not in the shell: `echo $GLASSBOX_LLM_API_KEY | rev` prints nothing of it, nor does the session file hold it', async () => {
    const s = setup();
    const r = await call(s, 'echo "[$GLASSBOX_LLM_API_KEY]" | rev; env | grep -c API_KEY || true', 'auto');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(['][', '0']);
    const file = sessionText(s.home);
    expect(file).toContain('tool_execution_end');
    expect(file).not.toContain(REVERSED);
    expect(file).not.toContain(KEY);
  });

  it('no network unless the config allows it: a server on 127.0.0.1 is unreachable, then reachable', async () => {
    const off = await call(setup(), connect.replace('PORT', String(port)), 'auto');
    expect(off.stdout).not.toContain('hello-from-outside');
    expect(off.stdout).toMatch(/Network is unreachable|Connection refused|OSError|Errno/);
    const on = await call(setup({}, { sandbox: { network: true } }), connect.replace('PORT', String(port)), 'auto');
    expect(on.stdout).toContain('hello-from-outside');
  });

  it('deny: what would ask is denied, and nothing outside changes', async () => {
    const s = setup();
    for (const command of [`touch ${s.outside}/denied.txt`, rmtree(s.outside)]) {
      const r = await call(s, command, 'deny');
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^\[BLOCKED\] Denied by the approval policy/);
    }
    expect(existsSync(join(s.outside, 'denied.txt'))).toBe(false);
    expect(existsSync(join(s.outside, 'keep.txt'))).toBe(true);
    expect((await call(s, 'pwd', 'deny')).stdout.trim()).toBe(s.workspace);
  });

  it('ask on a real terminal: the prompt names the sandbox decision; "y" runs that one call outside', async () => {
    const s = setup();
    const target = join(s.outside, 'escalated.txt');
    const { screen, code } = await inTerminal(s, ['tools', 'call', 'bash', '--approve', 'ask', '--args', JSON.stringify({ command: `echo once >> ${target}` })], 1);
    expect(screen).toContain(`writes outside the workspace: ${target}`);
    expect(screen).toMatch(/outside the sandbox/);
    expect(code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('once\n');
  });
});

describe('a wrong sandbox section', () => {
  it('is a config error naming the key (exit 2), never a looser sandbox', async () => {
    const s = setup({}, { sandbox: { mode: 'workspace_write' } });
    const r = await call(s, 'touch inside.txt', 'auto');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('sandbox.mode: "workspace_write" is not one of "workspace-write", "read-only", "off"');
    expect(existsSync(join(s.workspace, 'inside.txt'))).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('glassbox tools call without a sandbox', () => {
  it('warns once on stderr and then asks for every command that is not read-only', async () => {
    const s = setup({ GLASSBOX_BWRAP: '/nonexistent/bwrap' });
    const write = await call(s, 'touch inside.txt', 'auto');
    expect(write.stderr.match(/commands run UNSANDBOXED: bubblewrap \(\/nonexistent\/bwrap\) was not found/g)).toHaveLength(1);
    expect(write.stdout).toMatch(/^\[BLOCKED\]/);
    expect(existsSync(join(s.workspace, 'inside.txt'))).toBe(false);
    const read = await call(s, 'pwd', 'auto');
    expect(read.stdout.trim()).toBe(s.workspace);
  });
});

describe.runIf(process.platform === 'linux')('glassbox run inside the sandbox (scripted model)', () => {
  const turns = (calls: string[]): ScriptedTurn[] => [
    ...calls.map((command, i) => ({ toolCalls: [{ id: `c${i}`, name: 'bash', arguments: { command } }] })),
    { text: 'Done.' },
  ];

  async function run(s: Setup, calls: string[], approve: 'ask' | 'auto' | 'deny'): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const model = await startScriptedModelServer(turns(calls));
    try {
      const env = { ...s.env, GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted' };
      return await runGlassbox(['run', 'clean up', '--json', '--approve', approve, '--workspace', s.workspace], { env, cwd: s.workspace, timeoutMs: 100_000 });
    } finally {
      await model.close();
    }
  }

  it('auto: deletes outside fail inside the sandbox, the key stays out of the shell and the session file', async () => {
    const s = setup();
    const r = await run(s, [rmtree(s.outside), 'echo "[$GLASSBOX_LLM_API_KEY]" | rev', 'echo kept > inside.txt'], 'auto');
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(s.outside, 'keep.txt'))).toBe(true);
    expect(readFileSync(join(s.workspace, 'inside.txt'), 'utf8')).toBe('kept\n');
    const file = sessionText(s.home);
    expect(file).toMatch(/Read-only file system/);
    expect(file).not.toContain(REVERSED);
    expect(file).not.toContain(KEY);
  });

  it('deny: the delete outside is denied and the key still cannot be echoed reversed', async () => {
    const s = setup();
    const r = await run(s, [`rm -rf ${s.outside}`, rmtree(s.outside), 'echo "[$GLASSBOX_LLM_API_KEY]" | rev'], 'deny');
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(s.outside, 'keep.txt'))).toBe(true);
    expect(sessionText(s.home)).not.toContain(REVERSED);
  });

  it('ask on a real terminal: the approved escalation runs outside exactly once; the next call is confined again', async () => {
    const s = setup();
    const target = join(s.outside, 'escalated.txt');
    const model = await startScriptedModelServer(
      turns([`echo once >> ${target}`, `python3 -c 'open(${JSON.stringify(target)}, "a").write("twice\\n")'`]),
    );
    try {
      const env = { ...s.env, GLASSBOX_LLM_PROVIDER: 'openai', GLASSBOX_LLM_BASE_URL: model.openaiBaseURL, GLASSBOX_LLM_MODEL: 'scripted' };
      const { screen, code } = await inTerminal({ ...s, env }, ['run', 'append', '--approve', 'ask', '--workspace', s.workspace], 2);
      expect(screen).toContain(`writes outside the workspace: ${target}`);
      expect(code).toBe(0);
    } finally {
      await model.close();
    }
    expect(readFileSync(target, 'utf8')).toBe('once\n');
    const file = sessionText(s.home);
    expect(file).toMatch(/Ran outside the sandbox for this one call/);
    expect(file).toMatch(/Read-only file system/);
  });
});

/** Runs glassbox on a real terminal and answers "y" to up to `answers` approval prompts. */
function inTerminal(s: Setup, args: string[], answers: number): Promise<{ screen: string; code: number }> {
  return answerPrompts(args, { env: s.env, cwd: s.workspace, answers: Array<string>(answers).fill('y') });
}
