import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ofType, runJson, useAgentFixtures } from '../agent/agent-harness';
import { runGlassbox, tempGlassbox, victimBase } from '../helpers/cli';

// The shell runs exactly what was checked. Before, the command was typed into the shell's pty:
// `echo hi\rrm -f victim` was judged "read-only echo", ran even with --approve deny, and the
// terminal turned \r into Enter, so bash ran the rm. Now every character a terminal or bash
// treats specially (besides tab and newline) is refused before anyone is asked, and what runs
// reaches bash as data. Through the real CLI (`npm run build` first).
vi.setConfig({ testTimeout: 300_000 });

const SPECIAL: Array<[string, string]> = [
  ...Array.from({ length: 32 }, (_, i) => i)
    .filter((i) => i !== 0x09 && i !== 0x0a)
    .map((i): [string, string] => [`0x${i.toString(16).padStart(2, '0')}`, String.fromCharCode(i)]),
  ['DEL', '\x7f'],
  ...Array.from({ length: 32 }, (_, i) => 0x80 + i).map((c): [string, string] => [`U+00${c.toString(16)}`, String.fromCharCode(c)]),
  ['lone surrogate', '\ud83d'],
];

const t = tempGlassbox();
mkdirSync(t.workspace, { recursive: true });
mkdirSync(t.home, { recursive: true });
/** Each case its own victim and marker: the cases run side by side. */
let next = 0;
function victimFile(): { victim: string; marker: string } {
  const n = next++;
  const victim = join(t.workspace, `victim-${n}.txt`);
  writeFileSync(victim, 'keep\n');
  return { victim, marker: join(t.workspace, `marker-${n}`) };
}
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function call(command: string, env = t.env, cwd = t.workspace): ReturnType<typeof runGlassbox> {
  return runGlassbox(['tools', 'call', 'bash', '--approve', 'deny', '--args', JSON.stringify({ command })], { env, cwd });
}

describe.concurrent('glassbox tools call bash --approve deny: a control character hides nothing', () => {
  it.for(SPECIAL)('%s after a read-only command: refused, nothing after it runs', async ([, ch]) => {
    const { victim, marker } = victimFile();
    const r = await call(`echo hi${ch}rm -f ${victim}; touch ${marker}`);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/the command was not run: it contains (the control character|an unpaired)/);
    expect(existsSync(victim)).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it.for([
    ['git status', `git status\rrm -f VICTIM`],
    ['a comment', `true # \rrm -f VICTIM`],
    ['cat', `cat f\rrm -f VICTIM`],
    ['printf', `printf x\rrm -f VICTIM`],
    ['escape then return', `\x1b\rrm -f VICTIM`],
    ['Ctrl-C then the command', `sleep 0\x03rm -f VICTIM`],
    ['a paste end inside quotes', `echo '\x1b[201~'\rrm -f VICTIM`],
    ['Ctrl-V (quoted insert) before return', `echo hi\x16\rrm -f VICTIM`],
    ['CSI as one character', `echo hi\u009b201~\rrm -f VICTIM`],
  ] as const)('the probe "%s" deletes nothing', async ([, probe]) => {
    const { victim } = victimFile();
    const r = await call(probe.replace('VICTIM', victim));
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/the command was not run: it contains/);
    expect(existsSync(victim)).toBe(true);
  });

  it('without a sandbox ("mode": "off") a folder outside the workspace survives too', async () => {
    const s = tempGlassbox();
    mkdirSync(s.workspace, { recursive: true });
    mkdirSync(s.home, { recursive: true });
    writeFileSync(join(s.home, 'config.json'), JSON.stringify({ sandbox: { mode: 'off' } }));
    const base = victimBase();
    const v = mkdtempSync(join(base, 'cr-'));
    made.push(v);
    writeFileSync(join(v, 'keep.txt'), 'keep');
    const r = await call(`echo hi\rrm -rf ${v}`, s.env, s.workspace);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/carriage return/);
    expect(existsSync(join(v, 'keep.txt'))).toBe(true);
  });

  it('tab and newline still work, and escapes written as text produce the characters', async () => {
    const r = await runGlassbox(['tools', 'call', 'bash', '--approve', 'deny', '--json', '--args', JSON.stringify({ command: "printf '%s\\n' \"a\tb\"\nprintf '%s' $'x\\x41y' | od -An -c" })], { env: t.env, cwd: t.workspace });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { result: { output: string } };
    expect(out.result.output).toMatch(/^a\s+b\n\s*x\s+A\s+y$/);
  });
});

describe('glassbox run --approve deny', () => {
  const fixture = useAgentFixtures();
  it('the model sending `echo hi\\rrm -f victim` gets the refusal; the file stays; the run goes on', async () => {
    const f = await fixture('openai', [{ toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'echo hi\rrm -f victim.txt' } }] }, { text: 'done' }]);
    writeFileSync(join(f.workspace, 'victim.txt'), 'keep\n');
    const r = await runJson(f, 'tidy', ['--approve', 'deny']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(f.workspace, 'victim.txt'))).toBe(true);
    const end = ofType(r.events, 'tool_execution_end')[0]!;
    expect(String((end.result as { error: string }).error)).toMatch(/carriage return \(\\r\)/);
    expect(ofType(r.events, 'agent_end')[0]!.reason).toBe('finished');
  });
});
