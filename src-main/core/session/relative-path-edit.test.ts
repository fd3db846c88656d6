// @lane integration: a session with the real shell
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedModelServer } from '../../../e2e/fixtures/scripted-model-server';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { QueuedHumanPorts } from '../approvals/queued-human-ports';
import { GlassboxSession } from './glassbox-session';

// A real model follows the system prompt ("relative paths are resolved in the workspace") and
// edits `tests/test_calc.py`. The edit must land, and the user must never be asked to approve
// a call that is bound to fail.

vi.setConfig({ testTimeout: 120_000 });

const open: Array<{ close(): Promise<void> } | { dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await ('close' in o ? o.close() : o.dispose());
});

async function setup(): Promise<{ env: NodeJS.ProcessEnv; workspace: string; model: Awaited<ReturnType<typeof startScriptedModelServer>> }> {
  const base = mkdtempSync(join(tmpdir(), 'gb-relpath-'));
  const workspace = join(base, 'ws');
  mkdirSync(join(workspace, 'tests'), { recursive: true });
  const model = await startScriptedModelServer([
    { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'create', path: 'tests/test_calc.py', file_text: 'def test_add():\n    assert 1 + 1 == 2\n' } }] },
    { toolCalls: [{ name: 'str_replace_editor', arguments: { command: 'str_replace', path: 'tests/test_calc.py', old_str: '1 + 1 == 2', new_str: '2 + 2 == 4' } }] },
    { text: 'Added the test.' },
  ]);
  open.push(model);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GLASSBOX_HOME: join(base, 'home'),
    GLASSBOX_LLM_PROVIDER: 'anthropic',
    GLASSBOX_LLM_BASE_URL: model.anthropicBaseURL,
    GLASSBOX_LLM_MODEL: 'scripted',
    GLASSBOX_LLM_API_KEY: 'k-relpath',
    GLASSBOX_DISABLE_BROWSER: '1',
  };
  return { env, workspace, model };
}

describe('a relative-path edit from the model', () => {
  it('asks once per edit with the resolved absolute path and a diff that applies, then lands in the workspace', async () => {
    const { env, workspace } = await setup();
    const ports = new QueuedHumanPorts();
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false, approveMode: 'ask', approvalPort: ports });
    open.push(s);
    const events: GlassboxEvent[] = [];
    s.bus.subscribe('*', (e) => void events.push(e));
    const seen: unknown[] = [];
    // Answer every request as the window would, after looking at what it shows.
    const off = ports.onChange((pending) => {
      for (const p of pending) {
        if (p.kind !== 'approval') continue;
        seen.push(p.preview);
        ports.resolveApproval(p.requestId, 'allow');
      }
    });
    const result = await s.send('add a test for add');
    off();
    const target = join(workspace, 'tests/test_calc.py');
    expect(result).toMatchObject({ reason: 'finished', finalText: 'Added the test.' });
    expect(readFileSync(target, 'utf8')).toBe('def test_add():\n    assert 2 + 2 == 4\n');
    // Two edits, two approvals, each showing where it writes and what it changes — no error.
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ path: target, command: 'create', before: '', created: true });
    expect(seen[1]).toMatchObject({ path: target, command: 'str_replace', after: 'def test_add():\n    assert 2 + 2 == 4\n' });
    for (const p of seen) expect((p as { error?: string }).error).toBeUndefined();
    const ends = events.filter((e): e is Extract<GlassboxEvent, { type: 'tool_execution_end' }> => e.type === 'tool_execution_end');
    expect(ends.map((e) => e.result.error ?? null)).toEqual([null, null]);
    expect(ends[0].result.output).toBe(`File created successfully at: ${target}`);
  });

  it('in auto mode an edit inside the workspace runs without asking', async () => {
    const { env, workspace, model } = await setup();
    const ports = new QueuedHumanPorts();
    const s = await GlassboxSession.create({ workspace, env, withExtensions: false, withMcp: false, approveMode: 'auto', approvalPort: ports });
    open.push(s);
    const events: GlassboxEvent[] = [];
    s.bus.subscribe('*', (e) => void events.push(e));
    expect((await s.send('add a test')).reason).toBe('finished');
    expect(events.filter((e) => e.type === 'approval_requested')).toEqual([]);
    expect(readFileSync(join(workspace, 'tests/test_calc.py'), 'utf8')).toContain('2 + 2 == 4');
    // The model was told what the tool said, with no error.
    const toolResults = JSON.stringify(model.requests[1].body.messages);
    expect(toolResults).toContain(`File created successfully at: ${join(workspace, 'tests/test_calc.py')}`);
    expect(toolResults).not.toContain('is_error');
  });
});
