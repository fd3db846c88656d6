import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerPrompts, runGlassbox, tempGlassbox, victimBase } from '../helpers/cli';

/**
 * The holes of the classifier, through the real CLI (`glassbox tools call bash`): commands that
 * were called read-only delete a folder outside the workspace. Each victim is a throwaway
 * folder outside the workspace and outside the temp dir (which the sandbox lets commands
 * write), so only the policy or the sandbox stands between the command and it.
 */
let t: ReturnType<typeof tempGlassbox>;
let victim: string;
const SLOW = 120_000;

beforeEach(() => {
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
  const base = victimBase();
  mkdirSync(base, { recursive: true });
  victim = mkdtempSync(join(base, 'v-'));
  writeFileSync(join(victim, 'keep.txt'), 'keep');
});

afterEach(() => rmSync(victim, { recursive: true, force: true }));

const call = (command: string, mode: 'ask' | 'auto' | 'deny') =>
  runGlassbox(['tools', 'call', 'bash', '--approve', mode, '--args', JSON.stringify({ command })], { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });

// [the hole, the command, what the reason must say]
const holes = (v: string): Array<[string, string, string]> => [
  ['ANSI-C quoted -delete', `find ${v} $'-delete'`, 'deletes outside the workspace'],
  ['git -c core.fsmonitor', `git init -q . && git -c core.fsmonitor='rm -rf ${v}' status`, 'runs a program via git -c core.fsmonitor'],
  ['git -c diff.external', `git init -q . && git -c diff.external='rm -rf ${v}' diff --no-index /dev/null /etc/hostname`, 'runs a program via git -c diff.external'],
  ['sort --compress-program', `sort --compress-program=sh /dev/null`, 'runs a program via sort --compress-program'],
  ['sort -uo FILE', `sort -uo ${v}/keep.txt /dev/null`, 'sort -o writes'],
  ['find -fprint', `find . -fprint ${v}/keep.txt`, 'find -fprint writes'],
  ['test -v subscript', `test -v 'a[$(rm -rf ${v})]'`, 'evaluates an array subscript'],
  ['[[ -v ]] subscript', `[[ -v 'a[$(rm -rf ${v})]' ]]`, 'evaluates an array subscript'],
  ['printf -v subscript', `printf -v 'a[$(rm -rf ${v})]' %s 1`, 'printf -v'],
  ['allow rule widened', `git status; rm -rf ${v}`, 'deletes outside the workspace'],
  ['here-doc into a shell', `bash <<'EOF'\nrm -rf ${v}\nEOF`, 'deletes outside the workspace'],
  ['echo | bash', `echo 'rm -rf ${v}' | bash`, 'deletes outside the workspace'],
  ['xargs rm', `echo ${v} | xargs rm -rf`, 'deletes outside the workspace'],
  ['find -exec /bin/rm', `find ${v} -exec /bin/rm -rf {} +`, 'deletes outside the workspace'],
  ['pushd', `pushd ${v} && rm -rf ./*`, 'deletes outside the workspace'],
  ['a variable', `d=${v}; rm -rf "$d"`, 'deletes outside the workspace'],
  ['python3 -c', `python3 -c "import shutil; shutil.rmtree('${v}')"`, 'python3 -c runs code'],
  ['git -C clean', `git -C ${v} init -q; git -C ${v} clean -fdx`, 'git clean deletes untracked files outside the workspace'],
  ['prompt expansion ${x@P}', `x='$(rm -rf ${v})'; echo \${x@P}`, 'expands a value as a prompt string'],
  ['indirect expansion ${!x}', `x='a[$(rm -rf ${v})]'; echo \${!x}`, 'expands the variable a value names'],
  ['substring offset ${s:x}', `s=abc; x='a[$(rm -rf ${v})]'; echo \${s:x}`, 'evaluated as arithmetic'],
];

describe('deny mode: every hole is blocked, with what was found, and nothing outside is deleted', () => {
  it.each(holes('VICTIM').map(([name]) => [name]))('%s', async (name) => {
    mkdirSync(t.home, { recursive: true });
    writeFileSync(join(t.home, 'config.json'), JSON.stringify({ approvals: { rules: [{ tool: 'bash', match: 'git status*', decision: 'allow' }] } }));
    const [, command, reason] = holes(victim).find(([n]) => n === name)!;
    const r = await call(command, 'deny');
    expect(r.stdout).toContain('[BLOCKED]');
    expect(r.stdout).toContain(reason);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
  }, SLOW);
});

describe('auto mode: no hole deletes outside the workspace', () => {
  it.each(holes('VICTIM').map(([name]) => [name]))('%s', async (name) => {
    const [, command] = holes(victim).find(([n]) => n === name)!;
    await call(command, 'auto');
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
  }, SLOW);

  it('a delete through a symlink in the workspace that points outside asks (and is denied without a terminal)', async () => {
    symlinkSync(victim, join(t.workspace, 'link'));
    const r = await call('rm -rf link/', 'auto');
    expect(r.stdout).toContain('[BLOCKED]');
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
  }, SLOW);
});

describe('ask mode: the prompt says what was found', () => {
  it('asks for the ANSI-C hidden -delete with the path it deletes; "n" keeps it', async () => {
    const { screen, code, answered: n } = await answerPrompts(['tools', 'call', 'bash', '--approve', 'ask', '--args', JSON.stringify({ command: `find ${victim} $'-delete'` })], { env: t.env, cwd: t.workspace, answers: ['n'] });
    const answered = n === 1;
    expect(answered).toBe(true);
    expect(screen).toContain(`why asked: dangerous command: find -delete deletes outside the workspace: ${victim}`);
    // Approving would let it leave the sandbox: the prompt names that decision.
    expect(screen).toContain('approving runs this one call outside the sandbox');
    expect(code).toBe(1);
    expect(existsSync(join(victim, 'keep.txt'))).toBe(true);
  }, SLOW);
});
