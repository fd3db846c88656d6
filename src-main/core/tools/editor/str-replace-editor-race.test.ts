// @lane integration: a Python helper swaps names during edits
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PolicyApprovalGate } from '../../approvals/policy-approval-gate';
import { ToolHooks } from '../tool-hooks';
import { startSwapper } from '../../workspace/test-support/swap-race';
import { EditHistory } from './edit-history';
import { StrReplaceEditor } from './str-replace-editor';
import { ToolCollection } from '../tool-collection';
import { ToolRunner } from '../tool-runner';

// A liveness bound, not a speed test: the rounds take seconds alone and minutes on a loaded
// 2-core machine, where a busy-looping swapper competes with everything else for the cores.
const RACE_TIMEOUT_MS = 600_000;

// The attack of issue 21: the agent's own background job swaps a workspace folder with a
// symlink that leads out (renameat2 RENAME_EXCHANGE in a loop) while the editor works in auto
// mode, where the policy lets every edit inside the workspace run. Whatever the policy saw, the
// editor must never write outside the workspace nor read a hidden folder.

const ROUNDS = 400;
let base: string;
let ws: string;
let home: string;
let outside: string;
let stop: (() => Promise<void>) | undefined;

function runner(): ToolRunner {
  const tools = new ToolCollection([new StrReplaceEditor({ history: EditHistory.forHome(home), userHome: join(base, 'user') })]);
  const approvals = new PolicyApprovalGate({ mode: 'auto', rules: [], workspace: ws, privatePaths: [home] });
  return new ToolRunner({ tools, hooks: new ToolHooks(), workspace: ws, home, approvals });
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'gb-editor-race-')));
  ws = join(base, 'ws');
  home = join(base, 'gbhome'); // $GLASSBOX_HOME: hidden from every tool
  outside = join(base, 'outside'); // a folder outside the workspace (read-only to the sandbox)
  mkdirSync(join(ws, 'd'), { recursive: true });
  mkdirSync(outside);
  mkdirSync(join(home, 'keys'), { recursive: true });
  writeFileSync(join(ws, 'd', 'target.txt'), 'MARK\n');
  writeFileSync(join(outside, 'target.txt'), 'MARK\n');
  writeFileSync(join(home, 'keys', 'target.txt'), 'SECRET-KEY\n');
});

afterEach(async () => {
  await stop?.();
  stop = undefined;
  rmSync(base, { recursive: true, force: true });
});

describe('the editor under a symlink swap race', () => {
  it(`creates and replaces ${ROUNDS} times with nothing written outside the workspace`, async () => {
    symlinkSync(outside, join(ws, 'l'));
    stop = (await startSwapper(join(ws, 'd'), join(ws, 'l'))).stop;
    const r = runner();
    let created = 0;
    let replaced = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const c = await r.run({ tool: 'str_replace_editor', args: { command: 'create', path: join(ws, 'd', `new-${i}.txt`), file_text: `file ${i}\n` } });
      if (!c.blocked && !c.result.error) created++;
      const s = await r.run({ tool: 'str_replace_editor', args: { command: 'str_replace', path: join(ws, 'd', 'target.txt'), old_str: 'MARK', new_str: 'MARK.' } });
      if (!s.blocked && !s.result.error) replaced++;
    }
    await stop();
    stop = undefined;
    expect(readdirSync(outside)).toEqual(['target.txt']);
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('MARK\n');
    // Not a vacuous pass: the editor kept working inside while the race ran.
    expect(created).toBeGreaterThan(0);
    expect(replaced).toBeGreaterThan(0);
  }, RACE_TIMEOUT_MS);

  it('replaces a file whose name is swapped with a link to an outside file without writing through the link', async () => {
    writeFileSync(join(ws, 't.txt'), 'MARK\n');
    symlinkSync(join(outside, 'target.txt'), join(ws, 'tl'));
    stop = (await startSwapper(join(ws, 't.txt'), join(ws, 'tl'))).stop;
    const r = runner();
    for (let i = 0; i < ROUNDS / 2; i++) {
      await r.run({ tool: 'str_replace_editor', args: { command: 'str_replace', path: join(ws, 't.txt'), old_str: 'MARK', new_str: 'MARK.' } });
      await r.run({ tool: 'str_replace_editor', args: { command: 'insert', path: join(ws, 'tl'), insert_line: 0, new_str: 'X' } });
    }
    await stop();
    stop = undefined;
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('MARK\n');
    expect(readdirSync(outside)).toEqual(['target.txt']);
  }, RACE_TIMEOUT_MS);

  it(`views ${ROUNDS} times without returning a hidden file`, async () => {
    symlinkSync(join(home, 'keys'), join(ws, 'l'));
    stop = (await startSwapper(join(ws, 'd'), join(ws, 'l'))).stop;
    const r = runner();
    let shown = 0;
    const leaks: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const v = await r.run({ tool: 'str_replace_editor', args: { command: 'view', path: join(ws, 'd', 'target.txt') } });
      const text = `${v.result.output ?? ''}${v.result.error ?? ''}`;
      if (text.includes('SECRET-KEY')) leaks.push(text);
      if (text.includes('MARK')) shown++;
    }
    expect(leaks).toEqual([]);
    expect(shown).toBeGreaterThan(0);
  }, RACE_TIMEOUT_MS);
});
