// @lane integration: real bash in a pty, bwrap, git checkpoints
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { bareSession } from '../../core/session/test-kit';
import { BridgeEndpoint } from '../endpoint';
import { BridgeError } from '../../../src-shared/contract/wire';
import { currentSessionOf } from '../test-kit';
import { WorkbenchBridge } from './bridge';

/** A real session (real str_replace_editor, real runner) as the current session of a real bridge endpoint. */
async function setup() {
  const { session, workspace } = await bareSession('gb-workbench-');
  const events: GlassboxEvent[] = [];
  session.bus.subscribe('*', (e) => void events.push(e));
  const host = new BridgeEndpoint();
  const saved = new Map<string, GlassboxEvent[]>();
  const current = await currentSessionOf(host, session);
  const wb = new WorkbenchBridge({
    host,
    current,
    sessions: {
      load: (id) => {
        const events = saved.get(id);
        if (!events) throw new Error(`no session '${id}'`);
        return { events, skipped: 0 };
      },
    },
  });
  return { session, host, workspace, events, saved, wb, current };
}

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

describe('WorkbenchBridge', () => {
  it('lists edits in order and undo goes through the tool path, restoring the file', async () => {
    const { session, host, workspace, events, wb, current } = await setup();
    cleanup.push(async () => {
      wb.dispose();
      await current.dispose();
    });
    const file = join(workspace, 'a.py');
    writeFileSync(file, 'x = 1\n');
    await session.runner.run({ tool: 'str_replace_editor', args: { command: 'str_replace', path: file, old_str: 'x = 1', new_str: 'x = 2' } });
    await session.runner.run({ tool: 'str_replace_editor', args: { command: 'str_replace', path: file, old_str: 'x = 2', new_str: 'x = 3' } });
    const edits = await host.invoke('edits.list');
    expect(edits.map((e) => [e.path, e.before, e.after])).toEqual([
      [file, 'x = 1\n', 'x = 2\n'],
      [file, 'x = 2\n', 'x = 3\n'],
    ]);
    const undo = await host.invoke('edits.undo', file);
    expect(undo.ok).toBe(true);
    expect(undo.text).toBe('Restored a.py to before the last edit.');
    expect(readFileSync(file, 'utf8')).toBe('x = 2\n');
    // Recorded like any call: a tool_execution_end of str_replace_editor with undo_edit.
    expect(events.filter((e) => e.type === 'tool_execution_start' && (e.args as { command?: string }).command === 'undo_edit')).toHaveLength(1);
    expect((await host.invoke('edits.list')).at(-1)).toMatchObject({ command: 'undo_edit', before: 'x = 3\n', after: 'x = 2\n' });
  });

  it('replays a call with edited args, recorded with replayOf, and diffs the results', async () => {
    const { session, host, workspace, events, wb, current } = await setup();
    cleanup.push(async () => {
      wb.dispose();
      await current.dispose();
    });
    const file = join(workspace, 'b.txt');
    writeFileSync(file, 'one\ntwo\nthree\n');
    const first = await session.runner.run({ tool: 'str_replace_editor', args: { command: 'view', path: file, view_range: [1, 1] } });
    const prep = await host.invoke('replay.prepare', first.callId);
    expect(prep.call.args).toEqual({ command: 'view', path: file, view_range: [1, 1] });
    expect(prep.schema).toMatchObject({ type: 'object' });

    const same = await host.invoke('replay.run', { callId: first.callId });
    expect(same.equal).toBe(true);
    const edited = await host.invoke('replay.run', { callId: first.callId, args: { command: 'view', path: file, view_range: [2, 2] } });
    expect(edited.equal).toBe(false);
    expect(edited.diff).toContain('-     1\tone');
    expect(edited.diff).toContain('+     2\ttwo');
    const replayEnd = events.find((e) => e.type === 'tool_execution_end' && e.callId === edited.callId);
    expect(replayEnd).toMatchObject({ replayOf: first.callId });
  });

  it('refuses replay args that break the schema, before running anything', async () => {
    const { session, host, workspace, events, wb, current } = await setup();
    cleanup.push(async () => {
      wb.dispose();
      await current.dispose();
    });
    const first = await session.runner.run({ tool: 'str_replace_editor', args: { command: 'view', path: workspace } });
    const before = events.length;
    const err = await host.invoke('replay.run', { callId: first.callId, args: { command: 'explode', path: workspace } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).code).toBe('BAD_ARGS');
    expect((err as BridgeError).message).toContain("'command' must be one of");
    expect(events.length).toBe(before);
  });

  it('loads a saved session for the timeline without running anything, and says when it is missing', async () => {
    const { host, saved, wb, current } = await setup();
    cleanup.push(async () => {
      wb.dispose();
      await current.dispose();
    });
    const recorded: GlassboxEvent[] = [{ seq: 1, ts: 5, session: 'old', type: 'agent_start', task: 'hello' }];
    saved.set('old', recorded);
    expect(await host.invoke('timeline.load', 'old')).toEqual({ id: 'old', events: recorded, skipped: 0 });
    await expect(host.invoke('timeline.load', 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
