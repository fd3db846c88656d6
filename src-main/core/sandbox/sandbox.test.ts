// @lane integration: real bwrap
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinedEnv } from './confined-env';
import { Sandbox } from './sandbox';
import { selfTestProblem } from './probe';
import type { SandboxConfig } from './config';
import { itWithBwrap } from './test-kit';

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'gb-sbx-status-')));
const config: SandboxConfig = { mode: 'workspace-write', network: false, writableRoots: [] };

function make(over: { env?: NodeJS.ProcessEnv; config?: Partial<SandboxConfig>; platform?: NodeJS.Platform } = {}): { sandbox: Sandbox; warnings: string[] } {
  const warnings: string[] = [];
  const sandbox = new Sandbox({
    config: { ...config, ...over.config },
    workspace: ws,
    glassboxHome: join(ws, 'home'),
    env: { ...process.env, ...over.env },
    platform: over.platform,
    onUnavailable: (m) => warnings.push(m),
  });
  return { sandbox, warnings };
}

describe('Sandbox status and fallback', () => {
  itWithBwrap('is active with bubblewrap and wraps the command in it', () => {
    const { sandbox, warnings } = make();
    expect(sandbox.state()).toEqual({ active: true, mode: 'workspace-write', network: false, writableRoots: ['/tmp'], readOnlyRoots: expect.any(Array) });
    const line = sandbox.wrap('bash', ['-i'], ws);
    // /bin/sh opens the seccomp filter for bubblewrap, then becomes it.
    expect(line.command).toBe('/bin/sh');
    expect(line.args[1]).toBe('exec "$@" 9<"$0"');
    expect(line.args[3]).toMatch(/bwrap$/);
    expect(line.args).toEqual(expect.arrayContaining(['--unshare-user', '--cap-drop', 'ALL', '--seccomp', '9']));
    expect(line.args.slice(-3)).toEqual(['--', 'bash', '-i']);
    expect(warnings).toEqual([]);
    sandbox.dispose();
  });

  itWithBwrap('on an architecture without a filter: still no capabilities and a user namespace, no --seccomp', () => {
    const sandbox = new Sandbox({ config, workspace: ws, glassboxHome: join(ws, 'home'), env: process.env, arch: 'riscv64' });
    const line = sandbox.wrap('bash', ['-i'], ws);
    expect(line.command).toMatch(/bwrap$/);
    expect(line.args).toEqual(expect.arrayContaining(['--unshare-user', '--cap-drop', 'ALL']));
    expect(line.args).not.toContain('--seccomp');
    sandbox.dispose();
  });

  it('a failed self-test that is about user namespaces says so', () => {
    expect(selfTestProblem('bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.')).toMatch(
      /^no user namespace can be created here \(bubblewrap: .*\); the sandbox needs one to run without capabilities/,
    );
    expect(selfTestProblem('bwrap: setting up uid map: Permission denied')).toMatch(/^no user namespace can be created here/);
    expect(selfTestProblem('bwrap: Can\'t mkdir /x: Read-only file system')).toBe("bubblewrap failed its self-test: bwrap: Can't mkdir /x: Read-only file system");
  });

  it.each([
    ['no bubblewrap', { GLASSBOX_BWRAP: '/nonexistent/bwrap' }, /bubblewrap \(\/nonexistent\/bwrap\) was not found: install it/],
    ['a bubblewrap that fails its self-test', { GLASSBOX_BWRAP: '/bin/false' }, /bubblewrap failed its self-test/],
  ])('with %s: unsandboxed, says why once, runs commands unwrapped', (_what, env, reason) => {
    const { sandbox, warnings } = make({ env, platform: 'linux' });
    const status = sandbox.status();
    expect(status).toMatchObject({ active: false, backend: 'none' });
    expect(status.reason).toMatch(reason);
    expect(sandbox.wrap('bash', ['-i'], ws)).toEqual({ command: 'bash', args: ['-i'] });
    sandbox.state();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^commands run UNSANDBOXED: .*every command that is not read-only needs approval/);
  });

  it('on an unsupported OS: unsandboxed with the reason', () => {
    const { sandbox, warnings } = make({ platform: 'win32' });
    expect(sandbox.status()).toMatchObject({ active: false, reason: 'no OS sandbox is supported on win32' });
    expect(warnings).toHaveLength(1);
  });

  it('mode "off" is unsandboxed by choice: shown as such, no warning', () => {
    const { sandbox, warnings } = make({ config: { mode: 'off' } });
    expect(sandbox.status()).toMatchObject({ active: false, mode: 'off', reason: 'sandbox.mode is "off" in the config' });
    expect(sandbox.wrap('python3', ['-c', '1'], ws)).toEqual({ command: 'python3', args: ['-c', '1'] });
    expect(warnings).toEqual([]);
  });
});

describe('confinedEnv', () => {
  it('drops the model keys, configured secrets wherever they are exported, and agent sockets; keeps the rest', () => {
    const env = {
      PATH: '/usr/bin',
      HOME: '/home/u',
      GLASSBOX_LLM_API_KEY: 'sk-glassbox-123456',
      OPENAI_API_KEY: 'sk-openai-123456',
      ANTHROPIC_API_KEY: 'sk-ant-123456',
      MY_TOKEN: 'tok-abcdef-123',
      COPY_OF_TOKEN: 'Bearer tok-abcdef-123',
      SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
    };
    const out = confinedEnv(
      { llm: { apiKey: 'sk-literal-in-config' }, mcpServers: { remote: { url: 'http://x', headers: { Authorization: 'Bearer ${env:MY_TOKEN}' } } } },
      { ...env, LEAKED_LITERAL: 'sk-literal-in-config' },
    );
    expect(out).toEqual({ PATH: '/usr/bin', HOME: '/home/u' });
  });
});
