// @lane integration: real git inside bwrap
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BashShell } from '../tools/bash/shell';
import { gitControlOf } from './git-control';
import { sweptLine } from './new-repo-sweep';
import { EventBus } from '../events/event-bus';
import { Sandbox } from './sandbox';
import { describeWithBwrap } from './test-kit';
import { sweepNewRepositoriesAfterRuns } from './session-sandbox';

// The repositories inside a workspace besides its own `.git`: submodules (their git directories
// live in `.git/modules/`), linked worktrees, and repositories nested in its folders. Git, run by
// the user outside the sandbox later, reads their config: confined code must not change it.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-sbx-git-')));
const repo = join(root, 'repo');
const outside = join(root, 'outside');
const home = join(root, 'home');
const gbHome = join(root, 'gbhome');
const tmp = join(root, 'tmp');
for (const d of [outside, home, gbHome, tmp]) mkdirSync(d, { recursive: true });
const git = (args: string, cwd = repo): string =>
  execSync(`git -c user.email=t@t -c user.name=t -c protocol.file.allow=always ${args}`, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(() => {
  // A library, added to the repository as a submodule (nested: the library has one of its own).
  const leaf = join(root, 'leaf');
  mkdirSync(leaf);
  git('init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m leaf', leaf);
  const lib = join(root, 'lib');
  mkdirSync(lib);
  git('init -q .', lib);
  git(`submodule add -q ${leaf} leaf`, lib);
  git('commit -qm lib', lib);
  mkdirSync(repo);
  git('init -q .');
  git(`submodule add -q ${lib} vendor/lib`);
  git('submodule update -q --init --recursive');
  git('commit -qm top');
  // A repository nested in a folder (a vendored checkout), one inside node_modules, and a linked worktree.
  mkdirSync(join(repo, 'third_party', 'tool'), { recursive: true });
  git('init -q .', join(repo, 'third_party', 'tool'));
  mkdirSync(join(repo, 'node_modules', 'dep'), { recursive: true });
  git('init -q .', join(repo, 'node_modules', 'dep'));
  git(`worktree add -q ${join(outside, 'wt')}`);
});

describe('the git control files of a workspace', () => {
  it('lists the config, hooks and commondir of every git directory: own, submodules (nested), worktrees, nested repositories', () => {
    const c = gitControlOf(repo);
    const rel = (p: string) => p.slice(repo.length + 1);
    const protectedRel = c.protect.map((p) => rel(p.path));
    for (const gitDir of ['.git', '.git/modules/vendor/lib', '.git/modules/vendor/lib/modules/leaf', `.git/worktrees/wt`, 'third_party/tool/.git']) {
      expect(c.pin.map(rel), gitDir).toContain(gitDir);
      for (const entry of ['config', 'hooks', 'commondir']) {
        if (gitDir.startsWith('.git/worktrees') && entry !== 'commondir') continue;
        expect(protectedRel, `${gitDir}/${entry}`).toContain(`${gitDir}/${entry}`);
      }
    }
    // A submodule's `.git` file (it points git at its git directory) is read-only itself.
    expect(c.protect).toContainEqual({ path: join(repo, 'vendor', 'lib', '.git'), kind: 'file' });
    // Installed dependencies are not walked.
    expect(protectedRel.some((p) => p.startsWith('node_modules'))).toBe(false);
    // A missing commondir is created saying "." (a mount needs a file; git reads "." as no redirect).
    expect(readFileSync(join(repo, '.git', 'modules', 'vendor', 'lib', 'commondir'), 'utf8')).toBe('.\n');
    expect(git('status --short')).not.toContain('vendor/lib');
  });

  it('follows a linked .git inside the writable folders; one leading outside them is left read-only (a pin would make it writable)', () => {
    const linked = join(root, 'linked');
    mkdirSync(join(linked, 'real'), { recursive: true });
    git('init -q .', join(linked, 'real'));
    mkdirSync(join(linked, 'app'));
    symlinkSync(join(linked, 'real', '.git'), join(linked, 'app', '.git'));
    symlinkSync(join(repo, 'third_party', 'tool', '.git'), join(linked, '.git'));
    const c = gitControlOf(linked, [linked]);
    expect(c.pin).toEqual([join(linked, 'real', '.git')]);
    expect(c.protect).toContainEqual({ path: join(linked, 'real', '.git', 'config'), kind: 'file' });
    expect(c.protect.some((p) => p.path.startsWith(repo))).toBe(false);
  });

  it('follows a .git file to the git directory it names, also outside .git/modules', () => {
    const sep = join(root, 'separate');
    for (const d of ['work', 'gitdirs']) mkdirSync(join(sep, d), { recursive: true });
    git(`init -q --separate-git-dir ${join(sep, 'gitdirs', 'w')} .`, join(sep, 'work'));
    const c = gitControlOf(sep);
    expect(c.protect).toContainEqual({ path: join(sep, 'work', '.git'), kind: 'file' });
    expect(c.pin).toEqual([join(sep, 'gitdirs', 'w')]);
    expect(c.protect).toContainEqual({ path: join(sep, 'gitdirs', 'w', 'config'), kind: 'file' });
  });

  it('says what a sweep could not do', () => {
    expect(sweptLine(repo, { gitDir: join(repo, 'x', '.git'), removedKeys: ['core.pager'], movedAside: [], problem: 'the changes could not all be made' })).toBe(
      'A git repository made during this session (x/.git) could make git run programs outside the sandbox: Glassbox took core.pager out of its config. But the changes could not all be made: look at it before you run git there.',
    );
  });

  it('stops at its limits', () => {
    const deep = join(root, 'deep');
    mkdirSync(join(deep, 'a', 'b', 'c'), { recursive: true });
    git('init -q .', join(deep, 'a', 'b', 'c'));
    expect(gitControlOf(deep, [deep], { depth: 8, folders: 100, gitDirs: 10 }).pin).toEqual([join(deep, 'a', 'b', 'c', '.git')]);
    expect(gitControlOf(deep, [deep], { depth: 2, folders: 100, gitDirs: 10 }).pin).toEqual([]);
    expect(gitControlOf(deep, [deep], { depth: 8, folders: 2, gitDirs: 10 }).pin).toEqual([]);
  });
});

describeWithBwrap('inside the sandbox', () => {
  let shell: BashShell;
  beforeAll(() => {
    const sandbox = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: repo, glassboxHome: gbHome, env: process.env, userHome: home, tmpDir: tmp });
    expect(sandbox.status()).toMatchObject({ active: true, backend: 'bwrap' });
    shell = new BashShell({ cwd: repo, env: { ...process.env, HOME: home }, sandbox });
  });
  afterAll(() => shell.dispose());

  it("a submodule's or nested repository's config and hooks cannot be changed, so the user's later git status runs nothing planted", async () => {
    const pwned = join(outside, 'PWNED');
    const fsmonitor = `core.fsmonitor "touch ${pwned}; false"`;
    for (const attack of [
      `git config -f .git/modules/vendor/lib/config ${fsmonitor}`,
      `git config -f .git/modules/vendor/lib/modules/leaf/config ${fsmonitor}`,
      `git -C vendor/lib config ${fsmonitor}`,
      `git -C third_party/tool config ${fsmonitor}`,
      'echo "exit 0" > .git/modules/vendor/lib/hooks/post-checkout',
      'echo "gitdir: /tmp/elsewhere" > vendor/lib/.git',
      `echo "${outside}" > .git/modules/vendor/lib/commondir`,
      `echo "${outside}" > .git/worktrees/wt/commondir`,
      'mv .git/modules/vendor/lib .git/modules/vendor/lib-old',
      'mv third_party/tool/.git third_party/tool/.git-old',
    ]) {
      expect((await shell.run(attack)).exitCode, attack).not.toBe(0);
    }
    expect(readFileSync(join(repo, '.git', 'modules', 'vendor', 'lib', 'config'), 'utf8')).not.toContain('fsmonitor');
    expect(readFileSync(join(repo, 'vendor', 'lib', '.git'), 'utf8')).toContain('modules/vendor/lib');
    // The user, outside, later:
    git('status --short');
    git('status --short', join(repo, 'third_party', 'tool'));
    git('status --short', join(outside, 'wt'));
    expect(existsSync(pwned)).toBe(false);
  });

  it('work in the submodule and the nested repository still goes on: edits and commits', async () => {
    writeFileSync(join(repo, 'vendor', 'lib', 'x.txt'), 'x\n');
    const inSub = await shell.run('cd vendor/lib && git add x.txt && git -c user.email=t@t -c user.name=t commit -qm x && git log --oneline | wc -l; cd - >/dev/null');
    expect(inSub).toMatchObject({ exitCode: 0, output: '2' });
    const nested = await shell.run('cd third_party/tool && echo y > y.txt && git add y.txt && git -c user.email=t@t -c user.name=t commit -qm y && git log --oneline | wc -l; cd - >/dev/null');
    expect(nested).toMatchObject({ exitCode: 0, output: '1' });
  });
});

describeWithBwrap('repositories made during the session', () => {
  // A liveness bound: each test runs git a dozen times inside bubblewrap, 43-46 s with two
  // integration runs side by side at load 30 (the 30 s default failed both).
  vi.setConfig({ testTimeout: 300_000 });
  const ws = join(root, 'ws-new');
  const pwned = join(outside, 'PWNED-new');
  const victimDir = join(outside, 'victim-hooks');
  const victimFile = join(outside, 'victim-config');
  let sandbox: Sandbox;
  let shell: BashShell;
  beforeAll(async () => {
    mkdirSync(ws);
    git('init -q . && git -c user.email=t@t -c user.name=t commit -q --allow-empty -m top', ws);
    // The user's own nested repository, there before the session, with a hooks path of theirs.
    mkdirSync(join(ws, 'mine'));
    git('init -q . && git config core.hooksPath .husky', join(ws, 'mine'));
    mkdirSync(victimDir);
    writeFileSync(join(victimDir, 'keep-me'), 'x');
    writeFileSync(victimFile, '[core]\n\tfsmonitor = keep\n');
    sandbox = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [] }, workspace: ws, glassboxHome: gbHome, env: process.env, userHome: home, tmpDir: tmp });
    shell = new BashShell({ cwd: ws, env: { ...process.env, HOME: home }, sandbox });
    expect((await shell.run('true')).exitCode).toBe(0);
  });
  afterAll(() => shell.dispose());

  it('a repository the agent made and registered is disarmed: your next git status runs nothing it planted, and nothing is lost', async () => {
    const plant = await shell.run(
      [
        'git init -q evil && git -C evil remote add origin https://example.com/x.git',
        `git -C evil config core.fsmonitor "touch ${pwned}; false"`,
        `git -C evil config diff.x.textconv "touch ${pwned}"`,
        'git -C evil -c user.email=t@t -c user.name=t commit -q --allow-empty -m e',
        'printf "#!/bin/sh\\ntouch ' + pwned + '\\n" > evil/.git/hooks/post-checkout && chmod +x evil/.git/hooks/post-checkout',
        'git add evil 2>/dev/null; git ls-files -s evil | cut -c1-6',
        // A second one whose hooks folder and config are links to the user's files outside.
        'git init -q linked && rm -rf linked/.git/hooks linked/.git/config',
        `ln -s ${victimDir} linked/.git/hooks && ln -s ${victimFile} linked/.git/config`,
        // And a FIFO where a config goes: reading it would block.
        'git init -q fifo && rm fifo/.git/config && mkfifo fifo/.git/config',
        'mkdir fifo-dotgit && mkfifo fifo-dotgit/.git',
      ].join(' && '),
    );
    // (Inside, the planted programs run confined: their writes outside fail.)
    expect(plant.exitCode).toBe(0);
    expect(plant.output.split('\n').at(-1)).toBe('160000');
    // (A FIFO read would block for good: the test would time out.)
    const swept = sandbox.sweepNewRepositories();
    const evil = swept.find((r) => r.gitDir === join(ws, 'evil', '.git'))!;
    expect(evil.removedKeys.sort()).toEqual(['core.fsmonitor', 'diff.x.textconv']);
    expect(evil.movedAside.map((p) => p.slice(ws.length + 1)).sort()).toEqual(['evil/.git/config.glassbox-quarantine', 'evil/.git/hooks/post-checkout.glassbox-quarantine']);
    // What stays works; what went is kept beside it.
    expect(git('config --file evil/.git/config remote.origin.url', ws).trim()).toBe('https://example.com/x.git');
    expect(readFileSync(join(ws, 'evil', '.git', 'config.glassbox-quarantine'), 'utf8')).toContain('fsmonitor');
    expect(git('log --oneline', join(ws, 'evil')).trim().split('\n')).toHaveLength(1);
    // The user, outside, later:
    git('status --short', ws);
    git('status --short', join(ws, 'evil'));
    git('checkout -q -b other', join(ws, 'evil'));
    expect(existsSync(pwned)).toBe(false);
    // The links were moved aside, not followed: the user's files outside are untouched.
    expect(swept.find((r) => r.gitDir === join(ws, 'linked', '.git'))?.movedAside.length).toBe(2);
    expect(readFileSync(join(victimDir, 'keep-me'), 'utf8')).toBe('x');
    expect(readFileSync(victimFile, 'utf8')).toContain('fsmonitor = keep');
    expect(swept.find((r) => r.gitDir === join(ws, 'fifo', '.git'))?.removedKeys).toEqual(['(a config that is not a plain file git can read)']);
    // The user's own repository, there before, is not touched.
    expect(swept.some((r) => r.gitDir.startsWith(join(ws, 'mine')))).toBe(false);
    expect(git('config core.hooksPath', join(ws, 'mine')).trim()).toBe('.husky');
    // A second sweep finds nothing more to do.
    expect(sandbox.sweepNewRepositories()).toEqual([]);
  });

  it('a registered repository beyond the walk (deeper than it goes) is disarmed all the same', async () => {
    const deep = 'd1/d2/d3/d4/d5/d6/d7/d8/d9/hidden';
    const plant = await shell.run(`git init -q ${deep} && git -C ${deep} config core.fsmonitor "touch ${pwned}; false" && git -C ${deep} -c user.email=t@t -c user.name=t commit -q --allow-empty -m h 2>/dev/null; git add ${deep} 2>/dev/null; git ls-files -s ${deep} | cut -c1-6`);
    expect(plant.output.split('\n').at(-1)).toBe('160000');
    const swept = sandbox.sweepNewRepositories();
    expect(swept.map((r) => r.gitDir)).toContain(join(ws, deep, '.git'));
    git('status --short', ws);
    expect(existsSync(pwned)).toBe(false);
  });

  it('a submodule the agent adds (a clone: nothing that names a program) is left as it is', async () => {
    const add = await shell.run(`git -c protocol.file.allow=always submodule add -q ${join(root, 'leaf')} deps/leaf && git config -f .git/modules/deps/leaf/config core.worktree`);
    expect(add.exitCode, add.output).toBe(0);
    expect(sandbox.sweepNewRepositories()).toEqual([]);
    expect(git('status --short', join(ws, 'deps', 'leaf'))).toBe('');
  });

  it('sweeps after each run and tells the user', async () => {
    const bus = new EventBus('s1');
    const logs: string[] = [];
    bus.subscribe('log', (e) => void logs.push(e.message));
    const final = sweepNewRepositoriesAfterRuns(bus, sandbox, ws);
    await shell.run(`git init -q later && git -C later config core.pager "touch ${pwned}"`);
    bus.emit({ type: 'agent_end', reason: 'finished' });
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(logs).toEqual(['A git repository made during this session (later/.git) could make git run programs outside the sandbox: Glassbox took core.pager out of its config and moved aside later/.git/config.glassbox-quarantine.']);
    expect(readFileSync(join(ws, 'later', '.git', 'config'), 'utf8')).not.toContain('pager');
    // A confined call outside any run (mcp serve, tools call) is swept after it; one inside a run waits for its end.
    const ended = (callId: string) => bus.emit({ type: 'tool_execution_end', callId, tool: 'bash', result: { output: '', error: null, images: [], system: null }, durationMs: 1 });
    const tick = () => new Promise((r) => setImmediate(r));
    await shell.run(`git init -q served && git -C served config core.editor "touch ${pwned}"`);
    ended('c1');
    await tick();
    expect(logs.at(-1)).toContain('(served/.git)');
    await shell.run(`git init -q inner && git -C inner config core.editor "touch ${pwned}"`);
    bus.emit({ type: 'agent_start', task: 't' });
    ended('c2');
    await tick();
    expect(logs.at(-1)).toContain('(served/.git)');
    bus.emit({ type: 'agent_end', reason: 'finished' });
    await tick();
    expect(logs.at(-1)).toContain('(inner/.git)');
    await shell.run(`git init -q last && git -C last config core.editor "touch ${pwned}"`);
    final();
    expect(logs.at(-1)).toContain('(last/.git)');
  });
});
