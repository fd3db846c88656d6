// @lane integration: real bash in a pty
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BashShell } from './shell';
import { carriedState, pathOutside, runOutsideSandbox } from './outside-command';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-outside-')));
const ws = join(root, 'ws');
const tmp = join(root, 'tmp');
mkdirSync(join(ws, 'bin'), { recursive: true });
mkdirSync(tmp);
symlinkSync(join(ws, 'bin'), join(root, 'link-into-ws'));

describe('pathOutside', () => {
  it.each([
    ['/usr/bin:/bin', '/usr/bin:/bin'],
    [`${ws}/bin:/usr/bin`, '/usr/bin'],
    [`/usr/bin:${tmp}:${ws}`, '/usr/bin'],
    [`${join(root, 'link-into-ws')}:/bin`, '/bin'],
    ['.:bin:/usr/bin::', '/usr/bin'],
    [`${ws}-other/bin:/bin`, `${ws}-other/bin:/bin`],
  ])('%s → %s', (path, kept) => {
    expect(pathOutside(path, [ws, tmp])).toBe(kept);
  });
});

describe('carriedState', () => {
  const shell = new BashShell({ cwd: ws });
  afterAll(() => shell.dispose());

  it('carries cwd and exports (any value), drops code-loading variables, secrets and unexported ones', async () => {
    await shell.run(
      `cd bin && export PLAIN=yes MULTI=$'two\\nlines\\t=x' LD_PRELOAD=/x.so BASH_ENV=/x NODE_OPTIONS=--require=/x PYTHONPATH=/x GIT_CONFIG_GLOBAL=/x HOLDER=pre-SECRET-post && NOT_EXPORTED=1 && f() { :; }; export -f f`,
    );
    const s = await carriedState(shell, '/fallback', ['SECRET'], [ws]);
    expect(s.cwd).toBe(join(ws, 'bin'));
    expect(s.env.PLAIN).toBe('yes');
    expect(s.env.MULTI).toBe('two\nlines\t=x');
    for (const dropped of ['LD_PRELOAD', 'BASH_ENV', 'NODE_OPTIONS', 'PYTHONPATH', 'GIT_CONFIG_GLOBAL', 'HOLDER', 'NOT_EXPORTED', 'BASH_FUNC_f%%', 'PROMPT_COMMAND', 'GLASSBOX_BASH_INIT']) {
      expect(s.env, dropped).not.toHaveProperty([dropped]);
    }
    expect(s.env.PATH).toBeDefined();
  });
});

describe('carriedState: variables the confined side pointed at its own files', () => {
  const shell = new BashShell({ cwd: ws });
  afterAll(() => shell.dispose());

  it('an exported HOME / XDG_CONFIG_HOME / GIT_* / PYTHONUSERBASE / proxy … set inside does not reach the escalated call; the user’s own values do', async () => {
    await shell.run(
      `export HOME=${ws}/h XDG_CONFIG_HOME=${ws}/x GIT_DIR=${ws}/evil.git GIT_TEMPLATE_DIR=${ws}/t GIT_EXTERNAL_DIFF=${ws}/d PYTHONUSERBASE=${ws}/u CURL_HOME=${ws}/c https_proxy=http://127.0.0.1:9 OPENSSL_CONF=${ws}/o AWS_CONFIG_FILE=${ws}/a EDITOR=${ws}/e npm_config_userconfig=${ws}/n MINE=${tmp}/data PLAIN=yes`,
    );
    const s = await carriedState(shell, '/fallback', [], [ws, tmp]);
    expect(s.env.PLAIN).toBe('yes');
    expect(s.env.HOME).toBe(process.env.HOME);
    for (const dropped of ['XDG_CONFIG_HOME', 'GIT_DIR', 'GIT_TEMPLATE_DIR', 'GIT_EXTERNAL_DIFF', 'PYTHONUSERBASE', 'CURL_HOME', 'https_proxy', 'OPENSSL_CONF', 'AWS_CONFIG_FILE', 'EDITOR', 'npm_config_userconfig', 'MINE']) {
      expect(s.env[dropped], dropped).toBe(process.env[dropped]);
    }
  });
});

describe('an escalated call from a shell that exported XDG_CONFIG_HOME', () => {
  const shell = new BashShell({ cwd: ws });
  afterAll(() => shell.dispose());

  it('an approved `git status` of a repo outside does not run a core.fsmonitor planted through XDG_CONFIG_HOME', async () => {
    const repo = join(root, 'outside-repo');
    const pwned = join(root, 'PWNED');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(join(ws, 'x', 'git'), { recursive: true });
    writeFileSync(join(ws, 'x', 'git', 'config'), `[core]\n\tfsmonitor = "touch ${pwned}; false"\n`);
    await shell.run(`export XDG_CONFIG_HOME=${ws}/x`);
    const s = await carriedState(shell, '/fallback', [], [ws, tmp]);
    const r = await runOutsideSandbox(`git -C ${repo} status --short; echo exit=$?`, s, { timeoutMs: 20_000 });
    expect(r.output).toContain('exit=0');
    expect(existsSync(pwned)).toBe(false);
  });
});
