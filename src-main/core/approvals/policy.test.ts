import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalRule } from '../config/config';
import { evaluatePolicy, isInsideWorkspace, type ApprovalMode, type CommandVerdict } from './policy';
import { escapeGlob, globMatch } from './rule-matching';
import type { SandboxState } from './types';

const WS = '/home/u/project';

/** A stand-in classifier with fixed answers per command, so the table tests the policy alone. */
function classifier(table: Record<string, CommandVerdict['risk']>): (cmd: string) => CommandVerdict {
  return (cmd) => ({ risk: table[cmd] ?? 'unknown', reasons: [`${table[cmd] ?? 'unknown'}: ${cmd}`], commands: [{ text: cmd, risk: table[cmd] ?? 'unknown' }] });
}
const classify = classifier({ 'ls -la': 'safe', 'git status': 'safe', 'rm -rf /': 'dangerous', 'git push --force': 'dangerous', 'npm install': 'unknown' });

type Row = [
  name: string,
  mode: ApprovalMode,
  tool: string,
  args: Record<string, unknown>,
  rules: ApprovalRule[],
  readOnly: boolean,
  expected: 'allow' | 'ask' | 'deny',
  sandbox?: SandboxState,
];

const SANDBOX: SandboxState = { active: true, mode: 'workspace-write', network: false, writableRoots: [] };

const rows: Row[] = [
  // bash by the classifier
  ['safe bash runs in ask mode', 'ask', 'bash', { command: 'ls -la' }, [], false, 'allow'],
  ['unknown bash asks in ask mode', 'ask', 'bash', { command: 'npm install' }, [], false, 'ask'],
  ['unknown bash runs in auto mode inside a sandbox', 'auto', 'bash', { command: 'npm install' }, [], false, 'allow', SANDBOX],
  ['unknown bash asks in auto mode without a sandbox', 'auto', 'bash', { command: 'npm install' }, [], false, 'ask'],
  ['dangerous bash asks even in auto', 'auto', 'bash', { command: 'rm -rf /' }, [], false, 'ask'],
  ['dangerous bash is denied in deny mode', 'deny', 'bash', { command: 'git push --force' }, [], false, 'deny'],
  ['unknown bash is denied in deny mode', 'deny', 'bash', { command: 'npm install' }, [], false, 'deny'],
  ['safe bash runs in deny mode', 'deny', 'bash', { command: 'git status' }, [], false, 'allow'],
  // rules: deny > ask > allow; an allow rule lets a dangerous command through
  ['allow rule lets a dangerous command run', 'auto', 'bash', { command: 'git push --force' }, [{ tool: 'bash', match: 'git push*', decision: 'allow' }], false, 'allow'],
  ['allow rule in ask mode', 'ask', 'bash', { command: 'npm install' }, [{ tool: 'bash', match: 'npm *', decision: 'allow' }], false, 'allow'],
  ['deny beats allow', 'auto', 'bash', { command: 'npm install' }, [{ tool: 'bash', match: 'npm *', decision: 'allow' }, { tool: 'bash', match: '*install*', decision: 'deny' }], false, 'deny'],
  ['ask beats allow', 'auto', 'bash', { command: 'ls -la' }, [{ tool: 'bash', decision: 'allow' }, { tool: 'bash', match: 'ls*', decision: 'ask' }], false, 'ask'],
  ['deny beats ask', 'ask', 'bash', { command: 'ls -la' }, [{ tool: 'bash', match: 'ls*', decision: 'ask' }, { tool: '*', decision: 'deny' }], false, 'deny'],
  ['ask rule in deny mode denies', 'deny', 'bash', { command: 'ls -la' }, [{ tool: 'bash', decision: 'ask' }], false, 'deny'],
  ['a non-matching rule is ignored', 'ask', 'bash', { command: 'npm install' }, [{ tool: 'bash', match: 'git *', decision: 'allow' }], false, 'ask'],
  ['rule for another tool is ignored', 'auto', 'bash', { command: 'rm -rf /' }, [{ tool: 'python_execute', decision: 'allow' }], false, 'ask'],
  ['tool glob matches MCP tools', 'ask', 'mcp_files_write_file', { path: 'x' }, [{ tool: 'mcp_files_*', decision: 'allow' }], false, 'allow'],
  // editor: view reads; edits outside the workspace ask even in auto
  ['editor view runs in ask mode', 'ask', 'str_replace_editor', { command: 'view', path: '/etc/hosts' }, [], false, 'allow'],
  ['editor create in workspace asks in ask mode', 'ask', 'str_replace_editor', { command: 'create', path: `${WS}/a.txt` }, [], false, 'ask'],
  ['editor create in workspace runs in auto', 'auto', 'str_replace_editor', { command: 'create', path: `${WS}/a.txt` }, [], false, 'allow'],
  ['editor edit outside the workspace asks in auto', 'auto', 'str_replace_editor', { command: 'str_replace', path: '/etc/hosts' }, [], false, 'ask'],
  ['editor edit via .. escaping the workspace asks in auto', 'auto', 'str_replace_editor', { command: 'create', path: `${WS}/../other/x` }, [], false, 'ask'],
  ['editor edit outside is denied in deny mode', 'deny', 'str_replace_editor', { command: 'create', path: '/tmp/x' }, [], false, 'deny'],
  ['path rule allows an outside edit', 'auto', 'str_replace_editor', { command: 'create', path: '/tmp/x' }, [{ tool: 'str_replace_editor', match: '/tmp/*', decision: 'allow' }], false, 'allow'],
  // other tools
  ['read-only tool runs in ask mode', 'ask', 'web_search', { query: 'x' }, [], true, 'allow'],
  ['read-only tool runs in deny mode', 'deny', 'web_search', { query: 'x' }, [], true, 'allow'],
  ['other tool asks in ask mode', 'ask', 'python_execute', { code: 'print(1)' }, [], false, 'ask'],
  ['python runs in auto mode inside a sandbox', 'auto', 'python_execute', { code: 'print(1)' }, [], false, 'allow', SANDBOX],
  ['python asks in auto mode without a sandbox', 'auto', 'python_execute', { code: 'print(1)' }, [], false, 'ask'],
  ['other tool runs in auto mode', 'auto', 'web_fetch', { url: 'http://x' }, [], false, 'allow'],
  ['other tool is denied in deny mode', 'deny', 'python_execute', { code: 'print(1)' }, [], false, 'deny'],
  ['args glob for other tools matches the code', 'ask', 'python_execute', { code: 'print(1)' }, [{ tool: 'python_execute', match: 'print*', decision: 'allow' }], false, 'allow'],
];

describe('evaluatePolicy', () => {
  it.each(rows)('%s', (_name, mode, tool, args, rules, readOnly, expected, sandbox) => {
    const v = evaluatePolicy({ call: { tool, args }, workspace: WS, mode, rules, readOnly, classify, sandbox });
    expect(v.decision).toBe(expected);
    expect(v.reasons.length).toBeGreaterThan(0);
  });

  it('a throwing or missing classifier makes bash unknown (asks), never allows', () => {
    const throwing = (): CommandVerdict => {
      throw new Error('grammar not loaded');
    };
    expect(evaluatePolicy({ call: { tool: 'bash', args: { command: 'ls' } }, workspace: WS, mode: 'ask', rules: [], classify: throwing }).decision).toBe('ask');
    expect(evaluatePolicy({ call: { tool: 'bash', args: { command: 'ls' } }, workspace: WS, mode: 'ask', rules: [] }).decision).toBe('ask');
  });
});

describe('globMatch', () => {
  it.each([
    ['git status*', 'git status --short', true],
    ['git status*', 'git push', false],
    ['*.txt', '/a/b/c.txt', true],
    ['a?c', 'abc', true],
    ['a?c', 'abbc', false],
    ['rm -rf (x)', 'rm -rf (x)', true],
    ['', '', true],
    // Braces are alternatives, as in the registry allowlist and search (before: literal here).
    ['git {status,diff}*', 'git diff --stat', true],
    ['git {status,diff}*', 'git push', false],
    ['find * -exec {} ;', 'find . -exec {} ;', true],
  ] as const)('%s ~ %s → %s', (glob, text, expected) => {
    expect(globMatch(glob, text)).toBe(expected);
  });

  it('an "always" rule (escapeGlob) matches its one target, even with glob characters in it', () => {
    for (const target of ['echo {a,b}', 'ls *.ts', 'cat a?b', 'find . -exec {} ;', 'echo {x,{y,z}}']) {
      const rule = escapeGlob(target);
      expect(globMatch(rule, target), target).toBe(true);
    }
    expect(globMatch(escapeGlob('echo {a,b}'), 'echo a')).toBe(false);
    expect(globMatch(escapeGlob('ls *.ts'), 'ls ab.ts')).toBe(false);
  });
});

describe('isInsideWorkspace', () => {
  it.each([
    ['a.txt', true],
    [`${WS}/sub/a.txt`, true],
    [WS, true],
    ['../x', false],
    ['/etc/passwd', false],
    [`${WS}-other/x`, false],
  ] as const)('%s → %s', (p, expected) => {
    expect(isInsideWorkspace(p, WS)).toBe(expected);
  });
});

describe('editor decisions are made on real paths', () => {
  // A workspace holding a link that points out of it (throwaway temp dirs).
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-policy-link-')));
  const ws = join(base, 'ws');
  const outside = join(base, 'outside');
  mkdirSync(ws);
  mkdirSync(outside);
  writeFileSync(join(outside, 'victim.txt'), 'x');
  symlinkSync(outside, join(ws, 'link'));
  symlinkSync(join(outside, 'victim.txt'), join(ws, 'victim-link'));
  it.each([
    ['create through a dir link', { command: 'create', path: join(ws, 'link', 'new.txt') }, 'ask'],
    ['str_replace through a file link', { command: 'str_replace', path: join(ws, 'victim-link') }, 'ask'],
    ['undo_edit through a dir link', { command: 'undo_edit', path: join(ws, 'link', 'victim.txt') }, 'ask'],
    ['a plain file inside', { command: 'create', path: join(ws, 'ok.txt') }, 'allow'],
  ] as const)('%s in auto mode → %s', (_n, args, expected) => {
    const v = evaluatePolicy({ call: { tool: 'str_replace_editor', args: { ...args } }, workspace: ws, mode: 'auto', rules: [] });
    expect(v.decision).toBe(expected);
    if (expected === 'ask') expect(v.reasons.join(' ')).toContain(`really ${outside}`);
  });

  it.each([
    [join('.git', 'config'), 'git runs hooks'],
    [join('.git', 'hooks', 'pre-commit'), 'git runs hooks'],
    [join('.glassbox', 'config.json'), 'MCP servers and extensions'],
    // A case-insensitive file system (macOS, Windows) opens .git here.
    [join('.GIT', 'hooks', 'pre-commit'), 'git runs hooks'],
    [join('.Glassbox', 'config.json'), 'MCP servers and extensions'],
    // A nested repository: git run in sub/ reads its config and runs its hooks.
    [join('sub', '.git', 'config'), 'git runs hooks'],
    [join('sub', '.glassbox', 'config.json'), 'MCP servers and extensions'],
  ])('an edit of %s asks even in auto (programs run from there outside any sandbox)', (rel, why) => {
    const v = evaluatePolicy({ call: { tool: 'str_replace_editor', args: { command: 'create', path: join(ws, rel) } }, workspace: ws, mode: 'auto', rules: [] });
    expect(v.decision).toBe('ask');
    expect(v.reasons.join(' ')).toContain(why);
  });
});

describe('path rules: an allow rule must match the real path', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-policy-rule-')));
  const ws = join(base, 'ws');
  mkdirSync(ws);
  mkdirSync(join(base, 'etc'));
  symlinkSync(join(base, 'etc'), join(ws, 'link'));
  const allowWs: ApprovalRule[] = [{ tool: 'str_replace_editor', match: `${ws}/*`, decision: 'allow' }];
  it('a rule for the workspace does not cover a link out of it', () => {
    const v = evaluatePolicy({ call: { tool: 'str_replace_editor', args: { command: 'create', path: join(ws, 'link', 'passwd') } }, workspace: ws, mode: 'deny', rules: allowWs });
    expect(v.decision).toBe('deny');
  });
  it('it covers a real file in the workspace', () => {
    const v = evaluatePolicy({ call: { tool: 'str_replace_editor', args: { command: 'create', path: join(ws, 'a.txt') } }, workspace: ws, mode: 'deny', rules: allowWs });
    expect(v.decision).toBe('allow');
  });
  it('a deny rule matches the path as written too', () => {
    const v = evaluatePolicy({ call: { tool: 'str_replace_editor', args: { command: 'create', path: join(ws, 'link', 'x') } }, workspace: ws, mode: 'auto', rules: [{ tool: 'str_replace_editor', match: '*/link/*', decision: 'deny' }] });
    expect(v.decision).toBe('deny');
  });
});

describe('replayed calls never widen', () => {
  const bash = (command: string) => ({ tool: 'bash', args: { command } });
  it('run as in ask mode even when the session is in auto', () => {
    const v = evaluatePolicy({ call: bash('npm install'), workspace: WS, mode: 'auto', rules: [], classify, sandbox: { active: true, mode: 'workspace-write', network: true, writableRoots: [] }, replay: { of: 'call_1', recorded: { decision: 'allow', by: 'human' } } });
    expect(v.decision).toBe('ask');
    expect(v.reasons[0]).toBe('replay of call_1; when recorded: allowed by human');
  });
  it('a call the human denied asks again, even when a rule or the classifier would allow it', () => {
    const v = evaluatePolicy({ call: bash('git status'), workspace: WS, mode: 'ask', rules: [], classify, replay: { of: 'call_2', recorded: { decision: 'deny', by: 'human' } } });
    expect(v.decision).toBe('ask');
    expect(v.reasons[0]).toContain('denied by human');
  });
  it('deny mode stays deny', () => {
    expect(evaluatePolicy({ call: bash('npm install'), workspace: WS, mode: 'deny', rules: [], classify, replay: { of: 'c', recorded: null } }).decision).toBe('deny');
  });
  it('a read-only call that was allowed runs', () => {
    expect(evaluatePolicy({ call: bash('git status'), workspace: WS, mode: 'auto', rules: [], classify, replay: { of: 'c', recorded: null } }).decision).toBe('allow');
  });
});

describe('the editor cannot read credentials or Glassbox’s own files unasked', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-policy-secret-')));
  const home = join(base, 'home');
  const glassboxHome = join(base, 'gbhome');
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(glassboxHome);
  mkdirSync(join(base, 'ws'));
  symlinkSync(join(home, '.ssh'), join(base, 'ws', 'keys'));
  const view = (path: string, mode: ApprovalMode) =>
    evaluatePolicy({ call: { tool: 'str_replace_editor', args: { command: 'view', path } }, workspace: join(base, 'ws'), mode, rules: [], userHome: home, privatePaths: [glassboxHome] });
  it.each([
    [join(home, '.ssh', 'id_rsa'), 'ask'],
    [join(glassboxHome, 'config.json'), 'ask'],
    [join(base, 'ws', 'keys', 'id_rsa'), 'ask'], // through a link
    [join(base, 'ws', 'README.md'), 'allow'],
  ] as const)('view %s → %s', (path, expected) => {
    expect(view(path, 'auto').decision).toBe(expected);
  });
  it('is denied in deny mode', () => {
    expect(view(join(home, '.ssh', 'id_rsa'), 'deny').decision).toBe('deny');
  });
});

describe('an approval whose text would not show what runs says so first', () => {
  // In the window a right-to-left override made `…\u202e; rm -rf /x #` show as `… # x/ fr- mr ;`,
  // a harmless-looking comment.
  it.each([
    ['bash', { command: 'echo "listing" \u202e; rm -rf /var/tmp/x #' }, 'U+202E'],
    ['bash', { command: 'ls\u200b -la' }, 'U+200B'],
    ['bash', { command: 'echo ok\rrm -rf /x' }, 'U+000D'],
    ['python_execute', { code: 'print(1) # \u2066\nimport os' }, 'U+2066'],
  ] as const)('%s %j', (tool, args, code) => {
    const v = evaluatePolicy({ call: { tool, args: { ...args } }, workspace: WS, mode: 'ask', rules: [], classify });
    expect(v.decision).toBe('ask');
    expect(v.reasons[0]).toContain(code);
    expect(v.reasons[0]).toMatch(/not be what runs/);
  });
  it('a plain command has no such reason', () => {
    const v = evaluatePolicy({ call: { tool: 'bash', args: { command: 'npm install' } }, workspace: WS, mode: 'ask', rules: [], classify });
    expect(v.reasons.join(' ')).not.toMatch(/not be what runs/);
  });
});

describe('what an approval of an editor call grants it: the real path judged, no more', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-policy-grant-')));
  const ws = join(base, 'ws');
  const gbhome = join(base, 'gbhome');
  mkdirSync(ws);
  mkdirSync(gbhome);
  mkdirSync(join(base, 'etc'));
  symlinkSync(join(base, 'etc'), join(ws, 'link'));
  const edit = (args: Record<string, unknown>, mode: ApprovalMode, rules: ApprovalRule[] = []) =>
    evaluatePolicy({ call: { tool: 'str_replace_editor', args }, workspace: ws, mode, rules, userHome: join(base, 'user'), privatePaths: [gbhome] });
  it('an edit through a link out asks, granting the link’s real target', () => {
    const v = edit({ command: 'create', path: join(ws, 'link', 'x') }, 'auto');
    expect(v).toMatchObject({ decision: 'ask', grant: { paths: [join(base, 'etc', 'x')] } });
  });
  it('an allow rule for an outside path grants it; inside the workspace nothing needs granting', () => {
    const rules: ApprovalRule[] = [{ tool: 'str_replace_editor', match: `${base}/etc/*`, decision: 'allow' }];
    expect(edit({ command: 'create', path: join(base, 'etc', 'y') }, 'auto', rules)).toMatchObject({ decision: 'allow', grant: { paths: [join(base, 'etc', 'y')] } });
    expect(edit({ command: 'create', path: join(ws, 'a.txt') }, 'auto').grant).toBeUndefined();
  });
  it('a view of a hidden folder asks, granting that file; deny mode grants nothing', () => {
    expect(edit({ command: 'view', path: join(gbhome, 'config.json') }, 'auto')).toMatchObject({ decision: 'ask', grant: { paths: [join(gbhome, 'config.json')] } });
    expect(edit({ command: 'view', path: join(gbhome, 'config.json') }, 'deny')).toMatchObject({ decision: 'deny' });
    expect(edit({ command: 'view', path: join(gbhome, 'config.json') }, 'deny').grant).toBeUndefined();
  });
});
