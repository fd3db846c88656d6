import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { ToolHooks } from '../tools/tool-hooks';
import { EditHistory } from '../tools/editor/edit-history';
import { StrReplaceEditor } from '../tools/editor/str-replace-editor';
import { ToolCollection } from '../tools/tool-collection';
import { ToolRunner } from '../tools/tool-runner';
import type { ApprovalPort, ApprovalRequest } from './types';
import { PolicyApprovalGate } from './policy-approval-gate';

function setup(rules: { tool: string; match: string; decision: 'allow' | 'deny' | 'ask' }[] = []) {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-origin-')));
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'glassbox-origin-home-')));
  const bus = new EventBus('s');
  const events: GlassboxEvent[] = [];
  bus.subscribe('*', (e) => void events.push(e));
  const asked: ApprovalRequest[] = [];
  const port: ApprovalPort = { request: async (r) => (asked.push(r), { decision: 'allow', by: 'human' }) };
  const tools = new ToolCollection([new StrReplaceEditor({ history: EditHistory.forHome(home) })]);
  const approvals = new PolicyApprovalGate({ mode: 'ask', rules, workspace: ws, port, bus });
  const runner = new ToolRunner({ tools, hooks: new ToolHooks(), workspace: ws, home, bus, approvals });
  return { ws, events, asked, runner };
}

describe("the user's own actions", () => {
  it('run without an approval dialog and are recorded as the user\'s (origin on start and end)', async () => {
    const { ws, events, asked, runner } = setup();
    const f = join(ws, 'a.txt');
    writeFileSync(f, 'old\n');
    // The model's edit asks …
    await runner.run({ callId: 'm1', tool: 'str_replace_editor', args: { command: 'str_replace', path: f, old_str: 'old', new_str: 'new' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.preview).toBeUndefined(); // no preview wired in this gate
    // … the user's undo does not.
    const out = await runner.run({ callId: 'u1', tool: 'str_replace_editor', args: { command: 'undo_edit', path: f }, origin: 'user' });
    expect(out.result.error).toBeUndefined();
    expect(asked).toHaveLength(1);
    expect(readFileSync(f, 'utf8')).toBe('old\n');
    const mine = events.filter((e) => 'callId' in e && e.callId === 'u1');
    expect(mine.map((e) => e.type)).toEqual(['tool_execution_start', 'tool_execution_end']);
    expect(mine.every((e) => (e as { origin?: string }).origin === 'user')).toBe(true);
    expect(events.filter((e) => 'callId' in e && e.callId === 'm1').some((e) => 'origin' in e)).toBe(false);
  });

  it('a deny rule still denies the user', async () => {
    const { ws, asked, runner } = setup([{ tool: 'str_replace_editor', match: '**', decision: 'deny' }]);
    const out = await runner.run({ tool: 'str_replace_editor', args: { command: 'create', path: join(ws, 'x.txt'), file_text: 'x' }, origin: 'user' });
    expect(out.blocked).toBe(true);
    expect(asked).toHaveLength(0);
  });

  it("the user's replay of a call that was denied asks again, showing the recorded decision", async () => {
    const { ws, asked, runner } = setup();
    const out = await runner.run({
      tool: 'str_replace_editor',
      args: { command: 'create', path: join(ws, 'y.txt'), file_text: 'y' },
      origin: 'user',
      replayOf: 'old_call',
      recordedApproval: { decision: 'deny', by: 'human' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.reasons.join(' ')).toMatch(/denied by human/);
    expect(out.result.error).toBeUndefined();
  });
});
